import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { BACKENDS, countDocuments, readClaims } from "#tests/support/backends.ts";
import { PDF } from "#tests/support/documents.ts";
import { startFakeSiteverify } from "#tests/support/fake-siteverify.ts";
import { type PortalServer, startPortal } from "#tests/support/portal-server.ts";
import { settlementWith } from "#tests/support/settlement.ts";
import { ANSWERS, type Member, memberWithData, newMember, SIGNATURE, TEST_TOKEN } from "./claimants.ts";
import { loadOpenApiContract, type OpenApiContract } from "./openapi.ts";
import {
  type ApiError,
  type Authorization,
  formModel,
  formModels,
  type ModelConfig,
  partName,
  SpecClient,
} from "./spec-client.ts";

/**
 * Issue 15's reproductions and the API's truthful errors, from the client written from SPEC §7 and
 * docs/api.md: each refusal its own status and code, its message localised, every reply checked
 * against docs/openapi.yaml; a refused submission files nothing.
 */

/** The test clock (servers started by the tests honour it): a day well before the demo's deadlines. */
const at = (time: string) => ({ "X-Test-Now": `2026-12-01T${time}Z` });

const STANDARD = { ...ANSWERS.standard, signature: SIGNATURE };

/** docs/openapi.yaml, which every reply of this suite is checked against, and which responses were seen. */
let contract: OpenApiContract;
beforeAll(async () => {
  contract = await loadOpenApiContract();
});

describe.each(BACKENDS)("the API's errors, to a client written from SPEC §7 and docs/api.md, on %s", (backend) => {
  let portal: PortalServer;
  let models: Record<string, ModelConfig>;
  beforeAll(async () => {
    portal = await startPortal({ backend });
    const config = await new SpecClient(portal.url, contract.check).modelConfig();
    models = Object.fromEntries(formModels(config.body, "standard").map((model) => [partName(model), model]));
  });
  afterAll(async () => {
    await portal.stop();
  });

  const newClient = (headers: Record<string, string> = {}) => new SpecClient(portal.url, contract.check, headers);

  /** A client signed in to the standard flow as the member. */
  async function signedIn(member: Member, headers: Record<string, string> = {}) {
    const client = newClient(headers);
    await client.loadCsrf();
    const reply = await client.authorize("standard", formModel(models.credentials!, member), TEST_TOKEN);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return { client, prepopulatedData: (reply.body as Extract<Authorization, { csrf: object }>).prepopulatedData };
  }

  /** The standard claim in SPEC's parts, each model in SPEC's shape. */
  const standardParts = (changes: Record<string, unknown> = {}) => ({
    claimantInfo: formModel(models.claimantInfo!, STANDARD.claimantInfo),
    claimDetails: formModel(models.claimDetails!, STANDARD.claimDetails),
    signature: formModel(models.signature!, STANDARD.signature),
    reCaptchaResponse: TEST_TOKEN,
    ...changes,
  });

  const claimsOf = async (member: Member) =>
    (await readClaims(portal)).filter((claim) => claim.claim_id === member.claimId);

  function expectError(reply: { status: number; body: unknown }, status: number, code: string, error?: string) {
    expect(reply.status, JSON.stringify(reply.body)).toBe(status);
    expect((reply.body as ApiError).code).toBe(code);
    if (error !== undefined) expect((reply.body as ApiError).error).toBe(error);
  }

  test("SPEC §7's reads answer as documented", async () => {
    const client = newClient();
    for (const reply of [
      await client.loadCsrf(),
      await client.deadlines(),
      await client.whitelist(),
      await client.captchaConfig(),
      await client.modelConfig(),
      await client.get("/api/forms/config?formType=standard"),
      await client.signatureDate("es"),
      await client.get("/api/culture/content?culture=es"),
    ])
      expect(reply.status).toBe(200);
  });

  test("submitting to a form type the session never signed in to: 401 not_signed_in, not 'your session ended'", async () => {
    const client = newClient();
    await client.loadCsrf();
    expectError(
      await client.submit("standard", standardParts()),
      401,
      "not_signed_in",
      "You are not signed in to this claim form. Sign in with the Claim ID and PIN from your notice, then send your claim again.",
    );
    const { client: standardOnly } = await signedIn(newMember());
    expectError(await standardOnly.submit("automotive", standardParts()), 401, "not_signed_in");
    standardOnly.culture = "es";
    expectError(
      await standardOnly.submit("reimbursement", standardParts()),
      401,
      "not_signed_in",
      "No ha iniciado sesión en este formulario de reclamo. Inicie sesión con el ID de reclamo y el PIN de su aviso y vuelva a enviar su reclamo.",
    );
  });

  test("SPEC's log out (POST /api/session-timeout) ends the session: the keep-alive and a submission are then not signed in", async () => {
    const member = newMember();
    const { client } = await signedIn(member);
    expect((await client.keepAlive()).status).toBe(204);
    expect((await client.sessionTimeout()).status).toBe(204);
    expectError(await client.keepAlive(), 401, "not_signed_in");
    expectError(await client.submit("standard", standardParts()), 401, "not_signed_in");
    expect(await claimsOf(member)).toEqual([]);
  });

  test("a session that lapsed after signing in: 401 session_expired, with the session-expired message", async () => {
    const member = newMember();
    const { client } = await signedIn(member, at("18:00:00"));
    client.headers = at("18:45:00");
    const lapsed = await client.submit("standard", standardParts());
    expectError(lapsed, 401, "session_expired");
    expect((lapsed.body as ApiError).error).toMatch(/^For your security, we sign you out after 30 minutes/);
    expectError(await client.keepAlive(), 401, "not_signed_in");
    // It has ended: asked again, it is not signed in any more.
    expectError(await client.submit("standard", standardParts()), 401, "not_signed_in");
    expect(await claimsOf(member)).toEqual([]);
  });

  test("after the deadline: 403 deadline_passed, to authorize and to submit", async () => {
    const member = newMember();
    const { client } = await signedIn(member);
    client.headers = { "X-Test-Now": "2027-04-02T12:00:00Z" };
    const late = await client.submit("standard", standardParts());
    expectError(
      late,
      403,
      "deadline_passed",
      "The deadline for this part of the settlement has passed, so it is no longer available online.",
    );
    expectError(
      await client.authorize("standard", formModel(models.credentials!, member), TEST_TOKEN),
      403,
      "deadline_passed",
    );
    expect(await claimsOf(member)).toEqual([]);
  });

  test("a Claim ID locked after five wrong PINs: 423 locked_out, the right PIN too; 401 before", async () => {
    const member = newMember();
    const client = newClient();
    await client.loadCsrf();
    const wrong = formModel(models.credentials!, { ...member, pin: "000000" });
    const statuses = [];
    for (let attempt = 0; attempt < 5; attempt++)
      statuses.push((await client.authorize("standard", wrong, TEST_TOKEN)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    const locked = await client.authorize("standard", formModel(models.credentials!, member), TEST_TOKEN);
    expectError(locked, 423, "locked_out");
    expect((locked.body as ApiError).error).toMatch(/^This Claim ID is locked after too many wrong PINs/);
    expect(locked.body).toMatchObject({ authorized: false });
  });

  test("the captcha failed: 400 captcha_failed, to authorize and to submit; nothing filed", async () => {
    const member = newMember();
    const client = newClient();
    await client.loadCsrf();
    const refused = await client.authorize("standard", formModel(models.credentials!, member), "wrong-token");
    expectError(refused, 400, "captcha_failed", "The security check was not passed. Please try again.");
    expect(refused.body).toMatchObject({ authorized: false, captcha: null, prepopulatedData: null });
    expectError(
      await client.authorize("standard", formModel(models.credentials!, member), null),
      400,
      "captcha_failed",
    );
    const { client: signed } = await signedIn(member);
    expectError(
      await signed.submit("standard", standardParts({ reCaptchaResponse: "wrong-token" })),
      400,
      "captcha_failed",
    );
    expectError(
      await signed.submit("standard", standardParts({ reCaptchaResponse: undefined })),
      400,
      "captcha_failed",
    );
    expect(await claimsOf(member)).toEqual([]);
  });

  test("a form model with the client's own state beside its fields (SPEC §3: draft or saved, ever edited) is read as its fields", async () => {
    const member = newMember();
    const { client } = await signedIn(member);
    const withState = (name: string, answers: Record<string, unknown>) => ({
      ...formModel(models[name]!, answers),
      status: "saved",
      everDirty: Object.fromEntries(Object.keys(answers).map((key) => [key, true])),
    });
    const reply = await client.submit(
      "standard",
      standardParts({
        claimantInfo: withState("claimantInfo", STANDARD.claimantInfo),
        claimDetails: withState("claimDetails", STANDARD.claimDetails),
      }),
    );
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const [claim] = await claimsOf(member);
    expect(claim!.models.claimantInfo).toMatchObject({ firstName: "Ana", mailingCity: "Seattle" });
    expect(claim!.models.claimantInfo).not.toHaveProperty("status");
  });

  test("a raw or a JSON-quoted captcha token, as reCaptchaResponse or captchaRawValue, is read alike", async () => {
    for (const parts of [
      { reCaptchaResponse: TEST_TOKEN },
      { reCaptchaResponse: JSON.stringify(TEST_TOKEN) },
      { reCaptchaResponse: undefined, captchaRawValue: TEST_TOKEN },
      { reCaptchaResponse: undefined, captchaRawValue: JSON.stringify(TEST_TOKEN) },
    ]) {
      const member = newMember();
      const { client } = await signedIn(member);
      expect((await client.submit("standard", standardParts(parts))).status, JSON.stringify(parts)).toBe(200);
      expect(await claimsOf(member)).toHaveLength(1);
    }
  });

  test("without the CSRF header: 403 csrf_invalid, a message for the claimant and the developer's reason in detail", async () => {
    const client = newClient();
    const refused = await client.authorize("standard", { claimId: "10000001", pin: "123456" }, TEST_TOKEN);
    expectError(refused, 403, "csrf_invalid", "Your request failed. Please reload and try again.");
    expect((refused.body as ApiError).detail).toBe(
      "Missing or invalid CSRF token: send the X-CSRF-TOKEN header with the token from GET /api/csrf.",
    );
    client.culture = "es";
    expectError(
      await client.keepAlive(),
      403,
      "csrf_invalid",
      "Su solicitud no se pudo completar. Vuelva a cargar la página e inténtelo de nuevo.",
    );
    client.culture = undefined;
    expectError(await client.submit("standard", standardParts()), 403, "csrf_invalid");
    expectError(await client.keepAlive(), 403, "csrf_invalid");
    expectError(await client.sessionTimeout(), 403, "csrf_invalid");
  });

  test("credentials naming another member, or another member's prepopulated data: 403 credentials_mismatch, nothing filed for either", async () => {
    const [member, other] = [memberWithData(), newMember()];
    const { client, prepopulatedData } = await signedIn(member);
    expect(prepopulatedData).toMatchObject({ FirstName: "Ana", City: "Seattle" });
    for (const credentials of [other, { ...member, pin: "000000" }, { claimId: other.claimId }]) {
      const reply = await client.submit(
        "standard",
        standardParts({ credentials: formModel(models.credentials!, credentials) }),
      );
      expectError(
        reply,
        403,
        "credentials_mismatch",
        "The credentials in the submission are not those of the class member signed in. Sign in again with your own Claim ID and PIN.",
      );
    }
    const notTheirs = await client.submit(
      "standard",
      standardParts({ prepopulatedData: { FirstName: "Bo", City: "Austin" } }),
    );
    expectError(notTheirs, 403, "credentials_mismatch");
    expect((notTheirs.body as ApiError).error).toMatch(/^The prepopulated data in the submission is not that of/);
    expect([...(await claimsOf(member)), ...(await claimsOf(other))]).toEqual([]);

    // The member's own, in SPEC §4's camel-cased models: the claim is filed, for them.
    const own = await client.submit(
      "standard",
      standardParts({
        credentials: formModel(models.credentials!, member),
        prepopulatedData: [{ fields: { firstName: "Ana", lastName: "García", city: "Seattle" } }],
      }),
    );
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect(await claimsOf(member)).toHaveLength(1);
  });

  test("a model built from another version of the config, or under another part's name: 400 invalid_request", async () => {
    const { client } = await signedIn(newMember());
    const stale = { ...formModel(models.claimantInfo!, STANDARD.claimantInfo), metadataHash: "claimant-info-v0" };
    const refused = await client.submit("standard", standardParts({ claimantInfo: stale }));
    expectError(refused, 400, "invalid_request");
    expect((refused.body as ApiError).error).toContain('metadataHash "claimant-info-v0"');
    const misplaced = await client.submit(
      "standard",
      standardParts({ claimantInfo: formModel(models.claimDetails!, STANDARD.claimDetails) }),
    );
    expectError(
      misplaced,
      400,
      "invalid_request",
      '"claimantInfo" is a claimDetails model (metadata.dtoMapping), not ClaimantInfo.',
    );
    expectError(await client.submit("standard", standardParts({ claimantInfo: "{not json" })), 400, "invalid_request");
    const answerBesideFields = { ...formModel(models.claimantInfo!, STANDARD.claimantInfo), firstName: "Bo" };
    expectError(
      await client.submit("standard", standardParts({ claimantInfo: answerBesideFields })),
      400,
      "invalid_request",
    );
    expectError(await client.submit("standard", standardParts({ claimantInfo: [] })), 400, "invalid_request");
  });

  test("a value the claim would not keep is refused, never dropped: a field the form does not ask, a key of no field, an object for an answer", async () => {
    const member = newMember();
    const { client } = await signedIn(member);
    // The config says what the form asks: standard's name is first and last, its model has a middle initial.
    expect(models.claimantInfo!.fields.middleInitial).toMatchObject({ asked: false });
    expect(models.claimantInfo!.fields.firstName).toMatchObject({ asked: true });
    expect(models.documentContexts!.fields.documentKind).toMatchObject({ asked: true });
    const withAnswers = (answers: Record<string, unknown>) =>
      standardParts({ claimantInfo: formModel(models.claimantInfo!, { ...STANDARD.claimantInfo, ...answers }) });
    const notAsked = "This form does not ask this question: leave it null.";
    for (const middleInitial of ["Q", "12"]) {
      const refused = await client.submit("standard", withAnswers({ middleInitial }));
      expectError(refused, 400, "validation_failed", `claimantInfo.middleInitial: ${notAsked}`);
      expect((refused.body as ApiError).fields).toEqual({ "claimantInfo.middleInitial": notAsked });
    }
    expectError(
      await client.submit("standard", withAnswers({ bogus: "x" })),
      400,
      "invalid_request",
      '"claimantInfo.bogus" is not a field of this model: its fields are listed by GET /api/forms/config.',
    );
    expectError(
      await client.submit("standard", standardParts({ claimantInfo: { ...STANDARD.claimantInfo, bogus: "x" } })),
      400,
      "invalid_request",
      '"claimantInfo.bogus" is not a field of this model: its fields are listed by GET /api/forms/config.',
    );
    expectError(
      await client.submit("standard", withAnswers({ firstName: { a: 1 } })),
      400,
      "invalid_request",
      '"claimantInfo.firstName" must be text, a number, true or false, or null.',
    );
    expectError(
      await client.submit("standard", withAnswers({ firstName: ["Ana"] })),
      400,
      "invalid_request",
      '"claimantInfo.firstName" must be text, a number, true or false, or null.',
    );
    // A checkbox's answer is true or false (or the text a form sends: "true", "false", "on"); 1 or "yes" is not one.
    const withDetails = (answers: Record<string, unknown>) =>
      standardParts({ claimDetails: formModel(models.claimDetails!, { ...STANDARD.claimDetails, ...answers }) });
    for (const boughtInStore of [1, 0, "yes", "no", "1"])
      expectError(
        await client.submit("standard", withDetails({ boughtInStore })),
        400,
        "invalid_request",
        '"claimDetails.boughtInStore" is a checkbox: its answer must be true or false (or null).',
      );
    expect((await claimsOf(member)).length).toBe(0);
    const context = formModel(models.documentContexts!, { name: "a.pdf", documentKind: "receipt", bogus: "x" }, "doc");
    expectError(
      await client.submit("standard", standardParts({ documentContexts: [context] }), [
        { clientId: context.clientId, content: new Blob([PDF]) },
      ]),
      400,
      "invalid_request",
      '"documentContexts[0].bogus" is not a field of this model: its fields are listed by GET /api/forms/config.',
    );
    const beside = { ...formModel(models.claimantInfo!, STANDARD.claimantInfo), firstName: "Bo" };
    expectError(
      await client.submit("standard", standardParts({ claimantInfo: beside })),
      400,
      "invalid_request",
      '"claimantInfo": "firstName" is beside "fields" and is also a field of the model, so which answer is meant is ambiguous. Send it inside "fields" only.',
    );
    // Asked, but hidden by the other answers (a non-US postal code, the country "US"): the claim would not keep it.
    const hidden = await client.submit("standard", withAnswers({ mailingPostalCodeNonUS: "SW1A 1AA" }));
    expectError(hidden, 400, "validation_failed");
    expect((hidden.body as ApiError).fields).toEqual({
      "claimantInfo.mailingPostalCodeNonUS":
        "This question does not apply to your other answers (the form hides it): leave it null.",
    });
    expect(await claimsOf(member)).toEqual([]);
    // Whole models, every field null but the answers (SPEC §3), are filed; the middle initial left null too.
    const filed = await client.submit("standard", withAnswers({ middleInitial: null }));
    expect(filed.status, JSON.stringify(filed.body)).toBe(200);
    expect((await claimsOf(member))[0]!.models.claimantInfo).toMatchObject({ firstName: "Ana" });
  });

  test("a VIN where the form asks for a Claim ID and PIN: refused by name, as GET /api/forms/config says (demo: vinOnlySignIn is off)", async () => {
    const client = newClient();
    await client.loadCsrf();
    const config = (await client.modelConfig()).body;
    const credentialsOf = (formType: string) =>
      formModels(config, formType).find((model) => partName(model) === "credentials")!;
    expect(credentialsOf("automotive").fields.vin).toMatchObject({ asked: false });
    expect(formModels(config, "lookup")[0]!.fields.vin).toMatchObject({ asked: true });
    const refused = await client.authorize(
      "automotive",
      formModel(credentialsOf("automotive"), { vin: "1HGCM82633A004352" }),
      TEST_TOKEN,
    );
    expectError(refused, 400, "validation_failed");
    expect((refused.body as ApiError).fields).toMatchObject({
      "credentials.vin": "This form does not ask this question: leave it null.",
    });
  });

  /** Document contexts of the standard flow, one per name, and a PDF for each, named by its client id. */
  function documentsNamed(names: string[]) {
    const contexts = names.map((name) => formModel(models.documentContexts!, { name, documentKind: "receipt" }, "doc"));
    return { contexts, files: contexts.map((context) => ({ clientId: context.clientId, content: new Blob([PDF]) })) };
  }

  test("documents as the pages take them: at most the settlement's maxFiles, no two named alike in any case; a refusal stores nothing", async () => {
    const member = newMember();
    const { client } = await signedIn(member);
    const before = await countDocuments(portal);
    // docs/configuration.md: uploads.maxFiles, 20 by default.
    const many = documentsNamed(Array.from({ length: 21 }, (_, index) => `recibo-${index}.pdf`));
    const tooMany = await client.submit("standard", standardParts({ documentContexts: many.contexts }), many.files);
    expectError(tooMany, 400, "validation_failed");
    expect((tooMany.body as ApiError).fields).toEqual({
      documents: "recibo-20.pdf was not added: a claim can have at most 20 documents.",
    });
    const twice = documentsNamed(["recibo-0.pdf", "RECIBO-0.PDF"]);
    const sameName = await client.submit("standard", standardParts({ documentContexts: twice.contexts }), twice.files);
    expectError(sameName, 400, "validation_failed");
    expect((sameName.body as ApiError).fields).toEqual({
      documents: "A file named RECIBO-0.PDF already exists. Rename the file or choose another one.",
    });
    expect(await countDocuments(portal)).toBe(before);
    expect(await claimsOf(member)).toEqual([]);
    // Twenty, each named its own way, are filed.
    const twenty = documentsNamed(Array.from({ length: 20 }, (_, index) => `recibo-${index}.pdf`));
    const filed = await client.submit("standard", standardParts({ documentContexts: twenty.contexts }), twenty.files);
    expect(filed.status, JSON.stringify(filed.body)).toBe(200);
    expect(await countDocuments(portal)).toBe(before + 20);
  });

  test("a file no document context names: said so, by the file's name (never a path), not called the wrong type", async () => {
    const member = newMember();
    const { client } = await signedIn(member);
    const before = await countDocuments(portal);
    const { contexts, files } = documentsNamed(["receipt.pdf"]);
    const noContext = "documents";
    const unmatched = (name: string) => ({
      [noContext]: `The file "${name}" matches no document context (by clientId or name).`,
    });
    // documentContexts left out.
    const without = await client.submit("standard", standardParts(), files);
    expectError(without, 400, "validation_failed");
    expect((without.body as ApiError).fields).toEqual(unmatched(contexts[0]!.clientId));
    // One object where the list belongs: the part is refused as such.
    expectError(
      await client.submit("standard", standardParts({ documentContexts: contexts[0] }), files),
      400,
      "invalid_request",
      'The part "documentContexts" must be a JSON list of models.',
    );
    // A file named by no context's clientId or name, beside the one that is: the extra file is named.
    const extra = await client.submit("standard", standardParts({ documentContexts: contexts }), [
      ...files,
      { clientId: "doc-nothere1", content: new Blob([PDF]) },
    ]);
    expectError(extra, 400, "validation_failed");
    expect((extra.body as ApiError).fields).toEqual(unmatched("doc-nothere1"));
    // A path is never one: only its last part is reported.
    const path = await client.submit("standard", standardParts({ documentContexts: contexts }), [
      { clientId: "../../etc/passwd", content: new Blob([PDF]) },
    ]);
    expectError(path, 400, "validation_failed");
    expect((path.body as ApiError).fields).toEqual(unmatched("passwd"));
    // A context without its name: the file, sent under its clientId, has no name to read a type from.
    for (const name of [null, ""]) {
      const nameless = formModel(models.documentContexts!, { name, documentKind: "receipt" }, "doc");
      const refused = await client.submit("standard", standardParts({ documentContexts: [nameless] }), [
        { clientId: nameless.clientId, content: new Blob([PDF]) },
      ]);
      expectError(refused, 400, "validation_failed");
      expect((refused.body as ApiError).fields).toEqual({
        "documentContexts[0].name":
          "Give the file's name, with its extension (receipt.pdf): its type is read from it, since the file is sent under its clientId.",
      });
    }
    expect(await countDocuments(portal)).toBe(before);
    expect(await claimsOf(member)).toEqual([]);
  });

  test("a culture the portal does not speak, by ?culture= or userPreferredCulture: 400 invalid_request naming it, nothing filed or ended", async () => {
    const member = newMember();
    const { client } = await signedIn(member);
    const notSpoken = (culture: string, name: string) =>
      `The culture "${culture}" (${name}) is not one this portal speaks: use one of en, es.`;
    for (const culture of ["fr", "ES", "es-MX"]) {
      client.culture = culture;
      expectError(
        await client.submit("standard", standardParts()),
        400,
        "invalid_request",
        notSpoken(culture, "culture"),
      );
      expectError(await client.keepAlive(), 400, "invalid_request", notSpoken(culture, "culture"));
      expectError(await client.sessionTimeout(), 400, "invalid_request", notSpoken(culture, "culture"));
    }
    client.culture = undefined;
    expectError(
      await client.submit("standard", standardParts({ userPreferredCulture: "fr" })),
      400,
      "invalid_request",
      notSpoken("fr", "userPreferredCulture"),
    );
    client.culture = "es";
    expectError(
      await client.submit("standard", standardParts({ userPreferredCulture: JSON.stringify("es-MX") })),
      400,
      "invalid_request",
      'La cultura "es-MX" (userPreferredCulture) no es una de las de este portal: use una de en, es.',
    );
    client.culture = undefined;
    expect(await claimsOf(member)).toEqual([]);

    const other = newClient();
    await other.loadCsrf();
    other.culture = "fr";
    const refused = await other.authorize("standard", formModel(models.credentials!, newMember()), TEST_TOKEN);
    expectError(refused, 400, "invalid_request", notSpoken("fr", "culture"));
    expect(refused.body).toMatchObject({ authorized: false, captcha: null, prepopulatedData: null });
    const config = await other.get<ApiError>("/api/forms/config?culture=fr");
    expectError(config, 400, "request_failed", "Your request failed. Please reload and try again.");
    expect(config.body.detail).toBe(notSpoken("fr", "culture"));

    // The session was neither ended nor left: a culture spoken is the claim's.
    const filed = await client.submit("standard", standardParts({ userPreferredCulture: "es" }));
    expect(filed.status, JSON.stringify(filed.body)).toBe(200);
    expect((await claimsOf(member))[0]!.culture).toBe("es");
  });

  test("answers breaking the form's rules: 400 validation_failed, each field with its message, in the claimant's language", async () => {
    const { client } = await signedIn(newMember());
    const invalid = await client.submit(
      "standard",
      standardParts({
        claimantInfo: formModel(models.claimantInfo!, { ...STANDARD.claimantInfo, firstName: null }),
        userPreferredCulture: "es",
      }),
    );
    expectError(invalid, 400, "validation_failed");
    expect((invalid.body as ApiError).fields).toEqual({ "claimantInfo.firstName": "Ingrese su nombre" });
  });

  test("a member's claim filed, then changed answers: 409 already_filed with the filed claim's code", async () => {
    const member = newMember();
    const { client } = await signedIn(member);
    const filed = await client.submit("standard", standardParts());
    expect(filed.status).toBe(200);
    const changed = await client.submit(
      "standard",
      standardParts({ claimDetails: formModel(models.claimDetails!, { ...STANDARD.claimDetails, quantity: "3" }) }),
    );
    expectError(changed, 409, "already_filed");
    expect((changed.body as ApiError).referenceCodeForm).toBe(
      (filed.body as { referenceCodeForm: string }).referenceCodeForm,
    );
  });

  test("SPEC §8 'Your request failed. Please reload and try again.': the config and signature-date calls that fail", async () => {
    const client = newClient();
    const config = await client.get<ApiError>("/api/forms/config?formType=mortgage");
    expectError(config, 400, "request_failed", "Your request failed. Please reload and try again.");
    expect(config.body.detail).toBe(
      "The formType query parameter must be one of: automotive, reimbursement, standard, lookup.",
    );
    expectError(
      await client.get("/api/forms/config?formType=mortgage&culture=es"),
      400,
      "request_failed",
      "Su solicitud no se pudo completar. Vuelva a cargar la página e inténtelo de nuevo.",
    );
    expectError(
      await client.get("/api/signature-date?culture=xx"),
      400,
      "request_failed",
      "Your request failed. Please reload and try again.",
    );
    expectError(await client.get("/api/signature-date"), 400, "request_failed");
  });

  test("SPEC §8's LocKey_Validation_MissingReferenceCode is the client's to show, in every culture; the portal answers every filing with its code", async () => {
    for (const culture of ["en", "es"]) {
      const texts = await newClient().get<Array<{ key: string; value: string }>>(
        `/api/culture/content?culture=${culture}`,
      );
      const text = texts.body.find((entry) => entry.key === "LocKey_Validation_MissingReferenceCode");
      expect(text?.value, culture).toMatch(/reference code|código de referencia/);
    }
    // Every 200 of a submission this suite receives is held to docs/openapi.yaml, where referenceCodeForm is required.
    expect(contract.seen.has("POST /api/forms/{formType} 200")).toBe(true);
  });

  test("the VIN lookup signs in to nothing and says whether the vehicle is covered", async () => {
    const client = newClient();
    await client.loadCsrf();
    const config = await client.modelConfig();
    const [vinModel] = formModels(config.body, "lookup");
    for (const [vin, covered] of [
      ["1HGCM82633A004352", true],
      ["1HGCM82633A009999", false],
    ] as const) {
      const reply = await client.authorize("lookup", formModel(vinModel!, { vin }), TEST_TOKEN);
      expect(reply.body).toEqual({ authorized: true, error: null, captcha: null, covered });
    }
  });

  test("a key named like a member every object has (toString, constructor, __proto__) is a key like any other: 400 invalid_request, never a 500", async () => {
    const member = newMember();
    const names = ["toString", "constructor", "hasOwnProperty", "valueOf", "__proto__", "__defineGetter__"];
    // Written as JSON text: an object literal's "__proto__" would set its prototype, not send a key.
    const withKey = (object: Record<string, unknown>, name: string) =>
      `${JSON.stringify(object).slice(0, -1)},${JSON.stringify(name)}:"1"}`;
    const client = newClient();
    await client.loadCsrf();
    const credentials = formModel(models.credentials!, member);
    for (const name of names) {
      const flat = `{"credentials":${withKey({ claimId: member.claimId, pin: member.pin }, name)},"reCaptchaResponse":"${TEST_TOKEN}"}`;
      const inFields = `{"credentials":${JSON.stringify(credentials).replace('"fields":{', `"fields":{${JSON.stringify(name)}:"1",`)},"reCaptchaResponse":"${TEST_TOKEN}"}`;
      const outer = withKey(
        { credentials: { claimId: member.claimId, pin: member.pin }, reCaptchaResponse: TEST_TOKEN },
        name,
      );
      for (const body of [flat, inFields, outer]) {
        const reply = await client.request("POST", "/api/forms/standard/authorize", body, "application/json");
        expect(reply.status, `${name}: ${body}`).toBe(400);
        expect(reply.body, body).toMatchObject({ code: "invalid_request", authorized: false });
      }
    }
    const { client: signed } = await signedIn(newMember());
    for (const name of names) {
      const claimantInfo = withKey(STANDARD.claimantInfo, name);
      for (const parts of [standardParts({ claimantInfo }), standardParts({ [name]: { a: "1" } })]) {
        const reply = await signed.submit("standard", parts);
        expect(reply.status, `${name}: ${JSON.stringify(parts)}`).toBe(400);
        expect(reply.body).toMatchObject({ code: "invalid_request" });
      }
    }
  });

  test("a body or a parameter the call does not take: 413 too_large, 400 invalid_request, never a 500", async () => {
    const client = newClient();
    await client.loadCsrf();
    const huge = { claimId: "x".repeat(300_000) };
    expectError(await client.authorize("standard", huge, TEST_TOKEN), 413, "too_large");
    expectError(await client.authorize("standard", "10000001", TEST_TOKEN), 400, "invalid_request");
    // Authorize reads JSON (SPEC §7 "content-type"), a submission multipart: another type is 415.
    const member = newMember();
    const asText = await client.request(
      "POST",
      "/api/forms/standard/authorize",
      JSON.stringify({ credentials: member, reCaptchaResponse: TEST_TOKEN }),
      "text/plain",
    );
    expectError(
      asText,
      415,
      "unsupported_media_type",
      "The body must be JSON, sent with Content-Type: application/json.",
    );
    expect(asText.body).toMatchObject({ authorized: false });
    const withCharset = await client.request(
      "POST",
      "/api/forms/standard/authorize",
      JSON.stringify({ credentials: member, reCaptchaResponse: TEST_TOKEN }),
      "Application/JSON; charset=utf-8",
    );
    expect(withCharset.status, JSON.stringify(withCharset.body)).toBe(200);

    expectError(await client.get("/api/culture/content?culture=xx"), 400, "invalid_request");
    expect((await client.get("/api/culture/set-language?culture=es&returnUrl=/standard")).status).toBe(302);
    expectError(await client.get("/api/culture/set-language?culture=xx&returnUrl=/standard"), 400, "invalid_request");
    const { client: signed } = await signedIn(newMember());
    expectError(
      await signed.request("POST", "/api/forms/standard", JSON.stringify(standardParts()), "application/json"),
      415,
      "unsupported_media_type",
      "The body must be multipart/form-data, each payload part JSON.",
    );
    // A part over 64 KB (docs/api.md): named, with the limit; 413 like authorize's body.
    const long = formModel(models.claimantInfo!, { ...STANDARD.claimantInfo, firstName: "A".repeat(70_000) });
    expectError(
      await signed.submit("standard", standardParts({ claimantInfo: long })),
      413,
      "too_large",
      'The part "claimantInfo" is too large: a part may hold at most 64 KB.',
    );
    expectError(
      await signed.submit("standard", standardParts({ documentContexts: { name: "a.pdf" } })),
      400,
      "invalid_request",
      'The part "documentContexts" must be a JSON list of models.',
    );
  });

  test("a part of SPEC's payload the form has no model for is taken empty (null, []), and refused with something in it", async () => {
    // A client written from SPEC §3 may send every part of its payload, whatever the form: the standard form has no expenses.
    const member = newMember();
    const { client } = await signedIn(member);
    const full = [
      formModel({ metadataHash: "x", metadata: { dtoMapping: "ClaimTransactions" }, fields: {} }, { amount: "99.50" }),
    ];
    expectError(
      await client.submit("standard", standardParts({ claimTransactions: full })),
      400,
      "invalid_request",
      `The part "claimTransactions" is not one this form takes: its parts are its models (GET /api/forms/config), credentials, prepopulatedData, reCaptchaResponse (or captchaRawValue), userPreferredCulture, and files under "documents".`,
    );
    const filed = await client.submit("standard", standardParts({ claimTransactions: [], prepopulatedData: null }));
    expect(filed.status, JSON.stringify(filed.body)).toBe(200);
    const again = await client.submit("standard", standardParts({ claimTransactions: null }));
    expect(again.body).toEqual(filed.body);
    expect(await claimsOf(member)).toHaveLength(1);
  });

  test("nothing sent is dropped unread: an unknown, misspelled, repeated, unnamed or misplaced part, a repeated ?culture=, an unknown authorize key are 400 invalid_request naming it", async () => {
    const member = newMember();
    const { client } = await signedIn(member);
    const paymentElection = { paymentMethod: "check" };
    for (const misspelled of ["paymentelection", "userPreferedCulture", "claimantinfo", "documents"])
      expectError(
        await client.submit("standard", standardParts({ [misspelled]: paymentElection })),
        400,
        "invalid_request",
        `The part "${misspelled}" is not one this form takes: its parts are its models (GET /api/forms/config), credentials, prepopulatedData, reCaptchaResponse (or captchaRawValue), userPreferredCulture, and files under "documents".`,
      );
    /** The standard parts as a form, with more appended: a part repeated, or a part as a file. */
    const formWith = (more: (form: FormData) => void) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(standardParts()))
        form.append(name, typeof value === "string" ? value : JSON.stringify(value));
      more(form);
      return form;
    };
    for (const [name, value] of [
      ["claimantInfo", JSON.stringify(formModel(models.claimantInfo!, STANDARD.claimantInfo))],
      ["userPreferredCulture", "es"],
      ["reCaptchaResponse", TEST_TOKEN],
    ] as const) {
      const form = formWith((more) => {
        if (name === "userPreferredCulture") more.append(name, "en");
        more.append(name, value);
      });
      expectError(
        await client.request("POST", "/api/forms/standard", form),
        400,
        "invalid_request",
        `The part "${name}" was sent more than once: send each part once.`,
      );
    }
    const asFile = new FormData();
    for (const [name, value] of Object.entries(standardParts()))
      if (name === "claimantInfo") asFile.append(name, new Blob([JSON.stringify(value)]), "claimantInfo.json");
      else asFile.append(name, typeof value === "string" ? value : JSON.stringify(value));
    expectError(
      await client.request("POST", "/api/forms/standard", asFile),
      400,
      "invalid_request",
      'The part "claimantInfo" was sent as a file: send it as text (JSON); only "documents" holds files.',
    );
    // Parts a multipart reader skips: no name, or a Content-Disposition other than form-data.
    const boundary = "contract-boundary-7d1f";
    const raw = (extra: string) =>
      `${Object.entries(standardParts())
        .map(
          ([name, value]) =>
            `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${typeof value === "string" ? value : JSON.stringify(value)}\r\n`,
        )
        .join("")}--${boundary}\r\n${extra}\r\n--${boundary}--\r\n`;
    for (const extra of [
      'Content-Disposition: attachment; name="paymentElection"\r\n\r\n{"paymentMethod":"check"}',
      'Content-Disposition: form-data\r\n\r\n{"paymentMethod":"check"}',
      'Content-Type: application/json\r\n\r\n{"paymentMethod":"check"}',
    ])
      expectError(
        await client.request("POST", "/api/forms/standard", raw(extra), `multipart/form-data; boundary=${boundary}`),
        400,
        "invalid_request",
        "A part was sent without a name, or not as form-data: each part must have Content-Disposition: form-data and a name.",
      );
    // A part with no header at all is no multipart the reader takes: 400 too, with the reader's detail.
    expectError(
      await client.request(
        "POST",
        "/api/forms/standard",
        raw('\r\n{"paymentMethod":"check"}'),
        `multipart/form-data; boundary=${boundary}`,
      ),
      400,
      "invalid_request",
    );
    const twice = await client.request(
      "POST",
      "/api/forms/standard?culture=es&culture=fr",
      formWith(() => {}),
    );
    expectError(twice, 400, "invalid_request", 'The parameter "culture" was given more than once.');
    expect((await claimsOf(member)).length).toBe(0);

    const fresh = newClient();
    await fresh.loadCsrf();
    expectError(
      await fresh.request(
        "POST",
        "/api/forms/standard/authorize",
        JSON.stringify({ credentials: formModel(models.credentials!, member), reCaptchaResponse: TEST_TOKEN, foo: 1 }),
        "application/json",
      ),
      400,
      "invalid_request",
      '"foo" is not a key authorize takes: it takes credentials and reCaptchaResponse (or captchaRawValue).',
    );
    expectError(
      await fresh.request(
        "POST",
        "/api/forms/standard/authorize?culture=es&culture=en",
        JSON.stringify({ credentials: formModel(models.credentials!, member), reCaptchaResponse: TEST_TOKEN }),
        "application/json",
      ),
      400,
      "invalid_request",
      'The parameter "culture" was given more than once.',
    );
  });

  test("addresses that are not the API's: 404 not_found for an unknown form type, 405 for a GET", async () => {
    const client = newClient();
    await client.loadCsrf();
    expectError(await client.submit("mortgage", standardParts()), 404, "not_found");
    expectError(await client.submit("lookup", standardParts()), 404, "not_found");
    expectError(await client.authorize("mortgage", {}, TEST_TOKEN), 404, "not_found");
    expectError(await client.get("/api/forms/standard"), 405, "method_not_allowed");
    expectError(await client.get("/api/forms/standard/authorize"), 405, "method_not_allowed");
    expectError(await client.get("/api/session-timeout"), 405, "method_not_allowed");
    expectError(await client.get("/api/session/keep-alive"), 405, "method_not_allowed");
  });

  test("a method an address does not take: 405 method_not_allowed with Allow, at every address of the API", async () => {
    const client = newClient();
    await client.loadCsrf();
    const getOnly = [
      "/api/csrf",
      "/api/deadlines",
      "/api/characters-whitelist",
      "/api/captcha",
      "/api/forms/config",
      "/api/signature-date?culture=en",
      "/api/culture/content?culture=en",
      "/api/culture/set-language?culture=en&returnUrl=/",
    ];
    const postOnly = [
      "/api/session-timeout",
      "/api/session/keep-alive",
      "/api/forms/standard",
      "/api/forms/lookup/authorize",
    ];
    for (const [addresses, methods, allow] of [
      [getOnly, ["POST", "PUT", "PATCH", "DELETE"], "GET, HEAD"],
      [postOnly, ["GET", "PUT", "PATCH", "DELETE"], "POST"],
    ] as const)
      for (const address of addresses)
        for (const method of methods) {
          const reply = await client.request<ApiError>(method, address);
          expectError(
            reply,
            405,
            "method_not_allowed",
            `This address does not take ${method} requests: it takes ${allow}.`,
          );
          expect(reply.headers.get("allow"), `${method} ${address}`).toBe(allow);
        }
    // OPTIONS (not in docs/openapi.yaml, which documents no such operation): the same 405.
    for (const [address, allow] of [
      ["/api/csrf", "GET, HEAD"],
      ["/api/forms/config", "GET, HEAD"],
      ["/api/forms/standard", "POST"],
    ] as const) {
      const response = await fetch(`${portal.url}${address}`, { method: "OPTIONS" });
      expect(response.status, `OPTIONS ${address}`).toBe(405);
      expect(response.headers.get("allow")).toBe(allow);
      expect(await response.json()).toMatchObject({ code: "method_not_allowed" });
    }
    // Nothing was done by them: the session is still there to sign in with.
    expect((await client.authorize("standard", formModel(models.credentials!, newMember()), TEST_TOKEN)).status).toBe(
      200,
    );
  });

  test("an address that is not the API's: 404 not_found in the API's shape, whatever the method", async () => {
    const client = newClient();
    await client.loadCsrf();
    for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"]) {
      expectError(await client.request(method, "/api/forms/bogus"), 404, "not_found");
      expectError(await client.request(method, "/api/forms/bogus/authorize"), 404, "not_found");
      // Not in docs/openapi.yaml (no address is): read as any client would.
      for (const address of ["/api/nope", "/api/forms/standard/extra", "/api/forms/config/x/y", "/api/"]) {
        const response = await fetch(`${portal.url}${address}?culture=es`, { method });
        expect(response.status, `${method} ${address}`).toBe(404);
        expect(response.headers.get("content-type")).toMatch(/^application\/json/);
        expect(await response.json()).toEqual({ code: "not_found", error: "No hay nada en esta dirección de la API." });
      }
    }
  });
});

describe.each(BACKENDS)("with the Turnstile provider and low rate limits, on %s", (backend) => {
  let portal: PortalServer;
  let siteverify: Awaited<ReturnType<typeof startFakeSiteverify>>;
  beforeAll(async () => {
    // The captcha provider is the one service faked: its stand-in passes "pass…" tokens, and "down" fails as a server error.
    siteverify = await startFakeSiteverify();
    const settlementDir = settlementWith(
      {
        captcha: { provider: "turnstile", siteKey: "0x4AAAAAAA", verifyUrl: siteverify.url, fallbackChallenge: false },
      },
      { testCaptcha: false },
    );
    portal = await startPortal({
      backend,
      settlementDir,
      env: {
        CAPTCHA_SECRET_KEY: "secret-for-tests",
        AUTHORIZE_ATTEMPTS_PER_10_MIN: "3",
      },
    });
  });
  afterAll(async () => {
    await portal.stop();
    await siteverify.close();
  });

  test("a provider that cannot be reached: 503 captcha_unavailable, the generic message; too many failed sign-ins: 429 rate_limited", async () => {
    const client = new SpecClient(portal.url, contract.check);
    await client.loadCsrf();
    const captcha = await client.captchaConfig();
    expect(captcha.body).toMatchObject({
      provider: "turnstile",
      siteKey: "0x4AAAAAAA",
      url: expect.stringMatching(/^https:/),
    });
    const config = await client.modelConfig();
    const models = Object.fromEntries(formModels(config.body, "standard").map((model) => [partName(model), model]));
    const member = newMember();
    const unreachable = await client.authorize("standard", formModel(models.credentials!, member), "down");
    expect(unreachable.status).toBe(503);
    expect(unreachable.body).toMatchObject({
      code: "captcha_unavailable",
      error:
        "A problem has occured during your submission. Please try again. If this problem persists, please contact the Settlement Administrator using the information below.",
    });
    expect((await client.authorize("standard", formModel(models.credentials!, member), "pass-1")).status).toBe(200);

    const parts = {
      claimantInfo: formModel(models.claimantInfo!, STANDARD.claimantInfo),
      claimDetails: formModel(models.claimDetails!, STANDARD.claimDetails),
      signature: formModel(models.signature!, STANDARD.signature),
    };
    const down = await client.submit("standard", { ...parts, reCaptchaResponse: "down" });
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({
      code: "captcha_unavailable",
      error:
        "An error occured during your submission. Please try again. If this problem persists, please contact the settlement administrator at the email below.",
    });
    expect((await client.submit("standard", { ...parts, reCaptchaResponse: "pass-2" })).status).toBe(200);
    // Filings are not limited per client address (decision 021): the same claim filed again is the same claim.
    expect((await client.submit("standard", { ...parts, reCaptchaResponse: "pass-3" })).status).toBe(200);

    const guesser = new SpecClient(portal.url, contract.check);
    await guesser.loadCsrf();
    // Three failed sign-ins per client address in 10 minutes (the unreachable provider's answer and the sign-in that succeeded do not count): the next failure is answered 429.
    const guesses = [];
    for (let attempt = 0; attempt < 4; attempt++)
      guesses.push(await guesser.authorize("standard", { claimId: newMember().claimId, pin: "000000" }, "pass-4"));
    expect(guesses.map((guess) => guess.status)).toEqual([401, 401, 401, 429]);
    expect(guesses[3]!.body).toMatchObject({
      code: "rate_limited",
      authorized: false,
      error:
        "The Claim ID and PIN do not match our records, and many sign-ins from your network have failed in the last few minutes. Check the Claim ID and PIN on your notice: the right ones still let you in.",
    });
  });
});

test("every response docs/openapi.yaml documents was received by this suite, and held to its schema", () => {
  expect(contract.documented.filter((response) => !contract.seen.has(response))).toEqual([]);
});
