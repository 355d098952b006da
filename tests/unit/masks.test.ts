import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { MASK_NAMES, maskFor, shownAs } from "#app/forms/masks/index.ts";

const parse = (mask: string, typed: string) => maskFor(mask).parse(typed);

describe("masks: what each reads from what a claimant types", () => {
  test.each([
    ["none", "  Ana  ", "Ana"],
    ["DECIMAL_15PRECISION", "12.5", "12.5"],
    ["DECIMAL_15PRECISION", " 12345678901234.5 ", "12345678901234.5"],
    ["CURRENCY_COMMA_DELIMITED", "$1,250", "1250"],
    ["CURRENCY_COMMA_DELIMITED", "1250", "1250"],
    ["CURRENCY_COMMA_DELIMITED", "1,250.00", "1250"],
    ["CURRENCY_COMMA_DELIMITED", "007", "7"],
    ["CURRENCY_COMMA_DELIMITED", "9007199254740993", "9007199254740993"],
    ["CURRENCY_COMMA_DELIMITED_WITH_DECIMALS", "1,250.5", "1250.50"],
    ["CURRENCY_COMMA_DELIMITED_WITH_DECIMALS", "$ 1 250.75", "1250.75"],
    ["CURRENCY_COMMA_DELIMITED_WITH_DECIMALS", "0.99", "0.99"],
    ["CURRENCY_COMMA_DELIMITED_WITH_DECIMALS", ".99", "0.99"],
    ["CURRENCY_COMMA_DELIMITED_WITH_DECIMALS", "12", "12.00"],
    ["CURRENCY_COMMA_DELIMITED_WITH_DECIMALS", "12345678901234567890123.45", "12345678901234567890123.45"],
    ["SLASH_DELIMITED_FULL_DATE", "3/7/2024", "03/07/2024"],
    ["SLASH_DELIMITED_FULL_DATE", "03072024", "03/07/2024"], // a phone's number keys have no "/"
    ["USA_PHONE_NUMBER", "(555) 123-4567", "(555) 123-4567"],
    ["USA_PHONE_NUMBER", "1-555-123-4567", "(555) 123-4567"],
    ["USA_PHONE_NUMBER", "1 206 555 0100", "(206) 555-0100"],
    ["USA_PHONE_NUMBER", "12065550100", "(206) 555-0100"],
    ["USA_PHONE_NUMBER", "+1 (206) 555-0100", "(206) 555-0100"],
    ["USA_PHONE_NUMBER", "206.555.0100", "(206) 555-0100"],
    ["USA_PHONE_NUMBER", "206–555–0100", "(206) 555-0100"], // en dashes, as pasted from a document
    ["INTEGER_16", "1,000", "1000"],
    ["DECIMAL_15PRECISION", "1,234.5", "1234.5"],
    ["DECIMAL_15PRECISION", "5.", "5"],
    ["DECIMAL_15PRECISION", ".5", "0.5"],
    ["DECIMAL_15PRECISION", "007.50", "7.50"],
    ["DECIMAL_15PRECISION", "1,234,567,890,123.4", "1234567890123.4"],
    ["INTEGER_16", "1234567890123456", "1234567890123456"],
    ["INTERNATIONAL_PHONE_NUMBER", "+44 20 7946-0958", "+442079460958"],
    ["VIN", "1hgcm82633a004352", "1HGCM82633A004352"],
    ["VIN", "1HGCM-82633-A004352", "1HGCM82633A004352"],
    ["ZIP_CODE", "98111", "98111"],
    ["ZIP_CODE", "981110042", "98111-0042"],
    ["ZIP_CODE", "98111-0042", "98111-0042"],
    ["ZIP_CODE", "98111 - 0042", "98111-0042"],
    ["ZIP_CODE", "98111 0042", "98111-0042"],
    ["ZIP_CODE", "98111–0042", "98111-0042"],
    ["ZIP_CODE", "98111-", "98111"],
    ["ZIP_CODE_NON_US", "sw1a 1aa", "SW1A 1AA"],
  ])("%s reads %j as %j", (mask, typed, value) => {
    expect(parse(mask, typed)).toEqual({ value });
  });

  test.each([
    // Never a different number than the one typed (issue 11): a refusal, with its message, instead.
    ["CURRENCY_COMMA_DELIMITED", "99.50", "Mask_Currency"],
    ["CURRENCY_COMMA_DELIMITED", "1250.75", "Mask_Currency"],
    ["CURRENCY_COMMA_DELIMITED", "1,25", "Mask_Currency"],
    ["CURRENCY_COMMA_DELIMITED", "1e+25", "Mask_Currency"],
    ["CURRENCY_COMMA_DELIMITED_WITH_DECIMALS", "12,30", "Mask_CurrencyDecimals"],
    ["CURRENCY_COMMA_DELIMITED_WITH_DECIMALS", "1.234", "Mask_CurrencyDecimals"],
    ["CURRENCY_COMMA_DELIMITED_WITH_DECIMALS", "-5.00", "Mask_CurrencyDecimals"],
    ["CURRENCY_COMMA_DELIMITED_WITH_DECIMALS", ".", "Mask_CurrencyDecimals"],
    ["DECIMAL_15PRECISION", "1.2.3", "Mask_Decimal"],
    ["DECIMAL_15PRECISION", "-12,5", "Mask_Decimal"],
    ["DECIMAL_15PRECISION", "12,5", "Mask_Decimal"],
    ["DECIMAL_15PRECISION", "123,456,789,012,345.6", "Mask_Decimal"], // 17 characters without its commas: one too many
    ["DECIMAL_15PRECISION", "123456789012345.6", "Mask_Decimal"],
    ["DECIMAL_15PRECISION", "1e5", "Mask_Decimal"],
    ["SLASH_DELIMITED_FULL_DATE", "372021", "Validation_DateFormat"],
    ["SLASH_DELIMITED_FULL_DATE", "2024.03.07", "Validation_DateFormat"],
    ["SLASH_DELIMITED_FULL_DATE", "2/30/2024", "Validation_RealDate"],
    ["SLASH_DELIMITED_FULL_DATE", "13/1/2024", "Validation_RealDate"],
    ["SLASH_DELIMITED_FULL_DATE", "3072024", "Validation_DateFormat"], // 3/07/2024 or 30/7/2024: not guessed
    ["SLASH_DELIMITED_FULL_DATE", "3/7/24", "Validation_DateFormat"],
    ["SLASH_DELIMITED_FULL_DATE", "12/31/9999", "Picker_YearRange"],
    ["USA_PHONE_NUMBER", "555-1234", "Mask_UsaPhone"],
    ["USA_PHONE_NUMBER", "(055) 123-4567", "Mask_UsaPhone"],
    ["USA_PHONE_NUMBER", "206 555 0100 x12", "Mask_UsaPhone"],
    ["INTEGER_16", "12345678901234567", "Mask_Integer"],
    ["INTEGER_16", "12.5", "Mask_Integer"],
    ["INTEGER_16", "1,00", "Mask_Integer"],
    ["INTERNATIONAL_PHONE_NUMBER", "+1 (555) 123-4567 ext 9", "Mask_InternationalPhone"],
    ["VIN", "1HGCM82633A0043521", "Mask_Vin"],
    ["VIN", "1HGCM/82633", "Mask_Vin"],
    ["ZIP_CODE", "9811", "Mask_Zip"],
    ["ZIP_CODE", "98111-004", "Mask_Zip"],
    ["ZIP_CODE_NON_US", "SW1A-1AA", "Mask_ZipNonUs"],
    ["ZIP_CODE_NON_US", "12345678901", "Mask_ZipNonUs"],
  ])("%s refuses %j (%s)", (mask, typed, errorKey) => {
    expect(parse(mask, typed)).toMatchObject({ errorKey });
  });

  test("a date out of the calendar's years names them", () => {
    expect(parse("SLASH_DELIMITED_FULL_DATE", "1/1/1899")).toEqual({
      errorKey: "Picker_YearRange",
      params: { min: 1900, max: 2100 },
    });
  });

  test("each shows a value in the form a claimant writes it", () => {
    expect(shownAs(maskFor("CURRENCY_COMMA_DELIMITED"), "1250")).toBe("1,250");
    expect(shownAs(maskFor("CURRENCY_COMMA_DELIMITED_WITH_DECIMALS"), "1234567.5")).toBe("1,234,567.50");
    expect(shownAs(maskFor("USA_PHONE_NUMBER"), "1 206 555 0100")).toBe("(206) 555-0100");
    // An international number shown as written where its grouping is certain (North American); others as stored.
    expect(shownAs(maskFor("INTERNATIONAL_PHONE_NUMBER"), "2065550101")).toBe("(206) 555-0101");
    expect(shownAs(maskFor("INTERNATIONAL_PHONE_NUMBER"), "+12065550101")).toBe("+1 (206) 555-0101");
    expect(shownAs(maskFor("INTERNATIONAL_PHONE_NUMBER"), "+442079460958")).toBe("+442079460958");
    expect(shownAs(maskFor("ZIP_CODE"), "981110042")).toBe("98111-0042");
    expect(shownAs(maskFor("SLASH_DELIMITED_FULL_DATE"), "3/7/2024")).toBe("03/07/2024");
    // What cannot be read is left as typed, for the claimant to correct.
    expect(shownAs(maskFor("CURRENCY_COMMA_DELIMITED"), "99.50")).toBe("99.50");
  });

  test("every mask of SPEC §3 is registered, and an unregistered one is an error", () => {
    expect(MASK_NAMES).toHaveLength(11);
    for (const name of MASK_NAMES) expect(() => maskFor(name)).not.toThrow();
    expect(() => maskFor("SSN")).toThrow("Unregistered mask type: SSN");
  });

  test("placeholders of SPEC §5", () => {
    // A date's format is said once, by its hint's example in the claimant's order (decision 034).
    expect(maskFor("SLASH_DELIMITED_FULL_DATE").placeholder).toBeUndefined();
    expect(maskFor("USA_PHONE_NUMBER").placeholder).toBe("(123) 456-7890");
  });
});

/** What people type: digits, and the separators, signs and slips that come with them. */
const humanText = fc.string({
  unit: fc.constantFrom(..."0123456789", " ", "-", ".", ",", "(", ")", "+", "$", "/", "a", "Z", "o"),
  maxLength: 24,
});
/** Amounts as people write them: grouped or not, with or without $ and cents, spaced. */
const writtenAmount = fc
  .tuple(
    fc.bigInt({ min: 0n, max: 10n ** 24n }),
    fc.option(fc.integer({ min: 0, max: 99 })),
    fc.boolean(),
    fc.boolean(),
    fc.constantFrom("", " "),
  )
  .map(([whole, cents, grouped, dollar, space]) => {
    const digits = grouped ? whole.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ",") : whole.toString();
    return `${dollar ? `$${space}` : ""}${digits}${cents === null ? "" : `.${String(cents).padStart(2, "0")}`}`;
  });
/** Phone numbers as people write them. */
const writtenPhone = fc
  .tuple(
    fc.integer({ min: 200, max: 999 }),
    fc.integer({ min: 0, max: 999 }),
    fc.integer({ min: 0, max: 9999 }),
    fc.constantFrom("", "1 ", "+1 ", "1-"),
    fc.constantFrom(" ", "-", ".", ""),
    fc.boolean(),
  )
  .map(([area, exchange, line, country, separator, parens]) => {
    const [a, e, l] = [String(area), String(exchange).padStart(3, "0"), String(line).padStart(4, "0")];
    return `${country}${parens ? `(${a}) ` : `${a}${separator}`}${e}${separator}${l}`;
  });

const RUNS = { numRuns: 300 };

describe("masks: properties over what people type (fast-check)", () => {
  test.each(MASK_NAMES)(
    "%s: whatever is shown after leaving the field reads back as what was typed, or both are refused alike",
    (name) => {
      const mask = maskFor(name);
      fc.assert(
        fc.property(fc.oneof(humanText, writtenAmount, writtenPhone), (typed) => {
          // With JavaScript the browser posts what is shown once the claimant leaves the field; without, what was typed.
          const shown = shownAs(mask, typed);
          expect(mask.parse(shown)).toEqual(mask.parse(typed));
          expect(shownAs(mask, shown)).toBe(shown);
        }),
        RUNS,
      );
    },
  );

  test.each(["CURRENCY_COMMA_DELIMITED", "CURRENCY_COMMA_DELIMITED_WITH_DECIMALS", "DECIMAL_15PRECISION"])(
    "%s never stores another number than the one written",
    (name) => {
      const mask = maskFor(name);
      /** The amount as an exact decimal: no $, spaces, grouping commas, leading or trailing zeros. */
      const exact = (text: string) => {
        const [whole = "", fraction = ""] = text.replace(/[$\s,]/g, "").split(".");
        return `${whole.replace(/^0+/, "") || "0"}.${fraction.replace(/0+$/, "")}`;
      };
      fc.assert(
        fc.property(fc.oneof(humanText, writtenAmount), (typed) => {
          const read = mask.parse(typed);
          if ("value" in read) expect(exact(read.value)).toBe(exact(typed));
        }),
        RUNS,
      );
    },
  );

  test("written amounts are read exactly, however they are grouped and spaced", () => {
    fc.assert(
      fc.property(writtenAmount, (typed) => {
        const read = maskFor("CURRENCY_COMMA_DELIMITED_WITH_DECIMALS").parse(typed);
        expect(read).toHaveProperty("value");
      }),
      RUNS,
    );
  });

  test("US phone numbers are read however they are written", () => {
    fc.assert(
      fc.property(writtenPhone, (typed) => {
        const read = maskFor("USA_PHONE_NUMBER").parse(typed);
        expect(read).toEqual({ value: expect.stringMatching(/^\([2-9]\d\d\) \d{3}-\d{4}$/) });
        expect((read as { value: string }).value.replace(/\D/g, "")).toBe(
          typed.replace(/\D/g, "").replace(/^1(?=\d{10}$)/, ""),
        );
      }),
      RUNS,
    );
  });
});
