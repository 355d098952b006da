import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { startFailure, startPortal } from "#tests/support/portal-server.ts";
import { settlementWith, writeSettlementFile } from "#tests/support/settlement.ts";

/** A bad settlement folder stops the server at start-up, exit code 1, with a message naming the file and path. */
describe("configuration errors stop the server", () => {
  test.each([
    [
      "a missing theme",
      (s: Record<string, unknown>) => void delete s.theme,
      /settlement\.json: at theme: Theme not specified\./,
    ],
    ["an unknown theme", { theme: "bootstrap" }, /at theme: Unexpected appsettings\.theme value: "bootstrap"/],
    [
      "an unknown deadline time zone",
      (s: Record<string, unknown>) => {
        (s.deadlines as { en: { projectTimeZone: string } }).en.projectTimeZone = "Europe/Paris";
      },
      /at deadlines\.en\.projectTimeZone: Unknown deadline time zone "Europe\/Paris"/,
    ],
    [
      "a culture with no locale file",
      (s: Record<string, unknown>) => {
        s.cultures = ["en", "es", "fr"];
        (s.contact as Record<string, unknown>).fr = (s.contact as Record<string, unknown>).en;
        s.claimsAdminTitle = "Acme";
        s.banner = { showBanner: false };
        s.importantDocuments = [];
        s.statusReasons = {};
      },
      /locales\/fr\.json: missing: culture "fr" is listed in settlement\.json but has no locale file/,
    ],
  ])("%s", async (_name, edit, message) => {
    const dir = settlementWith(edit);
    const { code, output } = await startFailure({ settlementDir: dir });
    expect(code).toBe(1);
    expect(output).toMatch(message);
    if (!/locale file/.test(message.source)) expect(output).toContain(`${path.join(dir, "settlement.json")}: at `);
    expect(output).not.toMatch(/\n\s+at .*\(.*:\d+:\d+\)/); // no stack trace, just the message
  });

  test("markup in a settlement's locale override names the file and key", async () => {
    const dir = settlementWith();
    writeSettlementFile(dir, "locales/es.json", JSON.stringify({ Error_Title: "<ul><li>Error</li></ul>" }));
    const { code, output } = await startFailure({ settlementDir: dir });
    expect(code).toBe(1);
    expect(output).toContain(
      `${dir}/locales/es.json: at Error_Title: localized text must not contain p, li, ul or ol markup`,
    );
  });

  test("a port already taken: exit code 1 and a message saying so, not 'listening'", async () => {
    const running = await startPortal();
    try {
      const { code, output } = await startFailure({ env: { PORT: new URL(running.url).port } });
      expect(code).toBe(1);
      expect(output).toMatch(/The portal could not start\.\nCannot listen on 127\.0\.0\.1:\d+: .*EADDRINUSE/);
      expect(output).not.toContain("listening");
    } finally {
      await running.stop();
    }
  });

  test("a field encryption key that is not 32 bytes of base64, or a sensitive field that is not text", async () => {
    const { code, output } = await startFailure({ env: { FIELD_ENCRYPTION_KEYS: "too-short" } });
    expect(code).toBe(1);
    expect(output).toContain(
      "FIELD_ENCRYPTION_KEYS: key 1 is not 32 bytes in base64 (AES-256 needs 32 random bytes; make one with: openssl rand -base64 32)",
    );
    expect(output).not.toMatch(/\n\s+at .*\(.*:\d+:\d+\)/);

    const dir = settlementWith();
    const file = path.join(dir, "forms", "automotive.json");
    const models = JSON.parse(readFileSync(file, "utf8")) as Array<{ fields: Record<string, { sensitive?: boolean }> }>;
    for (const model of models) if (model.fields.accountType) model.fields.accountType.sensitive = true;
    writeFileSync(file, JSON.stringify(models));
    const refused = await startFailure({ settlementDir: dir });
    expect(refused.code).toBe(1);
    expect(refused.output).toContain(
      `${file}: model PaymentElection, field accountType: only a FormFieldText may be sensitive`,
    );
  });

  test("a missing settlement folder", async () => {
    const { code, output } = await startFailure({ settlementDir: "/nonexistent/settlement" });
    expect(code).toBe(1);
    expect(output).toContain("/nonexistent/settlement/settlement.json: file not found");
  });
});

describe("configuration warnings", () => {
  test("a money field with no upper bound is named at start-up (the demo's all have one); so is a malformed class-member list, which stops the server", async () => {
    const demo = await startPortal();
    await demo.stop();
    expect(demo.output()).not.toContain("a money field with no upper bound");

    const dir = settlementWith();
    const file = path.join(dir, "forms", "reimbursement.json");
    const models = JSON.parse(readFileSync(file, "utf8")) as Array<{
      fields: Record<string, { validations: Array<{ type: string }> }>;
    }>;
    for (const model of models)
      if (model.fields.amount)
        model.fields.amount.validations = model.fields.amount.validations.filter((rule) => rule.type !== "range");
    writeFileSync(file, JSON.stringify(models));
    const unbounded = await startPortal({ settlementDir: dir });
    await unbounded.stop();
    expect(unbounded.output()).toContain(
      `${file}: model ClaimTransactions, field amount: a money field with no upper bound; add a \\"range\\" rule with a \\"max\\"`,
    );

    writeSettlementFile(
      dir,
      "class-members.csv",
      'ClaimId,Pin,VIN\n10000001,123456,\n10000002,"654321,\n10000003,111222,\n',
    );
    const { code, output } = await startFailure({ settlementDir: dir });
    expect(code).toBe(1);
    expect(output).toContain(
      `${path.join(dir, "class-members.csv")}: line 3: a field opens a quote (") that is never closed`,
    );
  });
});
