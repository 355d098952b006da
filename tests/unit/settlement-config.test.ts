import { describe, expect, test } from "vitest";
import { loadPortal } from "#app/settlement/portal.server.ts";
import { DEMO_SETTLEMENT, settlementWith, writeSettlementFile } from "#tests/support/settlement.ts";

function loadError(dir: string): string {
  try {
    loadPortal(dir);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("expected the settlement to be refused");
}

describe("settlement configuration", () => {
  test("the demo settlement loads, with texts for every culture", () => {
    const portal = loadPortal(DEMO_SETTLEMENT);
    expect(portal.settlement.theme).toBe("jnd-7-0-default");
    expect(Object.keys(portal.messages)).toEqual(["en", "es"]);
    expect(portal.messages.es?.Deadline_claimFilingDeadline_DDD).toBe("31 de marzo de 2027");
  });

  test("upload limits default to 10 MB a file, 50 MB a claim, and the five document types", () => {
    expect(loadPortal(DEMO_SETTLEMENT).settlement.uploads).toEqual({
      maxFileBytes: 10 * 1024 * 1024,
      maxClaimBytes: 50 * 1024 * 1024,
      maxFiles: 20,
      allowedTypes: ["pdf", "jpeg", "png", "heic", "tiff"],
    });
    const message = loadError(
      settlementWith({ uploads: { maxFileBytes: 100, maxClaimBytes: 10, allowedTypes: ["exe"] } }),
    );
    expect(message).toMatch(/at uploads\.allowedTypes\.0: /);
    expect(loadError(settlementWith({ uploads: { maxFileBytes: 100, maxClaimBytes: 10 } }))).toMatch(
      /at uploads\.maxFileBytes: maxFileBytes cannot exceed maxClaimBytes/,
    );
  });

  test("a missing theme and an unknown theme have their own messages", () => {
    expect(loadError(settlementWith((s) => void delete s.theme))).toMatch(
      /settlement\.json: at theme: Theme not specified\./,
    );
    expect(loadError(settlementWith({ theme: "jnd-8-0-fancy" }))).toMatch(
      /settlement\.json: at theme: Unexpected appsettings\.theme value: "jnd-8-0-fancy"/,
    );
  });

  test("errors name the file and the path inside it", () => {
    const message = loadError(
      settlementWith((s) => {
        s.siteBaseUrl = "not a url";
        (s.captcha as Record<string, unknown>).provider = "recaptcha";
        s.unknownSetting = 1;
      }),
    );
    expect(message).toMatch(/settlement\.json: at siteBaseUrl: /);
    expect(message).toMatch(/settlement\.json: at captcha\.provider: /);
    expect(message).toMatch(/settlement\.json: at \(top level\): Unrecognized key: "unknownSetting"/);
  });

  test("an unknown deadline time zone stops start-up", () => {
    const dir = settlementWith((s) => {
      (s.deadlines as { en: { projectTimeZone: string } }).en.projectTimeZone = "Mars Standard Time";
    });
    expect(loadError(dir)).toMatch(
      /at deadlines\.en\.projectTimeZone: Unknown deadline time zone "Mars Standard Time"/,
    );
  });

  test("a localized text missing a culture, and a culture without contact settings, are refused", () => {
    const dir = settlementWith((s) => {
      s.claimsAdminTitle = { en: "Only English" };
      s.cultures = ["en", "es", "fr"];
    });
    const message = loadError(dir);
    expect(message).toMatch(/at claimsAdminTitle: No text for culture "es"/);
    expect(message).toMatch(/at contact: No contact settings for culture "fr"/);
  });

  test("a status reason (import-statuses) missing a culture, or with a code of other characters, is refused", () => {
    const missing = settlementWith((s) => {
      s.statusReasons = { W9: { en: "a signed W-9" } };
    });
    expect(loadError(missing)).toMatch(/at statusReasons\.W9: No text for culture "es"/);
    const spaced = settlementWith((s) => {
      s.statusReasons = { "no spaces": "x" };
    });
    expect(loadError(spaced)).toMatch(/A reason code is letters, digits, _ and -/);
  });

  test("invalid JSON and a missing file are reported with the file", () => {
    const dir = settlementWith();
    writeSettlementFile(dir, "settlement.json", "{ not json");
    expect(loadError(dir)).toMatch(/settlement\.json: .*JSON/);
    expect(loadError("/nonexistent/settlement")).toMatch(/\/nonexistent\/settlement\/settlement\.json: file not found/);
  });

  test("a settlement's locale override rewords a text, and markup in it names the key", () => {
    const dir = settlementWith();
    writeSettlementFile(dir, "locales/en.json", JSON.stringify({ Deadline_Title: "Filing is closed" }));
    expect(loadPortal(dir).messages.en?.Deadline_Title).toBe("Filing is closed");
    writeSettlementFile(dir, "locales/en.json", JSON.stringify({ Deadline_Title: "<p>Filing is closed</p>" }));
    expect(loadError(dir)).toMatch(
      /locales\/en\.json: at Deadline_Title: localized text must not contain p, li, ul or ol markup/,
    );
  });
});
