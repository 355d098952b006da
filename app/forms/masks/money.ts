import { type Mask, ungrouped, withoutSpaces } from "./mask.ts";

/**
 * Amounts of money (SPEC §3 CURRENCY_COMMA_DELIMITED[_WITH_DECIMALS]), kept as decimal strings end
 * to end: never a floating-point number, so 12345678901234567890.45 stays exactly that. Commas are
 * read only as thousands separators in their places (`ungrouped`).
 */

/** The whole part's digits without leading zeros ("0" for none). */
const wholeDigits = (digits: string) => digits.replace(/^0+(?=\d)/, "") || "0";

export const groupThousands = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");

/** What an amount looks like once the $ a claimant may write and any spaces are set aside. */
const amountText = (typed: string) => withoutSpaces(typed).replace(/^\$/, "");

/** Whole dollars: 1,250 → "1250". "1,250.00" is whole too; "99.50" is not, and is refused. */
export const CURRENCY_COMMA_DELIMITED: Mask = {
  parse: (typed) => {
    const match = /^([\d,]+)(\.0{0,2})?$/.exec(amountText(typed));
    const digits = match && ungrouped(match[1]!);
    return digits ? { value: wholeDigits(digits) } : { errorKey: "Mask_Currency" };
  },
  format: (value) => groupThousands(value),
  inputMode: "numeric",
};

/** Dollars and cents: 1,250.5 → "1250.50"; .99 → "0.99". */
export const CURRENCY_COMMA_DELIMITED_WITH_DECIMALS: Mask = {
  parse: (typed) => {
    const match = /^([\d,]*)(?:\.(\d{0,2}))?$/.exec(amountText(typed));
    const digits = match && (match[1] === "" ? (match[2] ? "0" : undefined) : ungrouped(match[1]!));
    if (!digits) return { errorKey: "Mask_CurrencyDecimals" };
    return { value: `${wholeDigits(digits)}.${(match[2] ?? "").padEnd(2, "0")}` };
  },
  format: (value) => {
    const [whole = "0", cents = "00"] = value.split(".");
    return `${groupThousands(whole)}.${cents}`;
  },
  inputMode: "decimal",
};
