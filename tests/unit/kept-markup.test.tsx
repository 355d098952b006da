import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type StaticHandlerContext } from "react-router";
import { describe, expect, test } from "vitest";
import { KeepMarkupContext, KeptMarkup } from "#app/components/KeptMarkup.tsx";
import { keepMarkup } from "#app/components/kept-markup.server.tsx";
import { PortalLink } from "#app/components/PortalLink.tsx";
import { createTranslate } from "#app/i18n/i18n.ts";
import { TextsContext } from "#app/i18n/texts-context.ts";

/** A page as the server renders it with kept markup, or renders it afresh (without). */
async function page(part: React.ReactNode, onServer: boolean) {
  const { query, dataRoutes } = createStaticHandler([{ path: "*", element: part }]);
  const context = (await query(new Request("http://portal.test/standard?culture=es"))) as StaticHandlerContext;
  const router = createStaticRouter(dataRoutes, context);
  const tree = (
    <TextsContext.Provider value={{ culture: "es", text: createTranslate({ Menu: "Menú" }) }}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </TextsContext.Provider>
  );
  return renderToString(
    onServer ? <KeepMarkupContext.Provider value={keepMarkup}>{tree}</KeepMarkupContext.Provider> : tree,
  );
}

describe("KeptMarkup", () => {
  const menu = (label: string) => (
    <KeptMarkup as="details" className="header-menu" cacheKey={`test menu ${label}`}>
      <summary>{label}</summary>
      <PortalLink to="/lookup">VIN {label}</PortalLink>
    </KeptMarkup>
  );

  test("writes the very markup the part renders afresh (a router link included)", async () => {
    const afresh = await page(menu("a"), false);
    expect(afresh).toContain('<details class="header-menu"><summary>a</summary><a href="/lookup?culture=es"');
    expect(await page(menu("a"), true)).toBe(afresh);
  });

  test("keeps the first markup of a key: a key must name everything the part shows", async () => {
    const first = await page(menu("b"), true);
    const kept = await page(
      <KeptMarkup as="details" className="header-menu" cacheKey="test menu b">
        <summary>another</summary>
      </KeptMarkup>,
      true,
    );
    expect(kept).toBe(first);
  });
});
