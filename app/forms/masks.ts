import { formatClaimantDate, parseClaimantDate } from "./claimant-dates.ts";

export const MASK_NAMES = [
  "none",
  "DECIMAL_15PRECISION",
  "CURRENCY_COMMA_DELIMITED",
  "CURRENCY_COMMA_DELIMITED_WITH_DECIMALS",
  "SLASH_DELIMITED_FULL_DATE",
  "USA_PHONE_NUMBER",
  "INTEGER_16",
  "INTERNATIONAL_PHONE_NUMBER",
  "VIN",
  "ZIP_CODE",
  "ZIP_CODE_NON_US",
] as const;
export type MaskName = (typeof MASK_NAMES)[number];

/** A mask's verdict on what the claimant typed: the value to store, or the key of the message to show. */
export type MaskResult = { value: string } | { errorKey: string };

export interface Mask {
  /** The server's own check: it never trusts that the browser applied the mask. */
  normalize: (raw: string) => MaskResult;
  /** Shown in the empty input (SPEC §5: mm/dd/yyyy and (123) 456-7890). */
  placeholder?: string;
  /** Tidies what is typed, keystroke by keystroke (the whole value, each time: nothing can race). */
  format?: (typed: string) => string;
  maxLength?: number;
  inputMode?: "numeric" | "decimal" | "tel" | "text";
}

const groupThousands = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");

function currencyFormat(withDecimals: boolean) {
  return (typed: string) => {
    const cleaned = typed.replace(withDecimals ? /[^\d.]/g : /\D/g, "");
    const [whole = "", ...rest] = cleaned.split(".");
    const grouped = groupThousands(whole.replace(/^0+(?=\d)/, ""));
    return withDecimals && rest.length > 0 ? `${grouped}.${rest.join("").slice(0, 2)}` : grouped;
  };
}

const MASKS: Record<MaskName, Mask> = {
  none: { normalize: (raw) => ({ value: raw.trim() }) },
  DECIMAL_15PRECISION: {
    normalize: (raw) => {
      const value = raw.replace(/\s/g, "");
      return /^(\d+(\.\d*)?|\.\d+)$/.test(value) && value.length <= 16 ? { value } : { errorKey: "Mask_Decimal" };
    },
    format: (typed) => typed.replace(/[^\d.]/g, "").replace(/(\..*)\./g, "$1").slice(0, 16),
    maxLength: 16,
    inputMode: "decimal",
  },
  CURRENCY_COMMA_DELIMITED: {
    normalize: (raw) => {
      const value = raw.replace(/[\s$]/g, "");
      return /^(\d{1,3}(,\d{3})+|\d+)$/.test(value) ? { value: String(Number(value.replace(/,/g, ""))) } : { errorKey: "Mask_Currency" };
    },
    format: currencyFormat(false),
    inputMode: "numeric",
  },
  CURRENCY_COMMA_DELIMITED_WITH_DECIMALS: {
    normalize: (raw) => {
      const value = raw.replace(/[\s$]/g, "");
      if (!/^(\d{1,3}(,\d{3})+|\d+)(\.\d{1,2})?$/.test(value)) return { errorKey: "Mask_CurrencyDecimals" };
      const [whole = "0", cents = ""] = value.replace(/,/g, "").split(".");
      return { value: `${String(Number(whole))}.${cents.padEnd(2, "0")}` };
    },
    format: currencyFormat(true),
    inputMode: "decimal",
  },
  SLASH_DELIMITED_FULL_DATE: {
    normalize: (raw) => {
      const date = parseClaimantDate(raw);
      return date ? { value: formatClaimantDate(date) } : { errorKey: "Validation_DateFormat" };
    },
    placeholder: "mm/dd/yyyy",
    // Completes the slashes as month and day are typed; a slash typed early allows a one-digit part.
    format: (typed) => {
      const parts = typed.replace(/[^\d/]/g, "").split("/");
      const [month = "", day = "", year = ""] = parts;
      if (parts.length === 1) return month.length > 2 ? `${month.slice(0, 2)}/${month.slice(2, 4)}${month.length > 4 ? `/${month.slice(4, 8)}` : ""}` : month;
      if (parts.length === 2) return day.length > 2 ? `${month}/${day.slice(0, 2)}/${day.slice(2, 6)}` : `${month}/${day}`;
      return `${month}/${day}/${year.slice(0, 4)}`;
    },
    maxLength: 10,
    inputMode: "numeric",
  },
  USA_PHONE_NUMBER: {
    normalize: (raw) => {
      let digits = raw.replace(/\D/g, "");
      if (digits.length === 11 && digits.startsWith("1")) digits = digits.slice(1);
      return digits.length === 10 && /^[2-9]/.test(digits)
        ? { value: `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` }
        : { errorKey: "Mask_UsaPhone" };
    },
    placeholder: "(123) 456-7890",
    format: (typed) => {
      const digits = typed.replace(/\D/g, "").replace(/^1(?=\d{10})/, "").slice(0, 10);
      if (digits.length === 0) return "";
      if (digits.length <= 3) return `(${digits}`;
      if (digits.length <= 6) return `(${digits.slice(0, 3)}) ${digits.slice(3)}`;
      return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
    },
    maxLength: 14,
    inputMode: "tel",
  },
  INTEGER_16: {
    normalize: (raw) => {
      const value = raw.replace(/\s/g, "");
      return /^\d{1,16}$/.test(value) ? { value } : { errorKey: "Mask_Integer" };
    },
    format: (typed) => typed.replace(/\D/g, "").slice(0, 16),
    maxLength: 16,
    inputMode: "numeric",
  },
  INTERNATIONAL_PHONE_NUMBER: {
    normalize: (raw) => {
      const compact = raw.replace(/[\s().-]/g, "");
      return /^\+?\d{1,16}$/.test(compact) ? { value: compact } : { errorKey: "Mask_InternationalPhone" };
    },
    format: (typed) => {
      const plus = typed.trimStart().startsWith("+") ? "+" : "";
      return plus + typed.replace(/\D/g, "").slice(0, 16);
    },
    maxLength: 17,
    inputMode: "tel",
  },
  VIN: {
    normalize: (raw) => {
      const value = raw.replace(/\s/g, "").toUpperCase();
      return /^[A-Z0-9]{1,17}$/.test(value) ? { value } : { errorKey: "Mask_Vin" };
    },
    format: (typed) => typed.replace(/[^A-Za-z0-9]/g, "").toUpperCase().slice(0, 17),
    maxLength: 17,
    inputMode: "text",
  },
  ZIP_CODE: {
    normalize: (raw) => {
      const match = /^(\d{5})-?(\d{4})?$/.exec(raw.trim());
      return match ? { value: match[2] ? `${match[1]}-${match[2]}` : match[1]! } : { errorKey: "Mask_Zip" };
    },
    format: (typed) => {
      const digits = typed.replace(/\D/g, "").slice(0, 9);
      return digits.length > 5 ? `${digits.slice(0, 5)}-${digits.slice(5)}` : digits;
    },
    maxLength: 10,
    inputMode: "numeric",
  },
  ZIP_CODE_NON_US: {
    normalize: (raw) => {
      const value = raw.trim().replace(/\s+/g, " ").toUpperCase();
      return /^[A-Z0-9 ]{1,10}$/.test(value) ? { value } : { errorKey: "Mask_ZipNonUs" };
    },
    format: (typed) => typed.replace(/[^A-Za-z0-9 ]/g, "").toUpperCase().slice(0, 10),
    maxLength: 10,
  },
};

export function isMaskName(name: string): name is MaskName {
  return Object.hasOwn(MASKS, name);
}

/** SPEC §5: an unregistered mask type raises an error. */
export function maskFor(name: string | undefined | null): Mask {
  const key = name ?? "none";
  if (!isMaskName(key)) throw new Error(`Unregistered mask type: ${key}`);
  return MASKS[key];
}
