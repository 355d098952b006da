import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { getPortal } from "#app/settlement/portal.server.ts";
import { DEFAULT_CULTURE, type Translate, createTranslate } from "./i18n.ts";

const cultureContext = createContext<string>(DEFAULT_CULTURE);

/**
 * SPEC §2 route guard 1: the culture is the `culture` query parameter when the settlement offers
 * it, else en. Set for every request before loaders, actions and other guards run.
 */
export const cultureMiddleware: MiddlewareFunction<Response> = ({ url, context }) => {
  const requested = url.searchParams.get("culture");
  context.set(
    cultureContext,
    requested && getPortal().settlement.cultures.includes(requested) ? requested : DEFAULT_CULTURE,
  );
};

export function getCulture(context: Readonly<RouterContextProvider>): string {
  return context.get(cultureContext);
}

/** The request's texts, for messages a loader or action produces. */
export function getTranslate(context: Readonly<RouterContextProvider>): Translate {
  const culture = getCulture(context);
  return createTranslate(getPortal().messages[culture] ?? {}, culture);
}
