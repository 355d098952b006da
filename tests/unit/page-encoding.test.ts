import { brotliDecompressSync, gunzipSync } from "node:zlib";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { encodedPage, pageCoding } from "#app/http/page-encoding.server.ts";

describe("the coding a page goes out in", () => {
  test.each([
    ["gzip, deflate, br, zstd", "br"],
    ["gzip, deflate", "gzip"],
    ["GZIP", "gzip"],
    ["br;q=0.5, gzip", "gzip"],
    ["br;q=0, gzip;q=0.1", "gzip"],
    ["br; q=1.0, gzip; q=1.0", "br"],
    ["*", "br"],
    ["*;q=0.3, gzip;q=0.5", "gzip"],
    ["gzip;q=0, *", "br"],
    ["identity", undefined],
    ["deflate", undefined],
    ["gzip;q=0", undefined],
    ["", undefined],
    [null, undefined],
    ["gzip;q=abc", undefined],
  ] as const)("Accept-Encoding %j: %s", (header, coding) => {
    expect(pageCoding(header)).toBe(coding);
  });

  test("a page comes back whole from what is sent, whatever the browser says it takes", () => {
    const page = Buffer.from(
      `<!DOCTYPE html><html lang="es"><body>${"<p>Señora Peña, 1.200,00 $</p>".repeat(60)}</body></html>`,
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (header) => {
        const sent = encodedPage(page, header);
        const back =
          sent.coding === "br"
            ? brotliDecompressSync(sent.body)
            : sent.coding === "gzip"
              ? gunzipSync(sent.body)
              : sent.body;
        expect(back.equals(page)).toBe(true);
        expect(sent.coding).toBe(pageCoding(header));
      }),
      { numRuns: 200 },
    );
  });

  test("a page under 1 KB goes out as it is", () => {
    expect(encodedPage(Buffer.from("<p>short</p>"), "gzip, br")).toEqual({ body: Buffer.from("<p>short</p>") });
  });
});
