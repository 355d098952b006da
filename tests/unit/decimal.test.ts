import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { compareDecimals, decimalText, parseDecimal } from "#app/forms/decimal.ts";

/** A decimal as text, with its exact value scaled to an integer (hundredths of thousandths). */
const decimal = fc
  .tuple(
    fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }),
    fc.integer({ min: 0, max: 4 }),
    fc.integer({ min: 0, max: 2 }),
  )
  .map(([units, places, zeros]) => {
    const negative = units < 0n;
    const digits = (negative ? -units : units).toString().padStart(places + 1, "0");
    const text = `${negative ? "-" : ""}${places ? `${digits.slice(0, -places)}.${digits.slice(-places)}` : digits}${places && zeros ? "0".repeat(zeros) : ""}`;
    return { text, scaled: units * 10n ** BigInt(4 - places) };
  });

describe("decimal text compared exactly", () => {
  test("agrees with exact integer arithmetic on any two decimals (fast-check)", () => {
    fc.assert(
      fc.property(decimal, decimal, (a, b) => {
        expect(compareDecimals(a.text, b.text)).toBe(a.scaled < b.scaled ? -1 : a.scaled > b.scaled ? 1 : 0);
      }),
      { numRuns: 500 },
    );
  });

  test("where floating point rounds, it does not", () => {
    expect(compareDecimals("9007199254740993", decimalText(9007199254740992))).toBe(1);
    expect(compareDecimals("12345678901234567890.45", "12345678901234567890.44")).toBe(1);
    expect(compareDecimals("100000.01", decimalText(100000))).toBe(1);
    expect(compareDecimals("0100000.00", decimalText(100000))).toBe(0);
    expect(compareDecimals("-0", "0")).toBe(0);
  });

  test("what is not a decimal is not read as one", () => {
    for (const text of ["", ".", "-", "1e5", "1,000", "12.3.4", "--1", "Infinity"])
      expect(parseDecimal(text)).toBeUndefined();
    expect(parseDecimal(".5")).toEqual({ negative: false, whole: "", fraction: "5" });
  });
});
