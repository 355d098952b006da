import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { type MailingAddressParts, mailingAddressText } from "#app/signals/mailing-address.ts";

const SPRINGFIELD: MailingAddressParts = {
  line1: "123 North Main Street",
  line2: "Apt 4B",
  city: "Springfield",
  subdivision: "IL",
  postalCode: "62704",
};
const CANONICAL = "123 N MAIN ST APT 4B, SPRINGFIELD, IL 62704, US";

const RUNS = { numRuns: 200 };

/** Text with each letter in upper or lower case as `upper` says (cycled). */
const recased = (text: string, upper: boolean[]) =>
  [...text].map((char, index) => (upper[index % upper.length] ? char.toUpperCase() : char.toLowerCase())).join("");

/** What may stand between two words: spaces and punctuation, never nothing. */
const separator = fc.string({
  unit: fc.constantFrom(" ", "  ", "\t", ",", ".", ";", ":", "-", "/", "(", ")"),
  minLength: 1,
  maxLength: 4,
});

/** The text with each space between its words replaced by a separator. */
const respaced = (text: string) =>
  fc
    .array(separator, { minLength: 10, maxLength: 10 })
    .map((separators) => text.split(" ").reduce((spaced, word, index) => `${spaced}${separators[index]}${word}`));

describe("a mailing address's canonical text (claims sent to one address)", () => {
  test("one address written five ways is one text", () => {
    const spellings: MailingAddressParts[] = [
      SPRINGFIELD,
      {
        line1: "123 N. MAIN ST., APT. 4B",
        city: "SPRINGFIELD",
        subdivision: "Illinois",
        postalCode: "62704-1234",
        country: "USA",
      },
      {
        line1: "123 n main st #4b",
        city: "springfield",
        subdivision: "il",
        postalCode: "62704",
        country: "United States",
      },
      {
        line1: "  123   North  Main  St",
        line2: "Unit #4B",
        city: " Springfield ",
        subdivision: "I.L.",
        postalCode: "627041234",
        country: "US",
      },
      {
        line1: "123 Nórth Máin Strèet",
        line2: "Apartment 4B",
        city: "Spríngfield",
        subdivision: "IL",
        postalCode: "62704 1234",
        country: "U.S.A.",
      },
    ];
    for (const parts of spellings) expect(mailingAddressText(parts), JSON.stringify(parts)).toBe(CANONICAL);
  });

  test("another apartment, house number, street or ZIP is another text", () => {
    const others: MailingAddressParts[] = [
      { ...SPRINGFIELD, line2: "Apt 4C" },
      { ...SPRINGFIELD, line2: "Apt 14B" },
      { ...SPRINGFIELD, line2: undefined },
      { ...SPRINGFIELD, line1: "125 North Main Street" },
      { ...SPRINGFIELD, line1: "123 North Maine Street" },
      { ...SPRINGFIELD, line1: "123 South Main Street" },
      { ...SPRINGFIELD, line1: "123 North Main Avenue" },
      { ...SPRINGFIELD, postalCode: "62702" },
      { ...SPRINGFIELD, city: "Chatham" },
      { ...SPRINGFIELD, subdivision: "MO" },
      { ...SPRINGFIELD, country: "CA" },
    ];
    const texts = new Set(others.map((parts) => mailingAddressText(parts)));
    expect(texts.size).toBe(others.length);
    expect(texts.has(CANONICAL)).toBe(false);
  });

  test("each abbreviation and its long form are one word", () => {
    const pairs = [
      ["Street", "St."],
      ["Avenue", "Ave"],
      ["Road", "Rd"],
      ["Boulevard", "Blvd"],
      ["Drive", "Dr"],
      ["Lane", "Ln"],
      ["Court", "Ct"],
      ["Place", "Pl"],
      ["Parkway", "Pkwy"],
      ["Highway", "Hwy"],
      ["Suite", "Ste"],
      ["Apartment", "#"],
      ["Unit", "Apt"],
      ["North", "N"],
      ["South", "S"],
      ["East", "E"],
      ["West", "W"],
      ["Northeast", "N.E."],
      ["North East", "NE"],
      ["Northwest", "N W"],
      ["Southeast", "SE"],
      ["South West", "S.W."],
    ];
    for (const [long, short] of pairs) {
      const text = (word: string) => mailingAddressText({ line1: `9 Oak ${word} 12`, postalCode: "10001" });
      expect(text(long!), long).toBe(text(short!));
    }
    expect(
      mailingAddressText({
        line1: "1600 Pennsylvania Avenue North West",
        city: "Washington",
        subdivision: "District of Columbia",
        postalCode: "20500",
      }),
    ).toBe("1600 PENNSYLVANIA AVE NW, WASHINGTON, DC 20500, US");
    expect(mailingAddressText({ line1: "Suite #200, 5 Elm Rd" })).toBe("STE 200 5 ELM RD, , , US");
  });

  test("an address abroad keeps its country and its postal code's letters", () => {
    expect(mailingAddressText({ line1: "10 Downing St", city: "London", postalCode: "sw1a 2aa", country: "GB" })).toBe(
      "10 DOWNING ST, LONDON, SW1A2AA, GB",
    );
    expect(mailingAddressText({ line1: "Straße 5", city: "Köln", postalCode: "50667", country: "DE" })).toBe(
      mailingAddressText({ line1: "STRASSE 5", city: "koln", postalCode: "50667", country: "de" }),
    );
    // A 9-digit code is a ZIP+4 only in the US.
    expect(mailingAddressText({ line1: "1 A St", postalCode: "123456789", country: "BR" })).toContain("123456789");
  });

  test("no line 1, no text", () => {
    expect(mailingAddressText({})).toBeUndefined();
    expect(
      mailingAddressText({ line1: null, line2: "Apt 4B", city: "Springfield", postalCode: "62704" }),
    ).toBeUndefined();
    expect(mailingAddressText({ line1: " ., ", city: "Springfield" })).toBeUndefined();
  });

  test("case, and spaces and punctuation between words, never change the text", () => {
    const line1 = "123 North Main Street";
    fc.assert(
      fc.property(
        respaced(line1),
        respaced("Apartment 4B"),
        respaced("Springfield"),
        fc.array(fc.boolean(), { minLength: 1, maxLength: 40 }),
        (spacedLine1, spacedLine2, city, upper) => {
          const parts = {
            ...SPRINGFIELD,
            line1: recased(spacedLine1, upper),
            line2: recased(spacedLine2, upper),
            city: recased(city, upper),
          };
          expect(mailingAddressText(parts)).toBe(CANONICAL);
        },
      ),
      RUNS,
    );
  });

  test("another house number, apartment or ZIP is always another text", () => {
    const house = fc.integer({ min: 1, max: 99_999 });
    fc.assert(
      fc.property(house, house, (first, second) => {
        fc.pre(first !== second);
        expect(mailingAddressText({ ...SPRINGFIELD, line1: `${first} North Main Street` })).not.toBe(
          mailingAddressText({ ...SPRINGFIELD, line1: `${second} North Main Street` }),
        );
        expect(mailingAddressText({ ...SPRINGFIELD, line2: `Apt ${first}` })).not.toBe(
          mailingAddressText({ ...SPRINGFIELD, line2: `Apt ${second}` }),
        );
        const zip = (number: number) => String(number).padStart(5, "0");
        expect(mailingAddressText({ ...SPRINGFIELD, postalCode: zip(first) })).not.toBe(
          mailingAddressText({ ...SPRINGFIELD, postalCode: zip(second) }),
        );
      }),
      RUNS,
    );
  });
});
