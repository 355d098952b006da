import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { plainPunctuation } from "#app/forms/plain-punctuation.ts";

const DEMO_ALLOWED = (
  JSON.parse(readFileSync("settlements/demo/settlement.json", "utf8")) as { characterWhitelist: string }
).characterWhitelist;
const SMART = [..."‘’‚‛′“”„″‐‑‒–—−ʼ＇…\u00a0\u202f\u2002\u2003\u2007\u2009\u200a\u3000\u200b\u2060\u00ad\ufeff"];

describe("smart punctuation read as the plain marks it stands for", () => {
  test.each([
    ["O’Brien–Smith", "O'Brien-Smith"],
    ["“Casa” — St. John’s…", '"Casa" - St. John\'s...'],
    ["1\u00a0Main\u202fSt", "1 Main St"],
    ["«Jr»", "«Jr»"],
    // Pasted with the text, and invisible: a message naming them would show nothing.
    ["O\u200bBrien", "OBrien"],
    ["12\u2009Pine St", "12 Pine St"],
    ["Le\u00ade\u2060", "Lee"],
    ["Oʼ＇Brien", "O''Brien"],
  ])("%s reads as %s", (typed, read) => {
    expect(plainPunctuation(typed, DEMO_ALLOWED)).toBe(read);
  });

  test("a mark the settlement allows stays; one whose plain mark it does not allow stays too", () => {
    expect(plainPunctuation("O’Brien", `${DEMO_ALLOWED}’`)).toBe("O’Brien");
    expect(plainPunctuation("O’Brien", "OBrien")).toBe("O’Brien");
    expect(plainPunctuation("wait…", "waitx.")).toBe("wait...");
    expect(plainPunctuation("wait…", "waitx")).toBe("wait…");
  });

  test("any text of allowed characters and smart marks becomes allowed characters alone; other text is left as it is", () => {
    const allowed = fc.constantFrom(...DEMO_ALLOWED);
    fc.assert(
      fc.property(fc.array(fc.oneof(allowed, fc.constantFrom(...SMART)), { maxLength: 40 }), (characters) => {
        const read = plainPunctuation(characters.join(""), DEMO_ALLOWED);
        for (const character of read) expect(DEMO_ALLOWED).toContain(character);
        expect(plainPunctuation(read, DEMO_ALLOWED)).toBe(read);
      }),
      { numRuns: 200 },
    );
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 40 }), (text) => {
        if (SMART.some((mark) => text.includes(mark))) return;
        expect(plainPunctuation(text, DEMO_ALLOWED)).toBe(text);
      }),
      { numRuns: 200 },
    );
  });
});
