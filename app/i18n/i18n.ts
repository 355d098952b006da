import { createInstance, type i18n } from "i18next";
import type { Messages } from "./locales.server.ts";

export const DEFAULT_CULTURE = "en";

/**
 * An i18next instance for one culture, built from texts already at hand (the server's locale files,
 * or the root loader's data in the browser), so it initialises synchronously and renders the same
 * text on both sides. SPEC §1: a missing key shows the key itself; templates are {0}, {1}.
 */
export function createPortalI18n(culture: string, messages: Messages): i18n {
  const instance = createInstance();
  void instance.init({
    lng: culture,
    fallbackLng: false,
    resources: { [culture]: { translation: messages } },
    initAsync: false,
    keySeparator: false,
    nsSeparator: false,
    returnNull: false,
    returnEmptyString: false,
    interpolation: { prefix: "{", suffix: "}", escapeValue: false },
  });
  return instance;
}

/**
 * Text by key, with positional arguments filling {0}, {1}, … or, given one object, named ones
 * ({max}, {min}: SPEC §5's validation templates).
 */
export type Translate = (key: string, ...args: Array<string | number> | [Record<string, string | number>]) => string;

export function translator(instance: i18n): Translate {
  return (key, ...args) => {
    const [first] = args;
    if (args.length === 1 && typeof first === "object") return instance.t(key, first);
    const values: Record<string, string | number> = {};
    args.forEach((value, index) => {
      values[index] = value as string | number;
    });
    return instance.t(key, values);
  };
}
