import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { caretIn } from "#app/components/form/caret.ts";

describe("a caret in a formatted value, found in what was typed", () => {
  test.each([
    ["1 206 555 0100", "(206) 555-0100", 7, 7], // after "(206) 5" → after "1 206 5"
    ["3/7/2021", "03/07/2021", 5, 3], // after "03/07" → after "3/7"
    ["1250.5", "1,250.50", 2, 1], // after "1," → after "1"
    ["981110042", "98111-0042", 6, 5], // after "98111-" → after "98111"
    ["1250", "1,250.00", 0, 0],
    ["1250", "1,250.00", 8, 4], // the end stays the end
  ])("%j shown as %j: caret %i → %i", (typed, shown, caret, expected) => {
    expect(caretIn(typed, shown, caret)).toBe(expected);
  });

  test("unformatted text keeps the caret after the same letter or digit, and any caret lands inside the text", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(..."0123456789ab ,.-()/+$"), maxLength: 20 }),
        fc.string({ unit: fc.constantFrom(..."0123456789ab ,.-"), maxLength: 20 }),
        fc.nat(25),
        (typed, shown, caret) => {
          const at = Math.min(caret, typed.length);
          if (at > 0 && /[\p{L}\p{N}]/u.test(typed[at - 1]!)) expect(caretIn(typed, typed, at)).toBe(at);
          const mapped = caretIn(typed, shown, Math.min(caret, shown.length));
          expect(mapped).toBeGreaterThanOrEqual(0);
          expect(mapped).toBeLessThanOrEqual(typed.length);
        },
      ),
      { numRuns: 300 },
    );
  });
});
