import { maskFor } from "../../masks/index.ts";
import type { NormalizeField } from "../field-kind.ts";

/** Free text as typed, or what its mask reads (text-kind.ts). */
export const normalizeText: NormalizeField = (field, typed, { maskOverride, dateOrder }) => {
  const read = maskFor(maskOverride ?? field.maskName).parse(typed, dateOrder);
  if ("value" in read) return read;
  // The field's own format message says what the answer is ("A PIN has 6 digits"); the mask's
  // speaks of any value it takes ("up to 16 digits"), wrong for a PIN (issue 26).
  const format = field.validations.find((rule) => rule.type === "regularExpression" && rule.message);
  return format?.message ? { key: format.message } : { key: read.errorKey, params: read.params };
};
