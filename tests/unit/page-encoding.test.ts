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
    ["gzip;q=0, gzip", undefined],
    ["br, gzip, br;q=0", "gzip"],
  ] as const)("Accept-Encoding %j: %s", (header, coding) => {
    expect(pageCoding(header)).toBe(coding);
  });

  /** Accept-Encoding headers as browsers and tools write them: codings, cases, q-values good and bad, spaces. */
  const coding = fc.constantFrom("gzip", "br", "*", "identity", "deflate", "GZIP", "Br", "zstd", "x-gzip");
  const quality = fc.option(fc.constantFrom("0", "0.0", "0.5", "1", "1.000", "abc", " 0.3", "0.001"), {
    nil: undefined,
  });
  const header = fc
    .array(fc.tuple(coding, quality, fc.constantFrom("", " ")), { maxLength: 5 })
    .map((parts) => parts.map(([name, q, space]) => `${name}${q === undefined ? "" : `;${space}q=${q}`}`).join(", "));
  const refused = (header: string, chosen: string) =>
    header
      .split(",")
      .map((part) => part.trim().toLowerCase())
      .some((part) => part.startsWith(`${chosen};`) && /q=\s*0(\.0*)?$/.test(part));

  test("a page comes back whole from what is sent, in a coding the browser takes, never one it refuses", async () => {
    const page = Buffer.from(
      `<!DOCTYPE html><html lang="es"><body>${"<p>Señora Peña, 1.200,00 $</p>".repeat(60)}</body></html>`,
    );
    const seen = new Set<string | undefined>();
    await fc.assert(
      fc.asyncProperty(header, async (accept) => {
        const sent = await encodedPage(page, accept);
        seen.add(sent.coding);
        const back =
          sent.coding === "br"
            ? brotliDecompressSync(sent.body)
            : sent.coding === "gzip"
              ? gunzipSync(sent.body)
              : sent.body;
        expect(back.equals(page)).toBe(true);
        if (sent.coding) expect(refused(accept, sent.coding), accept).toBe(false);
      }),
      { numRuns: 300 },
    );
    // The headers made above reach every outcome.
    expect(seen).toEqual(new Set(["br", "gzip", undefined]));
  });

  test("a page under 1 KB goes out as it is", async () => {
    expect(await encodedPage(Buffer.from("<p>short</p>"), "gzip, br")).toEqual({ body: Buffer.from("<p>short</p>") });
  });
});
