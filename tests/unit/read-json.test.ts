import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { compareDecimals } from "#app/forms/decimal.ts";
import { readJson } from "#app/http/json.server.ts";

describe("reading a client's JSON", () => {
  test("numbers a double cannot hold keep their written text; the rest stay numbers", () => {
    expect(
      readJson(
        '{"a":9007199254740993,"b":12345678901234567890.45,"c":2,"d":2.0,"e":1250.50,"f":-0.5,"g":1e25,"h":[9007199254740993],"i":9007199254740993e0}',
      ),
    ).toEqual({
      a: "9007199254740993",
      b: "12345678901234567890.45",
      c: 2,
      d: 2,
      e: 1250.5,
      f: -0.5,
      g: "1e25",
      h: ["9007199254740993"],
      i: "9007199254740993e0",
    });
    expect(() => readJson("{not json")).toThrow(SyntaxError);
  });

  test("a lone surrogate escape reads as U+FFFD, as a page's form reads a broken byte; a pair stays its character", () => {
    // Kept, "\ud800" could not be stored (PostgreSQL's jsonb refuses it: a 500) nor shown as sent.
    expect(readJson('{"a":"x\\ud800y","b":["\\udc00"],"c":"\\ud83d\\ude00"}')).toEqual({
      a: "x\uFFFDy",
      b: ["\uFFFD"],
      c: "😀",
    });
  });

  test("whatever decimal is written, what is read is that same number", () => {
    const decimal = fc
      .tuple(fc.bigInt({ min: 0n, max: 10n ** 30n }), fc.option(fc.stringMatching(/^\d{1,12}$/), { nil: undefined }))
      .map(([whole, fraction]) => (fraction ? `${whole}.${fraction}` : `${whole}`));
    fc.assert(
      fc.property(decimal, (written) => {
        const read = readJson(written);
        expect(compareDecimals(String(read), written)).toBe(0);
      }),
      { numRuns: 500 },
    );
  });
});
