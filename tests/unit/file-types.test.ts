import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { checkDocumentType, FILE_TYPE_NAMES, fitToBytes, safeFileName } from "#app/documents/file-types.ts";
import { documentFileName } from "#app/operator/export-claims.server.ts";

const bytes = (...values: Array<number | string>) =>
  new Uint8Array(
    values.flatMap((value) =>
      typeof value === "string" ? [...value].map((character) => character.charCodeAt(0)) : [value],
    ),
  );

const SAMPLES = {
  "receipt.pdf": bytes("%PDF-1.7\n"),
  "photo.JPG": bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10, "JFIF"),
  "scan.png": bytes(0x89, "PNG", 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d),
  "IMG_0001.heic": bytes(0, 0, 0, 0x18, "ftypheic", 0, 0, 0, 0),
  "fax.tif": bytes("II", 0x2a, 0),
  "fax-mac.tiff": bytes("MM", 0, 0x2a),
};

describe("allowed document types (by extension and content)", () => {
  test.each(Object.entries(SAMPLES))("%s is accepted", (name, head) => {
    expect(checkDocumentType(name, head, FILE_TYPE_NAMES)).toMatchObject({ ok: true });
  });

  test("a renamed executable is refused by its content", () => {
    const windowsExecutable = bytes("MZ", 0x90, 0, 3, 0);
    const elf = bytes(0x7f, "ELF", 2, 1, 1);
    expect(checkDocumentType("receipt.pdf", windowsExecutable, FILE_TYPE_NAMES)).toEqual({
      ok: false,
      reason: "content",
    });
    expect(checkDocumentType("photo.jpg", elf, FILE_TYPE_NAMES)).toEqual({ ok: false, reason: "content" });
  });

  test("a content of another allowed kind is refused too: a .pdf must hold a PDF", () => {
    expect(checkDocumentType("receipt.pdf", SAMPLES["scan.png"], FILE_TYPE_NAMES)).toEqual({
      ok: false,
      reason: "content",
    });
  });

  test("other extensions, or types the settlement does not allow, are refused by name", () => {
    expect(checkDocumentType("invoice.exe", SAMPLES["receipt.pdf"], FILE_TYPE_NAMES)).toEqual({
      ok: false,
      reason: "extension",
    });
    expect(checkDocumentType("receipt", SAMPLES["receipt.pdf"], FILE_TYPE_NAMES)).toEqual({
      ok: false,
      reason: "extension",
    });
    expect(checkDocumentType("photo.heic", SAMPLES["IMG_0001.heic"], ["pdf", "jpeg"])).toEqual({
      ok: false,
      reason: "extension",
    });
    expect(checkDocumentType("receipt.pdf", new Uint8Array(), FILE_TYPE_NAMES)).toEqual({
      ok: false,
      reason: "content",
    });
  });

  test("the media type comes from the content check, not from what the browser said", () => {
    expect(checkDocumentType("a.heif", SAMPLES["IMG_0001.heic"], FILE_TYPE_NAMES)).toEqual({
      ok: true,
      type: "heic",
      mediaType: "image/heic",
    });
  });
});

describe("safe file names", () => {
  test.each([
    ["../../etc/passwd", "passwd"],
    ["C:\\Users\\ana\\Receipts\\oil change.pdf", "oil change.pdf"],
    ["..", "document"],
    ["   ", "document"],
    ["recibo\u0000\u001f de mayo?.pdf", "recibo de mayo.pdf"],
    ['a<b>c:"d|e*.png', "abcde.png"],
    [".hidden.pdf", "hidden.pdf"],
    ["reçu  d'août.jpg", "reçu d'août.jpg"],
  ])("%j becomes %j", (name, safe) => {
    expect(safeFileName(name)).toBe(safe);
  });

  test("long names are cut to 120 characters, keeping the extension", () => {
    const name = safeFileName(`${"x".repeat(300)}.pdf`);
    expect(name).toHaveLength(120);
    expect(name.endsWith(".pdf")).toBe(true);
  });

  test("names long in bytes are cut to 255 bytes of UTF-8, never inside a character, keeping the extension", () => {
    const name = safeFileName(`${"文".repeat(118)}.pdf`);
    expect(Buffer.byteLength(name)).toBeLessThanOrEqual(255);
    expect(name).toBe(`${"文".repeat(83)}.pdf`);
    expect(safeFileName(`${"😀".repeat(100)}.png`)).toBe(`${"😀".repeat(62)}.png`);
  });

  test("a long name is cut between characters, never inside one: no half of an emoji is kept", () => {
    // 65 characters, 125 UTF-16 code units: cut at 120 code units, it kept half an emoji, which
    // the page showed as U+FFFD while its loader data held the half (a hydration error).
    expect(safeFileName(`a${"😀".repeat(60)}.png`)).toBe(`a${"😀".repeat(60)}.png`);
    expect(safeFileName(`a${"😀".repeat(130)}.png`)).toBe(`a${"😀".repeat(62)}.png`);
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 400 }), (name) => {
        const safe = safeFileName(name);
        expect(safe.isWellFormed()).toBe(true);
        expect([...safe].length).toBeLessThanOrEqual(120);
        expect(Buffer.byteLength(safe)).toBeLessThanOrEqual(255);
      }),
      { numRuns: 300 },
    );
  });

  test("bidirectional controls are taken out: a name cannot show its extension reversed", () => {
    expect(safeFileName("\u202egnp.exe.png")).toBe("gnp.exe.png");
    expect(safeFileName("invoice\u2066\u200f\u200e\u2069.pdf")).toBe("invoice.pdf");
  });
});

describe("fitToBytes and the export's document file names", () => {
  test("any name fits its bytes, is a start of the name, and keeps a short extension", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: "grapheme", maxLength: 300 }),
        fc.constantFrom("", ".pdf", ".jpeg", ".tiff"),
        fc.integer({ min: 12, max: 255 }),
        (stem, extension, max) => {
          const name = stem + extension;
          const fitted = fitToBytes(name, max);
          expect(Buffer.byteLength(fitted)).toBeLessThanOrEqual(max);
          // Cut between characters: never half of a surrogate pair. A name may itself hold U+FFFD
          // (a broken byte read as such); the cut must not add one.
          expect(fitted.isWellFormed()).toBe(true);
          expect(fitted.split("\uFFFD").length).toBeLessThanOrEqual(name.split("\uFFFD").length);
          if (Buffer.byteLength(name) <= max) expect(fitted).toBe(name);
          else if (extension && !stem.includes(".")) expect(fitted.endsWith(extension)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  test("a name holding U+FFFD itself is kept as it is when it fits", () => {
    expect(fitToBytes("\uFFFD", 12)).toBe("\uFFFD");
    expect(fitToBytes(`${"\u{1F600}".repeat(10)}.pdf`, 14)).toBe("\u{1F600}\u{1F600}.pdf");
  });

  test("an exported document's file name, with its number and the '.partial' it is written as, fits 255 bytes", () => {
    for (const name of [`${"ñ".repeat(200)}.pdf`, `${"文".repeat(300)}.heic`, "x".repeat(1000), "receipt.pdf"]) {
      const file = documentFileName(41, name);
      expect(file.startsWith("42-")).toBe(true);
      expect(Buffer.byteLength(`${file}.0123456789ab.partial`)).toBeLessThanOrEqual(255);
    }
    expect(documentFileName(0, "tow, receipt.pdf")).toBe("1-tow, receipt.pdf");
    expect(documentFileName(1, `${"ñ".repeat(200)}.pdf`)).toMatch(/^2-ñ+\.pdf$/);
  });
});
