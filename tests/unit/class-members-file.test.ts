import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { readClassMembersText } from "#app/claimants/class-members.server.ts";

const dir = mkdtempSync(path.join(tmpdir(), "members-file-"));
const file = path.join(dir, "class-members.csv");

describe("a class-member list's text", () => {
  test("UTF-8 text reads as it is; a byte that is not UTF-8 is refused with its line", () => {
    // No line ends inside a line; no byte-order mark (the decoder takes a leading one away).
    const line = fc.string({ unit: "grapheme", maxLength: 20 }).map((text) => text.replace(/[\r\n\uFEFF]/g, ""));
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 8 }), fc.nat(), (lines, pick) => {
        const text = lines.join("\n");
        writeFileSync(file, text);
        expect(readClassMembersText(file)).toBe(text);
        // One line in Windows-1252: an "í" of one byte, 0xED, that UTF-8 cannot start a character with there.
        const broken = pick % lines.length;
        const bytes = lines.map((content, at) =>
          at === broken ? Buffer.concat([Buffer.from(content), Buffer.from([0xed, 0x41])]) : Buffer.from(content),
        );
        writeFileSync(file, Buffer.concat(bytes.flatMap((bytes, at) => (at ? [Buffer.from("\n"), bytes] : [bytes]))));
        expect(() => readClassMembersText(file)).toThrow(`line ${broken + 1}: this is not UTF-8 text`);
      }),
      { numRuns: 100 },
    );
  });
});
