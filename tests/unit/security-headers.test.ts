import { describe, expect, test } from "vitest";
import { deadlinesSchema } from "#app/deadlines/deadline-settings.ts";
import { contentSecurityPolicy } from "#app/security-headers.server.ts";

describe("the Content-Security-Policy", () => {
  test("allows form posts to be redirected to every deadline target's origin, whichever shape", () => {
    const perLanguage = deadlinesSchema.parse({
      en: {
        projectTimeZone: "UTC",
        deadlines: {
          claimFilingDeadline: { deadlineDateTime: "2027-01-01T00:00:00", redirectUrl: "https://closed.example/en" },
        },
      },
      es: {
        projectTimeZone: "UTC",
        deadlines: {
          claimFilingDeadline: { deadlineDateTime: "2027-01-01T00:00:00", redirectUrl: "https://cerrado.example/es" },
        },
      },
    }).settings;
    const flat = deadlinesSchema.parse({
      deadlines: {
        lookupDeadline: {
          date: "01/01/2027",
          timeZone: "UTC",
          redirectTargets: { default: "https://over.example/x", es: "/deadline" },
        },
      },
    }).settings;
    expect(contentSecurityPolicy(perLanguage)("n")).toContain(
      "form-action 'self' https://closed.example https://cerrado.example;",
    );
    expect(contentSecurityPolicy(flat)("n")).toContain("form-action 'self' https://over.example;");
  });

  test("scripts and styles need this request's nonce; nothing may frame the portal", () => {
    const csp = contentSecurityPolicy({})("abc");
    expect(csp).toContain("script-src 'self' 'nonce-abc' https://challenges.cloudflare.com");
    // The theme's styles are in the page (decision 039): no stylesheet file, no style attribute.
    expect(csp).toContain("style-src 'nonce-abc';");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("unsafe");
  });
});
