import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { BACKENDS, readClaims } from "#tests/support/backends.ts";
import { PDF, PNG } from "#tests/support/documents.ts";
import { portalCommand } from "#tests/support/portal-command.ts";
import { type PortalServer, startPortal } from "#tests/support/portal-server.ts";
import { withStore } from "#tests/support/server-state.ts";
import { ANSWERS, type ClaimFlow, type Member, memberWithData, newMember, SIGNATURE, TEST_TOKEN } from "./claimants.ts";
import { loadOpenApiContract, type OpenApiContract } from "./openapi.ts";
import { type Authorization, formModel, formModels, type ModelConfig, partName, SpecClient } from "./spec-client.ts";

/**
 * Issue 15: a client written from SPEC §3/§7 and docs/api.md alone (./spec-client.ts) reads what
 * SPEC's start-up reads, signs in and files a claim in every flow, on each store; every response
 * it receives is checked against docs/openapi.yaml. What counts is what the store then holds.
 */

type Models = Record<string, ModelConfig>;

describe("docs/openapi.yaml", () => {
  test("is a valid OpenAPI 3.1 document", async () => {
    const contract = await loadOpenApiContract();
    expect(contract.documented).toContain("POST /api/forms/{formType} 200");
  });
});

describe.each(BACKENDS)("a client written from SPEC §7 and docs/api.md, on %s", (backend) => {
  let portal: PortalServer;
  let contract: OpenApiContract;
  beforeAll(async () => {
    [portal, contract] = await Promise.all([startPortal({ backend }), loadOpenApiContract()]);
  });
  afterAll(async () => {
    await portal.stop();
  });

  const newClient = (headers: Record<string, string> = {}) => new SpecClient(portal.url, contract.check, headers);

  /**
   * SPEC §7's start-up, then what the form layout loads: deadlines, the CSRF token, the captcha
   * config, the model config (no parameter) and the whitelist. Answers the models by part name.
   */
  async function startUp(client: SpecClient, formType: string): Promise<Models> {
    expect((await client.deadlines()).status).toBe(200);
    expect((await client.loadCsrf()).status).toBe(200);
    const captcha = await client.captchaConfig();
    expect(captcha.body).toMatchObject({ enabled: true, provider: "test" });
    const config = await client.modelConfig();
    expect(config.status).toBe(200);
    expect((await client.whitelist()).body.allowedCharacters).toContain("ñ");
    expect((await client.signatureDate("en")).body.signatureDate).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    return Object.fromEntries(formModels(config.body, formType).map((model) => [partName(model), model]));
  }

  /** Signs in as the member, as SPEC §7 says: the credentials model and the captcha token. */
  async function signedIn(formType: ClaimFlow, member: Member, headers: Record<string, string> = {}) {
    const client = newClient(headers);
    const models = await startUp(client, formType);
    const reply = await client.authorize(formType, formModel(models.credentials!, member, "cred"), TEST_TOKEN);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return {
      client,
      models,
      prepopulatedData: (reply.body as Extract<Authorization, { csrf: object }>).prepopulatedData,
    };
  }

  /** SPEC §3's payload for a flow: its models in SPEC's form-model shape, the signature, the documents' contexts. */
  function payload(formType: ClaimFlow, models: Models, documents: Array<{ name: string; kind: string }>) {
    const transactions =
      formType === "reimbursement"
        ? [
            formModel(
              models.claimTransactions!,
              { expenseDate: "5/1/2024", description: "Tow", amount: "95.00" },
              "txn",
            ),
          ]
        : undefined;
    const contexts = documents.map((document) =>
      formModel(
        models.documentContexts!,
        {
          name: document.name,
          documentKind: document.kind,
          ...(transactions ? { claimTransactionId: transactions[0]!.clientId } : {}),
        },
        "doc",
      ),
    );
    return {
      parts: {
        claimantInfo: formModel(models.claimantInfo!, ANSWERS[formType].claimantInfo),
        claimDetails: formModel(models.claimDetails!, ANSWERS[formType].claimDetails),
        signature: formModel(models.signature!, SIGNATURE),
        documentContexts: contexts,
        claimTransactions: transactions,
        userPreferredCulture: JSON.stringify("en"),
      },
      contexts,
    };
  }

  const FILES = {
    standard: [{ name: "receipt.pdf", kind: "receipt", content: PDF }],
    automotive: [
      { name: "title.pdf", kind: "title", content: PDF },
      { name: "car.png", kind: "other", content: PNG },
    ],
    reimbursement: [{ name: "tow.pdf", kind: "receipt", content: PDF }],
  };

  test.each(["automotive", "reimbursement", "standard"] as const)(
    "%s: files a claim with documents, SPEC's parts only, each model in SPEC's shape; the store holds it for the member",
    async (formType) => {
      // A member with data to fill in (Ana García's): SPEC's payload sends it back, with the credentials.
      const member = memberWithData();
      const { client, models, prepopulatedData } = await signedIn(formType, member);
      expect(prepopulatedData).toMatchObject({ FirstName: "Ana", LastName: "García" });
      const { parts: answers, contexts } = payload(formType, models, FILES[formType]);
      const parts = { ...answers, credentials: formModel(models.credentials!, member), prepopulatedData };
      const documents = contexts.map((context, index) => ({
        clientId: context.clientId,
        content: new Blob([FILES[formType][index]!.content]),
      }));
      const filed = await client.submit(
        formType,
        { ...parts, reCaptchaResponse: JSON.stringify(TEST_TOKEN) },
        documents,
      );
      expect(filed.status, JSON.stringify(filed.body)).toBe(200);
      const { referenceCodeForm } = filed.body as { referenceCodeForm: string };
      const [claim] = (await readClaims(portal)).filter((row) => row.claim_id === member.claimId);
      expect(claim).toMatchObject({ reference_code: referenceCodeForm, form_type: formType, verified: true });
      expect(claim!.models.claimantInfo).toMatchObject({
        firstName: "Ana",
        lastName: "García",
        mailingCity: "Seattle",
      });
      expect(claim!.models.signature).toMatchObject({ attestation: true, signature: "Ana García" });
      // SPEC's payload has no payment election: none is made up for the claimant (decision 020).
      expect(claim!.models.paymentElection).toBeUndefined();
      const stored = await withStore(portal, (store) => store.claimDocuments(referenceCodeForm));
      expect(stored.map((document) => document.name).sort()).toEqual(FILES[formType].map((file) => file.name).sort());
    },
  );

  test("standard: files a claim without documents; the reference code comes back, the same for a retry", async () => {
    const member = newMember();
    const { client, models } = await signedIn("standard", member);
    const { parts } = payload("standard", models, []);
    // The captcha token as the widget gives it, a raw string, not JSON-quoted (both are read).
    const first = await client.submit("standard", { ...parts, reCaptchaResponse: TEST_TOKEN });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const again = await client.submit("standard", { ...parts, captchaRawValue: TEST_TOKEN });
    expect(again.body).toEqual(first.body);
    const claims = (await readClaims(portal)).filter((row) => row.claim_id === member.claimId);
    expect(claims.map((claim) => claim.reference_code)).toEqual([
      (first.body as { referenceCodeForm: string }).referenceCodeForm,
    ]);
    expect(claims[0]!.models.claimDetails).toMatchObject({
      quantity: "2",
      unitPrice: "19.99",
      purchaseDate: "03/07/2021",
    });
  });

  test("numbers and dates as a claimant would type them are stored in their mask's canonical form (docs/forms.md), text in NFC", async () => {
    const member = newMember();
    const { client, models } = await signedIn("standard", member);
    const { parts } = payload("standard", models, []);
    const claimDetails = formModel(models.claimDetails!, {
      ...ANSWERS.standard.claimDetails,
      unitPrice: "$1,200.00",
      totalWeight: 12.5,
      purchaseDate: "6/5/2022",
    });
    // A name with its accent as a combining mark (some keyboards and clients send it so) is read in NFC.
    const claimantInfo = formModel(models.claimantInfo!, { ...ANSWERS.standard.claimantInfo, firstName: "Jose\u0301" });
    const filed = await client.submit("standard", {
      ...parts,
      claimantInfo,
      claimDetails,
      reCaptchaResponse: TEST_TOKEN,
    });
    expect(filed.status, JSON.stringify(filed.body)).toBe(200);
    const [claim] = (await readClaims(portal)).filter((row) => row.claim_id === member.claimId);
    expect(claim!.models.claimDetails).toMatchObject({
      unitPrice: "1200.00",
      totalWeight: "12.5",
      purchaseDate: "06/05/2022",
    });
    expect(claim!.models.claimantInfo).toMatchObject({ firstName: "Jos\u00e9" });
    const other = await signedIn("standard", newMember());
    const cents = formModel(models.claimDetails!, { ...ANSWERS.standard.claimDetails, unitPrice: "$99.50" });
    const second = await other.client.submit("standard", {
      ...parts,
      claimDetails: cents,
      reCaptchaResponse: TEST_TOKEN,
    });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    const code = (second.body as { referenceCodeForm: string }).referenceCodeForm;
    const [stored] = (await readClaims(portal)).filter((row) => row.reference_code === code);
    expect(stored!.models.claimDetails).toMatchObject({ unitPrice: "99.50" });
  });

  test.each(["automotive", "reimbursement"] as const)(
    "%s without documents: 400 validation_failed, 'Provide documentation', nothing filed",
    async (formType) => {
      const member = newMember();
      const { client, models } = await signedIn(formType, member);
      const { parts } = payload(formType, models, []);
      const refused = await client.submit(formType, { ...parts, reCaptchaResponse: TEST_TOKEN });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        code: "validation_failed",
        fields: { documentContexts: "Provide documentation" },
      });
      expect((await readClaims(portal)).filter((row) => row.claim_id === member.claimId)).toEqual([]);
    },
  );

  test("the same answers in SPEC's model shape and as flat objects are stored as the same claim", async () => {
    const first = await signedIn("reimbursement", newMember());
    const second = await signedIn("reimbursement", newMember());
    const { parts, contexts } = payload("reimbursement", first.models, FILES.reimbursement);
    const fieldsOnly = ({ clientId, fields }: { clientId: string; fields: Record<string, unknown> }) => ({
      clientId,
      ...fields,
    });
    const flat = {
      ...parts,
      claimantInfo: parts.claimantInfo.fields,
      claimDetails: parts.claimDetails.fields,
      signature: parts.signature.fields,
      claimTransactions: parts.claimTransactions!.map(fieldsOnly),
      documentContexts: parts.documentContexts.map(fieldsOnly),
    };
    const codes: string[] = [];
    for (const [client, sent] of [
      [first.client, parts],
      [second.client, flat],
    ] as const) {
      const reply = await client.submit("reimbursement", { ...sent, reCaptchaResponse: TEST_TOKEN }, [
        { clientId: contexts[0]!.clientId, content: new Blob([PDF]) },
      ]);
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      codes.push((reply.body as { referenceCodeForm: string }).referenceCodeForm);
    }
    const [fromModels, fromFlat] = await withStore(portal, (store) =>
      Promise.all(codes.map(async (code) => (await store.getClaim(code))!)),
    );
    expect(fromFlat!.models).toEqual(fromModels!.models);
    // Each claim has its own copy of the document; all else is the same.
    const withoutDocument = (claim: typeof fromModels) =>
      Object.values(claim!.records).flatMap((list) => list.map(({ documentId: _id, ...record }) => record));
    expect(withoutDocument(fromFlat)).toEqual(withoutDocument(fromModels));
    // Money as a decimal string, as typed.
    expect(fromModels!.models.claimDetails!.repairAmount).toBe("480.50");
    expect(fromModels!.records.claimTransactions![0]!.fields.amount).toBe("95.00");

    // And the administrator's export of the two is the same, but for whose and which claim it is.
    const out = path.join(mkdtempSync(path.join(tmpdir(), "contract-export-")), "export");
    const exported = await portalCommand(portal, portal.settlementDir, "export", "--out", out, "--documents");
    expect(exported.code, exported.stderr).toBe(0);
    // A folder per claim with documents, none for a claim without (the standard ones filed above without documents).
    for (const folder of readdirSync(path.join(out, "documents")))
      expect(readdirSync(path.join(out, "documents", folder)).length, folder).toBeGreaterThan(0);
    const claims = JSON.parse(readFileSync(path.join(out, "claims.json"), "utf8")) as Array<Record<string, unknown>>;
    const [jsonFromModels, jsonFromFlat] = codes.map((code) => claims.find((claim) => claim.referenceCode === code)!);
    expect(jsonFromFlat!.answers).toEqual(jsonFromModels!.answers);
    expect(jsonFromModels!.answers).toMatchObject({ claimDetails: { repairAmount: "480.50" } });
    const [header, ...rows] = readFileSync(path.join(out, "claims-reimbursement.csv"), "utf8").trim().split(/\r?\n/);
    const [rowFromModels, rowFromFlat] = codes.map((code) => rows.find((row) => row.startsWith(code))!);
    // The answer columns are "model.field"; those before say whose claim it is and when it came.
    const firstAnswer = header!.split(",").findIndex((column) => column.includes("."));
    const answersOf = (row: string) => row.split(",").slice(firstAnswer);
    expect(answersOf(rowFromFlat!)).toEqual(answersOf(rowFromModels!));
  });
});
