import { useEffect, useMemo } from "react";
import {
  Links,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunction,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import { createTranslate, DEFAULT_CULTURE } from "./i18n/i18n.ts";
import { messagesFor } from "./i18n/messages.ts";
import { TextsContext } from "./i18n/texts-context.ts";
import { textsAsset } from "./i18n/texts-asset.server.ts";
import { cultureMiddleware, getCulture } from "./i18n/culture-middleware.server.ts";
import { useNonce, useRequestId } from "./request-context.ts";
import { getPortal } from "./settlement/portal.server.ts";
import { SessionRefresh } from "./components/SessionRefresh.tsx";
import { layoutModel } from "./themes/layout-model.server.ts";
import { ThemeLayout } from "./themes/ThemeLayout.tsx";
import { THEME_STYLESHEETS } from "./themes/themes.ts";

export const middleware: Route.MiddlewareFunction[] = [cultureMiddleware];

export function loader({ context }: Route.LoaderArgs) {
  const culture = getCulture(context);
  const portal = getPortal();
  return { culture, textsUrl: textsAsset(culture).path, layout: layoutModel(portal, culture) };
}

/** Texts and layout only change with the culture; other navigations reuse them. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl }) =>
  currentUrl.searchParams.get("culture") !== nextUrl.searchParams.get("culture");

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const nonce = useNonce();
  const requestId = useRequestId();
  const culture = data?.culture ?? DEFAULT_CULTURE;
  const messages = messagesFor(culture);
  const texts = useMemo(() => ({ culture, text: createTranslate(messages ?? {}, culture) }), [culture, messages]);
  // Language controls reload the document, so a culture's texts are always loaded with its page;
  // should a navigation reach another culture anyway, load that page afresh rather than show keys.
  useEffect(() => {
    if (data && !messages) window.location.reload();
  }, [data, messages]);
  const stylesheet = THEME_STYLESHEETS[data?.layout.theme ?? "jnd-7-0-default"];
  return (
    <html lang={culture} data-theme="light">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* The page's request id: the browser's error page quotes it when no later request failed. */}
        <meta name="request-id" content={requestId} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="stylesheet" href={stylesheet} />
        <Links />
        <SessionRefresh />
        {/* Before the page's modules: the texts they hydrate with. */}
        {data && <script nonce={nonce} src={data.textsUrl} />}
      </head>
      <body>
        <TextsContext.Provider value={texts}>
          {data ? <ThemeLayout model={data.layout}>{children}</ThemeLayout> : children}
        </TextsContext.Provider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export { RouteErrorBoundary as ErrorBoundary } from "./components/RouteErrorBoundary.tsx";
