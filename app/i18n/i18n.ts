import type { Messages } from "./locales.server.ts";

export const DEFAULT_CULTURE = "en";

/**
 * Text by key, with positional arguments filling {0}, {1}, … or, given one object, named ones
 * ({max}, {min}: SPEC §5's validation templates).
 */
export type Translate = (key: string, ...args: Array<string | number> | [Record<string, string | number>]) => string;

const PLACEHOLDER = /\{(\w+)\}/g;

/** One translate function per culture's texts: a stable key for what is worked out from them (option lists). */
const translates = new WeakMap<Messages, Map<string, Translate>>();

/** Plural rules by culture, made once: making one costs more than choosing with it. */
const pluralRules = new Map<string, Intl.PluralRules>();

function pluralRulesOf(culture: string): Intl.PluralRules {
  let rules = pluralRules.get(culture);
  if (!rules) {
    rules = new Intl.PluralRules(culture);
    pluralRules.set(culture, rules);
  }
  return rules;
}

/**
 * SPEC §1: text comes by key, an untranslated key shows the key itself, and templates replace {0},
 * {1} with arguments. The same few lines run on the server and in the browser, so both render the
 * same text (docs/decisions/007-javascript-budget.md). A text asked for without arguments is its
 * template as is (a page asks for a few hundred, the names of countries among them): placeholders
 * are only replaced by arguments given, so there is nothing to replace.
 *
 * A text that depends on a number has a form per plural category of the culture (Intl.PluralRules):
 * asked for as `text("Files", { count })`, it is `Files_one` or `Files_other` (Spanish and English
 * have these two; other languages add `_few`, `_many`…), and `Files_other` when the culture's
 * category has no text of its own. Never "file(s)": docs/decisions/034-dates-as-claimants-type-them.md.
 */
export function createTranslate(messages: Messages, culture: string = DEFAULT_CULTURE): Translate {
  const known = translates.get(messages)?.get(culture);
  if (known) return known;
  // A Map, not the object: a culture's texts (~340 keys) are a dictionary-mode object, slow to look
  // up in, and a page looks up ~50 of them on every render (issue 14).
  const templates = new Map(Object.entries(messages));
  const translate: Translate = (key, ...args) => {
    const [first] = args;
    const count = typeof first === "object" && typeof first.count === "number" ? first.count : undefined;
    const template =
      templates.get(key) ??
      (count === undefined
        ? undefined
        : (templates.get(`${key}_${pluralRulesOf(culture).select(count)}`) ?? templates.get(`${key}_other`))) ??
      key;
    if (args.length === 0) return template;
    const values: Record<string, string | number> =
      args.length === 1 && typeof first === "object"
        ? first
        : Object.fromEntries(args.map((value, index) => [index, value as string | number]));
    return template.replace(PLACEHOLDER, (placeholder, name: string) =>
      Object.hasOwn(values, name) ? String(values[name]) : placeholder,
    );
  };
  translates.set(messages, (translates.get(messages) ?? new Map()).set(culture, translate));
  return translate;
}
