import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { literalUndecodableAddresses } from "#app/http/undecodable-address.server.ts";

/** The address the pages are given after the middleware, for `url` as sent. */
function rewritten(url: string): { url: string; originalUrl?: string } {
  const req = { url, originalUrl: url } as Parameters<typeof literalUndecodableAddresses>[0];
  let called = false;
  literalUndecodableAddresses(req, {} as never, () => {
    called = true;
  });
  expect(called).toBe(true);
  return { url: req.url!, originalUrl: req.originalUrl };
}

describe("addresses that do not decode are read literally", () => {
  test.each([
    ["/%E0%A4%A", "/%25E0%25A4%25A"],
    ["/standard/%zz?culture=es", "/standard/%25zz?culture=es"],
    ["/standard/claimant-info%", "/standard/claimant-info%25"],
    ["/standard/%ed%a0%80", "/standard/%25ed%25a0%2580"],
    // Only the segment that does not decode; the query is left to the pages (it may be a claimant's).
    ["/caf%C3%A9/%zz?q=%zz", "/caf%C3%A9/%25zz?q=%zz"],
    ["/standard/claimant-info?culture=es", "/standard/claimant-info?culture=es"],
    ["/caf%C3%A9", "/caf%C3%A9"],
  ])("%s reads as %s", (sent, read) => {
    expect(rewritten(sent)).toEqual({ url: read, originalUrl: read });
  });

  test("whatever path is sent, each segment then decodes to what was sent, or is left as it was", () => {
    const piece = fc.constantFrom("%", "%2", "%25", "%zz", "%E0%A4", "%C3%A9", "%ED%A0%80", "a", "/", "é", "?");
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const sent = `/${pieces.join("")}`;
        const queryAt = sent.indexOf("?");
        const { url } = rewritten(sent);
        const path = queryAt === -1 ? url : url.slice(0, url.indexOf("?"));
        const sentPath = queryAt === -1 ? sent : sent.slice(0, queryAt);
        expect(url.slice(path.length)).toBe(sent.slice(sentPath.length));
        const sentSegments = sentPath.split("/");
        path.split("/").forEach((segment, index) => {
          // Decodes now (throws otherwise); a segment changed decodes to the characters sent.
          const decoded = decodeURIComponent(segment);
          if (segment !== sentSegments[index]) expect(decoded).toBe(sentSegments[index]);
        });
      }),
      { numRuns: 300 },
    );
  });
});
