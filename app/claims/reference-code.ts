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

/**
 * A reference code as a claimant types it, in the form it was given: in any case, with or without
 * its hyphens or with spaces, and with the letters Crockford's base32 reads as digits (O for 0, I
 * and L for 1) read so. What is not shaped like a code is returned as typed, upper-cased: it
 * matches no claim.
 */
export function typedReferenceCode(typed: string): string {
  const plain = typed.toUpperCase().replace(/[^A-Z0-9]/g, "");
  if (plain.length !== 15) return typed.trim().toUpperCase();
  const random = plain.slice(3).replace(/O/g, "0").replace(/[IL]/g, "1");
  return [plain.slice(0, 3), random.slice(0, 4), random.slice(4, 8), random.slice(8)].join("-");
}
