import { options } from "preact";
import { type ReactNode, StrictMode, useEffect } from "react";
import { hydrateRoot } from "react-dom/client";
import { PageProvider } from "#app/client/router.ts";
import { readPageData } from "#app/client/page-data.tsx";
import { createTranslate } from "./i18n/i18n.ts";
import { registerMessages } from "./i18n/messages.ts";
import { TextsContext } from "./i18n/texts-context.ts";

/**
 * The browser's one script of its own (decision 036): it hydrates the page's content, `<main>`,
 * with the route's component and the data the server rendered it from (app/client/page-scripts.server.tsx),
 * on Preact (vite.config.ts). Everything else on the page (header, footer) is the server's markup,
 * and every link and form loads the next page from the server. What the claimant typed before this
 * ran stays: hydrating never changes a field's value.
 */
// Preact writes a prop that is no DOM property as an attribute with the value's text: autoFocus on
// an element it creates (an error summary shown after a scripted post) became autofocus="true",
// which HTML refuses (a boolean attribute is present and empty, or absent).
const nextVnode = options.vnode;
options.vnode = (vnode) => {
  const props = vnode.props as Record<string, unknown>;
  if (typeof vnode.type === "string" && props.autoFocus === true) {
    delete props.autoFocus;
    props.autofocus = "";
  }
  nextVnode?.(vnode);
};

const page = readPageData(document);
const main = document.getElementById("main-content");
if (page && main) {
  const [route, texts] = await Promise.all([
    import(/* @vite-ignore */ page.module),
    import(/* @vite-ignore */ page.texts),
  ]);
  const messages = texts.default as Record<string, string>;
  registerMessages({ [page.culture]: messages });
  const Page = route.default;
  hydrateRoot(
    main,
    <StrictMode>
      <Enhanced>
        <PageProvider initial={{ ...page, handle: route.handle }}>
          <TextsContext.Provider value={{ culture: page.culture, text: createTranslate(messages, page.culture) }}>
            <Page />
          </TextsContext.Provider>
        </PageProvider>
      </Enhanced>
    </StrictMode>,
  );
} else document.documentElement.dataset.enhanced = "";

/**
 * Marks the page enhanced once the page's own effects have run (its timers started, its calendar
 * asked for): what the tests and the browser bench wait for (tests/bench/browser.ts). An outer
 * component's effects run after those of the components inside it.
 */
function Enhanced({ children }: { children: ReactNode }) {
  useEffect(() => {
    document.documentElement.dataset.enhanced = "";
  }, []);
  return children;
}
