import { US_STATES } from "#app/forms/places.ts";

/** A mailing address as a claim gives it: the portal's address block, or a member list's columns. */
export interface MailingAddressParts {
  line1?: string | null;
  line2?: string | null;
  city?: string | null;
  subdivision?: string | null;
  postalCode?: string | null;
  country?: string | null;
}

/**
 * One canonical text for a mailing address, so that claims sent to one address group together for
 * the claims administrator however each claimant wrote it. "123 North Main Street, Apt 4B,
 * Springfield, IL 62704" becomes "123 N MAIN ST APT 4B, SPRINGFIELD, IL 62704, US": four parts
 * (street, city, state and ZIP, country), each always present, empty when the claim gave none.
 *
 * What it makes the same: upper and lower case; accents and other marks (the text is decomposed,
 * NFKD, and the marks dropped, so "Peña" is "PENA"); spacing and punctuation, which only separate
 * words (apostrophes join them: "O'Brien" is "OBRIEN"); line 2 written on line 1; the street
 * words Street, Avenue, Road, Boulevard, Drive, Lane, Court, Place, Parkway and Highway and their
 * abbreviations (St, Ave, Rd, Blvd, Dr, Ln, Ct, Pl, Pkwy, Hwy); Suite and Ste; Apartment, Apt,
 * Unit and "#" (all "APT", and "Apt #4B" is "APT 4B"); North, South, East and West and N, S, E
 * and W, and their combinations NE, NW, SE and SW however written ("Northeast", "North East",
 * "N.E."), as a run of single letters is one word ("P.O." is "PO"); for a US address, a state's
 * name and its code ("Illinois", "IL") and a ZIP+4 and its 5-digit ZIP. An empty country is the
 * US, as the portal asks for a country only when a settlement takes addresses abroad, and so are
 * "US", "USA", "U.S.A.", "United States" and "United States of America".
 *
 * What it does not try: misspellings ("Mian St"); numbers written as words ("First Ave", "1st
 * Ave"); street words and unit designators not named above (Terrace, Circle, Building, Floor);
 * "Saint" and "St." in a city's name; "Post Office Box" for "PO Box"; a unit number in line 2
 * without a designator ("4B", "Apt 4B"), or with a space or hyphen in it ("4-B", "4B"); parts in
 * another order ("Apt 4B, 123 Main St"); countries other than the US by name and by code ("Canada",
 * "CA"); whether the address exists or its ZIP matches its city. So two different texts may still
 * be one address, and equal texts are one address written two ways, or two that these rules cannot
 * tell apart ("123 N E St", E Street, and "123 NE St").
 *
 * Undefined when there is no line 1 (nothing but spaces and punctuation counts as none).
 */
export function mailingAddressText(parts: MailingAddressParts): string | undefined {
  if (words(parts.line1).length === 0) return undefined;
  // Line 2 after line 1, as when a claimant writes both on line 1.
  const street = streetWords(`${parts.line1} ${parts.line2 ?? ""}`);
  const country = countryText(parts.country);
  const us = country === "US";
  const subdivision = words(parts.subdivision).join(" ");
  const state = us ? (STATE_CODES.get(subdivision) ?? subdivision) : subdivision;
  const statePostal = `${state} ${postalText(parts.postalCode, us)}`.trim();
  return [street.join(" "), words(parts.city).join(" "), statePostal, country].join(", ");
}

/** The text in one case, without accents or other marks: NFKD, then the marks dropped. */
function folded(text: string): string {
  // Lower, then upper: "ẞ" and "ß" and "SS" all end as "SS". Case mapping may add marks ("İ"
  // lowers to "i" and a combining dot), hence the second decomposition.
  return text.normalize("NFKD").toLowerCase().toUpperCase().normalize("NFKD").replace(/\p{M}/gu, "");
}

/**
 * The words of a text, folded: apostrophes dropped, anything else that is not a letter or a digit a
 * separator, and a run of single letters one word ("N.E.", "N E", "P.O.").
 */
function words(text: string | null | undefined, keepHash = false): string[] {
  const separators = keepHash ? /[^\p{L}\p{N}#]+/gu : /[^\p{L}\p{N}]+/gu;
  const split = folded(text ?? "")
    .replace(/['\u2018\u2019\u02BC`]/g, "")
    .replace(/#/g, " # ")
    .replace(separators, " ")
    .split(" ")
    .filter((word) => word !== "");
  return joinSingleLetters(split);
}

/** The words with each run of two or more single letters made one word. */
function joinSingleLetters(list: string[]): string[] {
  const joined: string[] = [];
  let previousSingle = false;
  for (const word of list) {
    const single = /^\p{L}$/u.test(word);
    if (single && previousSingle) joined[joined.length - 1] += word;
    else joined.push(word);
    previousSingle = single;
  }
  return joined;
}

/** Each long form and abbreviation, by the short form the text uses (USPS Publication 28's). */
const SHORT_FORMS: Record<string, string[]> = {
  ST: ["STREET"],
  AVE: ["AVENUE"],
  RD: ["ROAD"],
  BLVD: ["BOULEVARD"],
  DR: ["DRIVE"],
  LN: ["LANE"],
  CT: ["COURT"],
  PL: ["PLACE"],
  PKWY: ["PARKWAY"],
  HWY: ["HIGHWAY"],
  STE: ["SUITE"],
  APT: ["APARTMENT", "UNIT", "#"],
  N: ["NORTH"],
  S: ["SOUTH"],
  E: ["EAST"],
  W: ["WEST"],
  NE: ["NORTHEAST"],
  NW: ["NORTHWEST"],
  SE: ["SOUTHEAST"],
  SW: ["SOUTHWEST"],
};
const SHORT_FORM = new Map(Object.entries(SHORT_FORMS).flatMap(([short, longs]) => longs.map((long) => [long, short])));
const UNIT_DESIGNATORS = new Set(["APT", "STE"]);

/** Line 1 and line 2's words with the short forms; a "#" after "Apt" or "Suite" dropped. */
function streetWords(text: string): string[] {
  const shortened: string[] = [];
  for (const word of words(text, true)) {
    if (word === "#" && UNIT_DESIGNATORS.has(shortened.at(-1) ?? "")) continue;
    shortened.push(SHORT_FORM.get(word) ?? word);
  }
  // Again, now that "North East" is "N E".
  return joinSingleLetters(shortened);
}

/** A US state's, territory's or military "state"'s name (folded) to its code. */
const STATE_CODES = new Map(US_STATES.map((state) => [words(state.label).join(" "), state.value]));

const US_NAMES = new Set(["", "US", "USA", "UNITEDSTATES", "UNITEDSTATESOFAMERICA"]);

/** "US" for the United States however written (and for none); another country's words. */
function countryText(country: string | null | undefined): string {
  const text = words(country).join(" ");
  return US_NAMES.has(text.replace(/ /g, "")) ? "US" : text;
}

/** A US ZIP as its five digits (a ZIP+4 too); another postal code's letters and digits, unspaced. */
function postalText(postalCode: string | null | undefined, us: boolean): string {
  const text = words(postalCode).join("");
  return us && /^\d{5}(\d{4})?$/.test(text) ? text.slice(0, 5) : text;
}
