import type { Messages } from "./locales.server.ts";

export const DEFAULT_CULTURE = "en";

/**
 * Text by key, with positional arguments filling {0}, {1}, … or, given one object, named ones
 * ({max}, {min}: SPEC §5's validation templates).
 */
export type Translate = (key: string, ...args: Array<string | number> | [Record<string, string | number>]) => string;

const PLACEHOLDER = /\{(\w+)\}/g;

/**
 * SPEC §1: text comes by key, an untranslated key shows the key itself, and templates replace {0},
 * {1} with arguments. The same few lines run on the server and in the browser, so both render the
 * same text (docs/decisions/007-javascript-budget.md).
 */
export function createTranslate(messages: Messages): Translate {
  return (key, ...args) => {
    const template = Object.hasOwn(messages, key) ? messages[key]! : key;
    const [first] = args;
    const values: Record<string, string | number> =
      args.length === 1 && typeof first === "object"
        ? first
        : Object.fromEntries(args.map((value, index) => [index, value as string | number]));
    return template.replace(PLACEHOLDER, (placeholder, name: string) =>
      Object.hasOwn(values, name) ? String(values[name]) : placeholder,
    );
  };
}
