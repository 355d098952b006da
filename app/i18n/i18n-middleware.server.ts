import { createI18nextMiddleware } from "remix-i18next";
import { getPortal } from "#app/settlement/portal.server.ts";
import { DEFAULT_CULTURE } from "./i18n.ts";

const { settlement, messages } = getPortal();

/**
 * Picks the request's culture from the `culture` query parameter (SPEC §2 guard 1), falling back to
 * en for a missing or unsupported one, and gives loaders and actions a translator for it.
 */
export const [i18nMiddleware, getCulture, getI18n] = createI18nextMiddleware({
  detection: {
    supportedLanguages: settlement.cultures,
    fallbackLanguage: DEFAULT_CULTURE,
    searchParamKey: "culture",
    order: ["searchParams"],
  },
  i18next: {
    resources: Object.fromEntries(Object.entries(messages).map(([culture, texts]) => [culture, { translation: texts }])),
    fallbackLng: false,
    keySeparator: false,
    nsSeparator: false,
    interpolation: { prefix: "{", suffix: "}", escapeValue: false },
  },
});
