import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { parseCsvRows } from "#app/claimants/csv.ts";
import { csvSlices } from "#app/claimants/csv-slices.ts";
import { type ListedMember, readMemberList } from "#app/claimants/member-list-file.server.ts";

const HEADER = "ClaimId,Pin,VIN,FirstName,LastName";
const dir = mkdtempSync(path.join(tmpdir(), "member-list-"));

async function readAll(file: string, readBytes?: number): Promise<ListedMember[]> {
  const members: ListedMember[] = [];
  for await (const member of readMemberList(file, readBytes)) members.push(member);
  return members;
}

/**
 * The members of a list file of this text, named `name` in messages (its folder left out). It is
 * read twice, in the usual slices and in slices of a few bytes, which must come to the same: the
 * members, or the error.
 */
async function readList(text: string | Buffer, name: string): Promise<ListedMember[]> {
  const file = path.join(dir, name);
  writeFileSync(file, text);
  const outcome = (readBytes?: number) =>
    readAll(file, readBytes).catch((error: Error) => new Error(error.message.replace(`${dir}/`, "")));
  const [whole, sliced] = [await outcome(), await outcome(3)];
  expect(sliced).toEqual(whole);
  if (whole instanceof Error) throw whole;
  return whole;
}

describe("the class-member list as operators save it", () => {
  test("a file saved as Excel's 'CSV UTF-8' (with a byte-order mark) is read, accents and all", async () => {
    const members = await readList(`\uFEFF${HEADER}\r\n10000001,123456,,Ana,García\r\n`, "class-members.csv");
    expect(members.find((member) => member.claimId === "10000001")?.prepopulated).toEqual({
      FirstName: "Ana",
      LastName: "García",
    });
  });

  test("an unterminated quote is refused with the line where it opens, not folded into one member", async () => {
    const text = `${HEADER}\n10000001,123456,,Ana,García\n10000002,654321,,"Bo,Lee\n10000003,111222,,Carmen,Ruiz\n10000004,333444,,Dev,Patel\n`;
    await expect(readList(text, "class-members.csv")).rejects.toThrow(
      /^class-members\.csv: line 3: a field opens a quote \("\) that is never closed/,
    );
  });

  test("a row with more or fewer columns than the header is refused with its line", async () => {
    await expect(
      readList(`${HEADER}\n10000001,123456,,Ana,García\n10000002,654321,,Bo,Lee,extra\n`, "members.csv"),
    ).rejects.toThrow(/^members\.csv: line 3: this row has a different number of columns than the header/);
  });

  test("the line named is the one an editor shows: blank lines and line breaks inside quoted fields count, a CRLF once", async () => {
    // Lines: 1 header, 2 Ana, 3 blank, 4 blank, 5 Bo with the quote that never closes.
    await expect(
      readList(
        `${HEADER}\n10000001,123456,,Ana,García\n\n\n10000002,654321,,"Bo,Lee\n10000003,111222,,Carmen,Ruiz\n`,
        "m.csv",
      ),
    ).rejects.toThrow(/^m\.csv: line 5: a field opens a quote/);
    // Excel ends rows with CRLF; a cell of two lines (line 2 to 3) does not shift the lines after it.
    const twoLineName = `${HEADER}\r\n10000001,123456,,"Ana\r\nMaría",García\r\n`;
    await expect(readList(`${twoLineName}10000002,654321,,"Bo,Lee\r\n`, "m.csv")).rejects.toThrow(
      /^m\.csv: line 4: a field opens a quote/,
    );
    await expect(readList(`${twoLineName}10000002,654321,,Bo,Lee,extra\r\n`, "m.csv")).rejects.toThrow(
      /^m\.csv: line 4: this row has a different number of columns/,
    );
    await expect(readList(`${twoLineName}10000002,654321,,B"o,Lee\r\n`, "m.csv")).rejects.toThrow(
      /^m\.csv: line 4: a quote/,
    );
    await expect(readList(`${HEADER}\r\n10000001,123456,,"Ana\r\nMaría",Gar"cía\r\n`, "m.csv")).rejects.toThrow(
      /^m\.csv: line 3: a quote/,
    );
    // A row is named by the line it starts on, where its Claim ID is.
    await expect(readList(`${HEADER}\n1234,123456,,"Ana\nMaría",García\n`, "m.csv")).rejects.toThrow(
      "m.csv: line 2: ClaimId must be 8 digits and Pin 6 digits",
    );
  });

  test("a quote in the middle of a field is refused with its line; rule errors name their line too", async () => {
    await expect(readList(`${HEADER}\n10000001,123456,,An"a,García\n`, "m.csv")).rejects.toThrow(
      /^m\.csv: line 2: a quote/,
    );
    await expect(readList(`${HEADER}\n10000001,123456,,Ana,García\n\n1234,12,,Bo,Lee\n`, "m.csv")).rejects.toThrow(
      "m.csv: line 4: ClaimId must be 8 digits and Pin 6 digits",
    );
  });
});

describe("VINs in the class-member list", () => {
  test("a VIN must be 17 letters and digits without I, O or Q; lower case is read as upper; members may share one", async () => {
    await expect(readList(`${HEADER}\n10000001,123456,1HGCM82633A00435,Ana,García\n`, "m.csv")).rejects.toThrow(
      "m.csv: line 2: VIN must be 17 letters and digits, without I, O or Q (or empty)",
    );
    const members = await readList(
      `${HEADER}\n10000001,123456,1hgcm82633a004352,Ana,García\n10000002,654321,1HGCM82633A004352,Bo,Lee\n`,
      "m.csv",
    );
    expect(members.map((member) => member.vin)).toEqual(["1HGCM82633A004352", "1HGCM82633A004352"]);
  });
});

describe("a list read a slice at a time", () => {
  test("slices cut where rows end: their rows, counted from their first lines, are the whole file's (fast-check)", async () => {
    const cell = fc.oneof(
      fc.string({ unit: fc.constantFrom("a", "é", ",", " ", "€"), maxLength: 6 }),
      fc
        .string({ unit: fc.constantFrom("a", '""', "\n", "\r\n", "\r", ","), maxLength: 6 })
        .map((inside) => `"${inside}"`),
    );
    const row = fc.array(cell, { minLength: 3, maxLength: 3 }).map((cells) => cells.join(","));
    const lineEnd = fc.constantFrom("\n", "\r\n", "\r", "\n\n");
    const csv = fc.array(fc.tuple(row, lineEnd), { minLength: 1, maxLength: 12 }).map((rows) => rows.flat().join(""));
    const file = path.join(dir, "sliced.csv");
    await fc.assert(
      fc.asyncProperty(csv, fc.integer({ min: 1, max: 40 }), async (text, readBytes) => {
        writeFileSync(file, text);
        const rows = [];
        for await (const { bytes, firstLine } of csvSlices(file, readBytes))
          rows.push(
            ...parseCsvRows(bytes.toString("utf8"), { sameLength: false }).map((row) => ({
              ...row,
              line: row.line + firstLine - 1,
            })),
          );
        expect(rows).toEqual(parseCsvRows(text, { sameLength: false }));
      }),
      { numRuns: 300 },
    );
  });

  test("a byte that is not UTF-8 is refused with its line, wherever the slices fall (fast-check)", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 30 }), fc.nat(), async (members, pick) => {
        const rows = Array.from({ length: members }, (_, at) => Buffer.from(`${10000001 + at},123456,,Ana,García`));
        const broken = pick % members;
        // An "í" of one byte (Windows-1252's 0xED), which UTF-8 cannot start a character with there.
        rows[broken] = Buffer.concat([rows[broken]!, Buffer.from([0xed, 0x41])]);
        const text = Buffer.concat([Buffer.from(`${HEADER}\n`), ...rows.flatMap((row) => [row, Buffer.from("\n")])]);
        await expect(readList(text, "m.csv")).rejects.toThrow(`m.csv: line ${broken + 2}: this is not UTF-8 text`);
      }),
      { numRuns: 60 },
    );
  });

  test("a Claim ID listed twice is refused however far apart the two are", async () => {
    const rows = Array.from({ length: 500 }, (_, at) => `${10000001 + at},123456,,Ana,García`);
    rows.push("10000007,654321,,Bo,Lee");
    await expect(readList(`${HEADER}\n${rows.join("\n")}\n`, "m.csv")).rejects.toThrow(
      "m.csv: line 502: ClaimId 10000007 appears twice",
    );
  });

  test("a list with no members is refused: it would leave no one able to sign in", async () => {
    await expect(readList("", "m.csv")).rejects.toThrow("m.csv: has no class members: it is empty");
    await expect(readList(`${HEADER}\r\n`, "m.csv")).rejects.toThrow("m.csv: has no class members: only a header");
  });
});
