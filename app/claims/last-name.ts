/**
 * A last name as a claimant finding their claim types it is compared with the one they filed
 * (claim access, docs/decisions/027-claim-access.md): as a person reads a name, not letter for
 * letter. Case ("ß" is "ss"), accents and other marks ("García" is "garcia"), spaces, hyphens, apostrophes,
 * periods and invisible characters do not count ("De la Cruz" is "DELACRUZ", "O'Brien" is
 * "O’Brien" and "OBrien"); letters and digits must be the same, in the same order. A name
 * with no letter or digit at all is no name: it matches nothing.
 */
export function lastNameKey(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/ß/g, "ss")
    .replace(/[^\p{L}\p{N}]/gu, "");
}

/** Whether a typed last name is the one filed. */
export function sameLastName(typed: string, filed: unknown): boolean {
  if (typeof filed !== "string") return false;
  const key = lastNameKey(typed);
  return key !== "" && key === lastNameKey(filed);
}
