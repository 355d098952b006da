import { randomInt } from "node:crypto";
import { FLOWS } from "#app/flow-registry/flows.ts";
import type { FormType } from "#app/flow-registry/form-type.ts";

/** Crockford's base32 without I, L, O and U: easy to read out over the phone. */
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** An unguessable reference code per form type: "AUT-7K3M-9QXW-2HDF" (60 random bits). */
export function newReferenceCode(formType: FormType): string {
  const groups = Array.from({ length: 3 }, () =>
    Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join(""),
  );
  return [FLOWS[formType].referenceCodePrefix, ...groups].join("-");
}
