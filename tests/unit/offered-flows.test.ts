import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { loadPortal } from "#app/settlement/portal.server.ts";
import { DEMO_SETTLEMENT, openSettlement, settlementWith } from "#tests/support/settlement.ts";

type Json = Record<string, unknown>;

/** The demo with its en deadlines but the one named, so a flow can name a deadline that is not set. */
function withoutDeadline(key: string, edit: (settlement: Json) => void) {
  return settlementWith((settlement) => {
    const deadlines = settlement.deadlines as { en: { deadlines: Record<string, unknown> } };
    delete deadlines.en.deadlines[key];
    edit(settlement);
  });
}

describe("the flows a settlement offers (settlement.json flows and home)", () => {
  test("without flows, the four flows are offered as before: / is the automotive flow, one deadline closes the claim flows", () => {
    const portal = loadPortal(DEMO_SETTLEMENT);
    expect(portal.flows.map((flow) => flow.formType)).toEqual(["automotive", "reimbursement", "standard", "lookup"]);
    expect(portal.home).toBe("automotive");
    expect(portal.flows.map((flow) => flow.deadlineKeys)).toEqual([
      ["claimFilingDeadline", "globalDeadline"],
      ["claimFilingDeadline", "globalDeadline"],
      ["claimFilingDeadline", "globalDeadline"],
      ["lookupDeadline", "globalDeadline"],
    ]);
    expect(portal.flows.map((flow) => flow.signIn)).toEqual([["notice"], ["notice"], ["notice"], []]);
  });

  test("claims.vinOnlySignIn still gives the flows it names the VIN sign-in when flows is absent", () => {
    const portal = loadPortal(
      settlementWith((s) => {
        (s.claims as Json) = { ...(s.claims as Json), vinOnlySignIn: ["reimbursement"] };
      }),
    );
    expect(portal.flows.find((flow) => flow.formType === "reimbursement")?.signIn).toEqual(["notice", "vin"]);
  });

  test("a settlement offering standard alone, with its own deadline", () => {
    const portal = loadPortal(settlementWith({ flows: { standard: { deadlines: ["globalDeadline"] } } }));
    expect(portal.flows).toEqual([
      {
        formType: "standard",
        deadlineKeys: ["globalDeadline"],
        signIn: ["notice"],
        lastNameField: "claimantInfo.lastName",
      },
    ]);
    expect(portal.home).toBeUndefined();
    expect(Object.keys(portal.forms)).toEqual(["standard"]);
  });

  test.each([
    ["a flow the portal does not know", { flows: { standard: {}, cars: {} } }, /at flows: Unrecognized key: "cars"/],
    ["no flow at all", { flows: {} }, /at flows: A settlement offers at least one flow/],
    [
      "a home the settlement does not offer",
      { flows: { standard: {} }, home: "automotive" },
      /at home: "automotive" is not a flow this settlement offers \(flows lists standard\)/,
    ],
    [
      "the lookup as home",
      { flows: { standard: {}, lookup: {} }, home: "lookup" },
      /at home: "lookup" has no sign-in page to start at: choose a claim flow, or leave home out for a start page/,
    ],
    [
      "a sign-in kind the flow does not take",
      { flows: { standard: { signIn: ["notice", "vin"] } } },
      /at flows\.standard\.signIn\.1: standard does not take the sign-in kind "vin" \(it takes notice, open\)/,
    ],
    [
      "a sign-in kind that does not exist",
      { flows: { standard: { signIn: ["email"] } } },
      /at flows\.standard\.signIn\.0: /,
    ],
    [
      "the open sign-in beside another kind",
      { flows: { standard: { signIn: ["notice", "open"] } } },
      /at flows\.standard\.signIn: "open" stands alone: a flow without notices asks no credentials/,
    ],
    [
      "an e-mail field without the open sign-in",
      { flows: { standard: { emailField: "claimantInfo.emailAddress" } } },
      /at flows\.standard\.emailField: emailField is for the "open" sign-in/,
    ],
    [
      "an open flow whose sign-in page asks for credentials",
      { flows: { standard: { signIn: ["open"] } } },
      /standard\.pages\.json: index: standard's sign-in is "open", which asks for nothing: remove "credentials\.claimId", "credentials\.pin" from its sign-in page/,
    ],
    [
      "a sign-in for the lookup",
      { flows: { lookup: { signIn: ["notice"] } } },
      /at flows\.lookup\.signIn\.0: lookup does not take the sign-in kind "notice" \(it has no sign-in\)/,
    ],
    [
      "claims.vinOnlySignIn beside flows",
      { flows: { automotive: {} }, claims: { vinOnlySignIn: ["automotive"] } },
      /at claims\.vinOnlySignIn: with flows, a flow's sign-in kinds are its signIn \(flows\.automotive\.signIn: \["notice", "vin"\]\)/,
    ],
  ])("refused: %s, with the path named", (_name, edit, message) => {
    expect(() => loadPortal(settlementWith(edit))).toThrow(message);
  });

  test("refused: a deadline key that is not set in deadlines, named with its path", () => {
    const dir = withoutDeadline("reimbursementFilingDeadline", (s) => {
      s.flows = { reimbursement: { deadlines: ["reimbursementFilingDeadline", "globalDeadline"] } };
    });
    expect(() => loadPortal(dir)).toThrow(
      /settlement\.json: at flows\.reimbursement\.deadlines\.0: the deadline "reimbursementFilingDeadline" is not set in deadlines/,
    );
  });

  test("a flow's default deadline keys are not required to be set (as before flows could be chosen)", () => {
    const dir = withoutDeadline("lookupDeadline", (s) => {
      s.flows = { lookup: {}, standard: {} };
    });
    const portal = loadPortal(dir);
    expect(portal.flows.find((flow) => flow.formType === "lookup")?.deadlineKeys).toEqual([
      "lookupDeadline",
      "globalDeadline",
    ]);
  });

  test("flows are offered, and listed, in the order settlement.json writes them", () => {
    const portal = loadPortal(settlementWith({ flows: { standard: {}, automotive: {} } }));
    expect(portal.flows.map((flow) => flow.formType)).toEqual(["standard", "automotive"]);
  });

  test("refused: a flow none of whose deadlines is set (it would take claims for ever)", () => {
    const dir = settlementWith((settlement) => {
      settlement.flows = { standard: {} };
      for (const culture of Object.values(settlement.deadlines as Record<string, { deadlines: Json }>)) {
        delete culture.deadlines.claimFilingDeadline;
        delete culture.deadlines.globalDeadline;
      }
    });
    expect(() => loadPortal(dir)).toThrow(
      /settlement\.json: at deadlines: none of standard's deadlines \(claimFilingDeadline, globalDeadline\) is set: a flow must close/,
    );
  });

  test("refused: a notice flow whose sign-in page asks for no Claim ID and PIN (no one could sign in)", () => {
    const dir = openSettlement((settlement) => {
      settlement.flows = { standard: { signIn: ["notice"] } };
    });
    expect(() => loadPortal(dir)).toThrow(
      /standard\.pages\.json: index: standard's sign-in is "notice", but its sign-in page does not ask for a Claim ID and a PIN/,
    );
  });

  test("refused: an open flow's e-mail field that its steps do not ask, or that is not required", () => {
    const notAsked = openSettlement((settlement) => {
      settlement.flows = { standard: { signIn: ["open"], emailField: "claimantInfo.middleInitial" } };
    });
    expect(() => loadPortal(notAsked)).toThrow(
      /at flows\.standard\.emailField: "claimantInfo\.middleInitial" is not a field standard's steps ask/,
    );
    const optional = openSettlement();
    const modelsFile = path.join(optional, "forms", "standard.json");
    const models = JSON.parse(readFileSync(modelsFile, "utf8")) as Array<{ fields: Record<string, Json> }>;
    const email = models[1]!.fields.emailAddress!;
    email.validations = (email.validations as Json[]).filter((rule) => rule.type !== "required");
    writeFileSync(modelsFile, JSON.stringify(models));
    expect(() => loadPortal(optional)).toThrow(
      /at flows\.standard\.emailField: "claimantInfo\.emailAddress" is not required: a claim without an address would escape/,
    );
  });

  test("refused: a last-name field (claim access) that the flow's steps do not ask, or on the lookup", () => {
    const notAsked = settlementWith({ flows: { standard: { lastNameField: "claimantInfo.surname" } } });
    expect(() => loadPortal(notAsked)).toThrow(
      /at flows\.standard\.lastNameField: "claimantInfo\.surname" is not a field standard's steps ask/,
    );
    const lookup = settlementWith({
      flows: { standard: {}, lookup: { lastNameField: "claimantInfo.lastName" } },
    });
    expect(() => loadPortal(lookup)).toThrow(/lastNameField is for a flow that files claims: lookup files none/);
  });
});
