import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { SettlementConfigError } from "#app/settlement/config-error.ts";

export type Messages = Record<string, string>;

/**
 * SPEC §1: localized text must not contain p, li, ul or ol markup (the layout owns block structure;
 * texts are rendered as plain text). Checked for every key when locales load.
 */
const FORBIDDEN_MARKUP = /<\s*\/?\s*(p|li|ul|ol)(\s[^>]*)?\/?\s*>/i;

export function findForbiddenMarkup(messages: Messages): string[] {
  return Object.entries(messages)
    .filter(([, value]) => FORBIDDEN_MARKUP.test(value))
    .map(([key]) => key);
}

export function readLocaleFile(file: string): Messages {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new SettlementConfigError(`${file}: not valid JSON: ${(error as Error).message}`);
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    throw new SettlementConfigError(`${file}: expected an object of key to text`);
  }
  for (const [key, value] of Object.entries(parsed)) {
    if (typeof value !== "string") throw new SettlementConfigError(`${file}: at ${key}: expected a string`);
  }
  const messages = parsed as Messages;
  const bad = findForbiddenMarkup(messages);
  if (bad.length > 0) {
    throw new SettlementConfigError(
      `${file}: at ${bad.join(", ")}: localized text must not contain p, li, ul or ol markup`,
    );
  }
  return messages;
}

/**
 * The portal's texts for each culture: locales/<culture>.json, overlaid by the settlement's own
 * <settlement>/locales/<culture>.json where the operator rewords a text for this case.
 */
export function loadLocales(localesDir: string, settlementDir: string, cultures: string[]): Record<string, Messages> {
  const locales: Record<string, Messages> = {};
  for (const culture of cultures) {
    const base = path.join(localesDir, `${culture}.json`);
    if (!existsSync(base))
      throw new SettlementConfigError(
        `${base}: missing: culture "${culture}" is listed in settlement.json but has no locale file`,
      );
    const override = path.join(settlementDir, "locales", `${culture}.json`);
    locales[culture] = { ...readLocaleFile(base), ...(existsSync(override) ? readLocaleFile(override) : {}) };
  }
  return locales;
}
