import { Outlet, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
import { createTranslate, DEFAULT_CULTURE } from "./i18n/i18n.ts";
import { messagesFor } from "./i18n/messages.ts";
import { TextsContext } from "./i18n/texts-context.ts";
import { cultureMiddleware, getCulture } from "./i18n/culture-middleware.server.ts";
import { pagePostMiddleware } from "./http/page-post.server.ts";
import { PageDataPlace, PageLoaderPlace } from "./client/page-data.tsx";
import { getPortal } from "./settlement/portal.server.ts";
import { SessionRefresh } from "./components/SessionRefresh.tsx";
import { layoutModel } from "./themes/layout-model.server.ts";
import { ThemeLayout } from "./themes/ThemeLayout.tsx";
import { ThemeStylesPlace } from "./themes/ThemeStylesPlace.tsx";

export const middleware: Route.MiddlewareFunction[] = [cultureMiddleware, pagePostMiddleware];

export function loader({ context }: Route.LoaderArgs) {
  const culture = getCulture(context);
  const portal = getPortal();
  return { culture, layout: layoutModel(portal, culture) };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const culture = data?.culture ?? DEFAULT_CULTURE;
  const messages = messagesFor(culture);
  const texts = { culture, text: createTranslate(messages ?? {}, culture) };
  return (
    <html lang={culture} data-theme="light">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {data && <PageLoaderPlace />}
        <ThemeStylesPlace theme={data?.layout.theme ?? "jnd-7-0-default"} />
        <SessionRefresh />
      </head>
      <body>
        <TextsContext.Provider value={texts}>
          {data ? <ThemeLayout model={data.layout}>{children}</ThemeLayout> : children}
        </TextsContext.Provider>
        {data && <PageDataPlace culture={culture} />}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export { RouteErrorBoundary as ErrorBoundary } from "./components/RouteErrorBoundary.tsx";
