import { DECIMAL_15PRECISION } from "./decimal.ts";
import { SLASH_DELIMITED_FULL_DATE } from "./full-date.ts";
import { INTEGER_16 } from "./integer.ts";
import type { Mask } from "./mask.ts";
import { CURRENCY_COMMA_DELIMITED, CURRENCY_COMMA_DELIMITED_WITH_DECIMALS } from "./money.ts";
import { none } from "./none.ts";
import { INTERNATIONAL_PHONE_NUMBER, USA_PHONE_NUMBER } from "./phone.ts";
import { VIN } from "./vin.ts";
import { ZIP_CODE, ZIP_CODE_NON_US } from "./zip.ts";

export { type Mask, type MaskResult, shownAs } from "./mask.ts";

/** Every mask by its SPEC §3 name: adding one is a module beside these and a line here. */
const MASKS = {
  none,
  DECIMAL_15PRECISION,
  CURRENCY_COMMA_DELIMITED,
  CURRENCY_COMMA_DELIMITED_WITH_DECIMALS,
  SLASH_DELIMITED_FULL_DATE,
  USA_PHONE_NUMBER,
  INTEGER_16,
  INTERNATIONAL_PHONE_NUMBER,
  VIN,
  ZIP_CODE,
  ZIP_CODE_NON_US,
} satisfies Record<string, Mask>;

export type MaskName = keyof typeof MASKS;
export const MASK_NAMES = Object.keys(MASKS) as [MaskName, ...MaskName[]];

export function isMaskName(name: string): name is MaskName {
  return Object.hasOwn(MASKS, name);
}

/** SPEC §5: an unregistered mask type raises an error. */
export function maskFor(name: string | undefined | null): Mask {
  const key = name ?? "none";
  if (!isMaskName(key)) throw new Error(`Unregistered mask type: ${key}`);
  return MASKS[key];
}
