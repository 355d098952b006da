import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { sameOriginPath } from "#app/http/same-origin-path.ts";

const ORIGIN = "https://claims.example.com";

describe("sameOriginPath (set-language's return URL)", () => {
  test("whatever it is given, a path a browser resolves on this origin, or nothing", () => {
    const pieces = fc.constantFrom(
      "/",
      "//",
      "\\",
      "/\\",
      ".",
      "..",
      "%2e",
      "%2E",
      "%2F",
      "evil.example",
      "claims.example.com",
      "https:",
      "http:",
      "javascript:",
      "@",
      "?",
      "#",
      " ",
      "\t",
      "x",
      ":443",
    );
    fc.assert(
      fc.property(
        fc.oneof(
          fc.array(pieces, { maxLength: 8 }).map((parts) => parts.join("")),
          fc.string(),
        ),
        (returnUrl) => {
          const path = sameOriginPath(returnUrl, ORIGIN);
          if (path === undefined) return;
          expect(path, returnUrl).toMatch(/^\/(?![/\\])/);
          // Where a browser on the portal goes when sent there.
          expect(new URL(path, ORIGIN).origin, returnUrl).toBe(ORIGIN);
        },
      ),
      { numRuns: 5_000 },
    );
  });

  test("local paths, normalised; other hosts refused", () => {
    expect(sameOriginPath("/x/../lookup?culture=en#top", ORIGIN)).toBe("/lookup?culture=en#top");
    expect(sameOriginPath(`${ORIGIN}/standard`, ORIGIN)).toBe("/standard");
    for (const returnUrl of [
      "/.//evil.example/login",
      "/..//evil.example",
      "/x/..//evil.example",
      "//evil.example",
      "/\\evil.example",
      "https://evil.example/",
      "http://claims.example.com/",
    ]) {
      expect(sameOriginPath(returnUrl, ORIGIN), returnUrl).toBeUndefined();
    }
  });
});
