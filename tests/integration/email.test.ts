import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { BACKENDS, freshDatabaseUrl } from "#tests/support/backends.ts";
import { Claimant } from "#tests/support/claimant.ts";
import {
  AUTOMOTIVE_CLAIMANT,
  REIMBURSEMENT_DETAILS,
  STANDARD_CLAIMANT,
  STANDARD_DETAILS,
} from "#tests/support/demo-answers.ts";
import { PDF } from "#tests/support/documents.ts";
import { addExpense, DOCUMENTS_STEP, uploadReceipt } from "#tests/support/filing.ts";
import { claimantDay } from "#app/operator/import-statuses.server.ts";
import { portalCommand } from "#tests/support/portal-command.ts";
import { type PortalServer, startFailure, startPortal } from "#tests/support/portal-server.ts";
import { withStore } from "#tests/support/server-state.ts";
import { settlementWith } from "#tests/support/settlement.ts";
import { type ReceivedEmail, type TestSmtp, testSmtp } from "#tests/support/smtp.ts";
import { ANSWERS, newMember, SIGNATURE, TEST_TOKEN } from "#tests/contract/claimants.ts";
import { loadOpenApiContract } from "#tests/contract/openapi.ts";
import { formModel, formModels, partName, SpecClient } from "#tests/contract/spec-client.ts";

/**
 * Issue 25, decision 031: after filing, the claimant gets an e-mail in their language with the
 * reference code and how to check the claim's status, sent by a real SMTP client to a real SMTP
 * server on a loopback port, from a durable outbox: a message queued while the SMTP server is away
 * arrives once it is back, once, however many instances there are.
 */
const EMAIL = { from: "claims@acme-settlement.example", portalUrl: "https://claims.acme-settlement.example/" };
const settlement = settlementWith({ email: EMAIL });
/** The sender looks often and retries soon: a test waits for a message, not for a timer. */
const FAST_SENDER = { EMAIL_POLL_MS: "100", EMAIL_RETRY_MS: "100" };
const SIGNED = { "signature.attestation": "on", "signature.signature": "Bo Lee", captchaToken: "test-pass" };
const ACCOUNT = "4417123456789012";
const ROUTING = "021000021";

/** Signs in to the standard flow as a member of their own and answers every step, up to the summary. */
async function standardAtSummary(claimant: Claimant, culture = "en") {
  await claimant.signIn("standard");
  await claimant.complete("/standard/claimant-info", STANDARD_CLAIMANT);
  await claimant.complete("/standard/claim-details", STANDARD_DETAILS);
  await claimant.complete("/standard/payment-election", { "paymentElection.paymentMethod": "check" });
  await claimant.complete("/standard/supporting-documents", {});
  await claimant.get(`/standard/claim-summary${culture === "en" ? "" : `?culture=${culture}`}`);
  return claimant;
}

/** Files a standard claim through the pages, scripts off: the confirmation page. */
async function fileStandard(portal: PortalServer, culture = "en") {
  const claimant = await standardAtSummary(new Claimant(portal), culture);
  const query = culture === "en" ? "" : `?culture=${culture}`;
  const filed = await claimant.post(`/standard/claim-summary${query}`, SIGNED);
  expect(filed.status, filed.text(".error-summary")).toBe(303);
  const confirmation = await claimant.get(filed.headers.get("location")!);
  return { claimant, confirmation, referenceCode: confirmation.text(".reference-code") };
}

const about = (referenceCode: string) => (email: ReceivedEmail) => email.subject.includes(referenceCode);

/** Waits, a bounded while, until `done` holds. */
async function eventually(done: () => boolean | Promise<boolean>, what: string) {
  for (let tries = 0; tries < 200; tries++) {
    if (await done()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`never: ${what}`);
}

/** Messages waiting in the outbox (queued, not yet sent or given up). */
const waiting = (portal: PortalServer) => withStore(portal, async (store) => (await store.emailBacklog()).waiting);

describe.each(BACKENDS)("e-mail after filing, on %s", (backend) => {
  let smtp: TestSmtp;
  let portal: PortalServer;
  beforeAll(async () => {
    smtp = await testSmtp();
    portal = await startPortal({ backend, settlementDir: settlement, env: { SMTP_URL: smtp.url, ...FAST_SENDER } });
  });
  afterAll(async () => {
    await portal?.stop();
    await smtp?.stop();
  });

  test("a claim filed through the pages (scripts off) is e-mailed to the claimant with its code and the status page; the confirmation says so", async () => {
    const { claimant, confirmation, referenceCode } = await fileStandard(portal);
    expect(confirmation.text(".emailed-to")).toBe(
      "We are sending a confirmation with your reference code by email to bo@acmemotors.example.",
    );
    const [email] = await smtp.waitFor(1, about(referenceCode));
    expect(email!.to).toEqual(["bo@acmemotors.example"]);
    expect(email!.from).toBe(EMAIL.from);
    expect(email!.subject).toBe(`Acme Motors Transmission Settlement: your claim ${referenceCode} was received`);
    expect(email!.headers["message-id"]).toMatch(/^<[0-9a-f]{32}@acme-settlement\.example>$/);
    expect(email!.text).toContain(`Your reference code is: ${referenceCode}`);
    expect(email!.text).toContain("https://claims.acme-settlement.example/claim/status");
    expect(email!.text).toContain("Thank you. Your claim (Standard claim) was received on");
    expect(email!.text).toContain(
      "- About you\n- Your claim\n- How you want to be paid\n- Supporting documents\n- Documents attached: 0",
    );

    // Submit again (a second click, a retry): the same claim, and no second message.
    expect((await claimant.post("/standard/claim-summary", SIGNED)).status).toBe(303);
    expect(await waiting(portal)).toBe(0);
    expect(smtp.received.filter(about(referenceCode))).toHaveLength(1);
  });

  test("documents added to a filed claim are e-mailed, by name, once per addition", async () => {
    const { claimant, referenceCode } = await fileStandard(portal);
    await smtp.waitFor(1, about(referenceCode));
    await claimant.get("/documents");
    const added = await claimant.postMultipart(
      `/documents?claim=${referenceCode}`,
      {},
      { documents: { name: "proof of purchase.pdf", content: PDF } },
    );
    expect(added.status).toBe(303);
    const [email] = await smtp.waitFor(
      1,
      (email) => about(referenceCode)(email) && email.subject.includes("documents"),
    );
    expect(email!.subject).toBe(
      `Acme Motors Transmission Settlement: documents were added to your claim ${referenceCode}`,
    );
    expect(email!.to).toEqual(["bo@acmemotors.example"]);
    expect(email!.text).toContain("- proof of purchase.pdf");
    expect(await waiting(portal)).toBe(0);
    expect(smtp.received.filter(about(referenceCode))).toHaveLength(2);
  });

  test("a status of Documents needed is e-mailed once: what is needed, by when, where to add it; importing it again sends nothing", async () => {
    const { referenceCode } = await fileStandard(portal, "es");
    await smtp.waitFor(1, about(referenceCode));
    const file = path.join(mkdtempSync(path.join(tmpdir(), "statuses-")), "statuses.csv");
    writeFileSync(
      file,
      `ReferenceCode,Status,Date,ReasonCode,ReasonText,DueDate,PaymentMethod\n${referenceCode},under_review,${claimantDay(Date.now())},,,,\n${referenceCode},documents_needed,${claimantDay(Date.now())},PROOF_OF_PURCHASE,,2027-01-15,\n`,
    );
    // Run without the servers' SMTP_URL, the import could not e-mail anyone, ever: it is refused.
    const withoutSmtp = { ...portal, env: { ...portal.env, SMTP_URL: "" } };
    const refused = await portalCommand(withoutSmtp, settlement, "import-statuses", file);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("SMTP_URL is not set here");
    expect(await withStore(portal, (store) => store.claimStatuses(referenceCode))).toEqual([]);
    for (const round of [1, 2]) {
      const imported = await portalCommand(portal, settlement, "import-statuses", file);
      expect(imported.code, imported.stderr).toBe(0);
      expect(imported.stdout).toContain(`${round === 1 ? 1 : 0} claimant`);
    }
    const [email] = await smtp.waitFor(2, about(referenceCode)).then((emails) => emails.slice(1));
    expect(email!.subject).toContain(`documentos para su reclamo ${referenceCode}`);
    expect(email!.text).toContain("- un recibo u otro comprobante de que compró el producto");
    expect(email!.text).toContain("15 de enero de 2027");
    expect(email!.text).toContain("https://claims.acme-settlement.example/documents?culture=es");
    expect(await waiting(portal)).toBe(0);
    expect(smtp.received.filter(about(referenceCode))).toHaveLength(2);
  });

  test("a change of address is e-mailed to the new address and the one before; later messages go to the new one", async () => {
    const { claimant, referenceCode } = await fileStandard(portal);
    await smtp.waitFor(1, about(referenceCode));
    await claimant.get(`/coa/${referenceCode}`);
    const changed = await claimant.post(`/coa/${referenceCode}`, {
      "claimantInfo.mailingStreetLine1": "77 Harbor Ave",
      "claimantInfo.mailingStreetLine2": "",
      "claimantInfo.mailingCity": "Tacoma",
      "claimantInfo.mailingCountry": "US",
      "claimantInfo.mailingSubDivision": "WA",
      "claimantInfo.mailingPostalCode": "98402",
      "claimantInfo.emailAddress": "bo.lee@example.org",
      "claimantInfo.confirmEmailAddress": "bo.lee@example.org",
    });
    expect(changed.status, changed.text(".error-summary")).toBe(303);
    const changes = await smtp.waitFor(3, about(referenceCode));
    const told = changes.filter((email) => email.subject.includes("contact details"));
    expect(told.map((email) => email.to[0]).sort()).toEqual(["bo.lee@example.org", "bo@acmemotors.example"]);
    expect(told[0]!.text).toContain("If you did not make this change, contact the Settlement Administrator at once");

    await claimant.get("/documents");
    const added = await claimant.postMultipart(
      `/documents?claim=${referenceCode}`,
      {},
      { documents: { name: "lease.pdf", content: PDF } },
    );
    expect(added.status).toBe(303);
    const [addition] = (await smtp.waitFor(4, about(referenceCode))).filter((email) =>
      email.text.includes("lease.pdf"),
    );
    expect(addition!.to).toEqual(["bo.lee@example.org"]);
  });

  test("a claim filed in Spanish is e-mailed in Spanish, its link to the status page in Spanish", async () => {
    const { confirmation, referenceCode } = await fileStandard(portal, "es");
    expect(confirmation.text(".emailed-to")).toContain("Le enviaremos por correo electrónico una confirmación");
    const [email] = await smtp.waitFor(1, about(referenceCode));
    expect(email!.subject).toBe(
      `Acuerdo sobre las transmisiones de Acme Motors: recibimos su reclamo ${referenceCode}`,
    );
    expect(email!.text).toContain(`Su código de referencia es: ${referenceCode}`);
    expect(email!.text).toContain(
      "Para consultar el estado de su reclamo, visite https://claims.acme-settlement.example/claim/status?culture=es",
    );
    expect(email!.text).toContain("Gracias. Recibimos su reclamo (Reclamo estándar) el");
  });

  test("no answer is in the message: not a bank account or routing number, nor any other", async () => {
    const claimant = new Claimant(portal);
    await claimant.signIn("reimbursement");
    await claimant.complete("/reimbursement/claimant-info", AUTOMOTIVE_CLAIMANT);
    await claimant.complete("/reimbursement/claim-details", REIMBURSEMENT_DETAILS);
    await claimant.complete("/reimbursement/payment-election", {
      "paymentElection.paymentMethod": "directDeposit",
      "paymentElection.routingNumber": ROUTING,
      "paymentElection.accountNumber": ACCOUNT,
      "paymentElection.accountType": "checking",
    });
    await claimant.get(DOCUMENTS_STEP);
    await uploadReceipt(claimant, await addExpense(claimant), { name: "receipt.pdf", content: PDF });
    await claimant.complete(DOCUMENTS_STEP, { intent: "continue" });
    await claimant.get("/reimbursement/claim-summary");
    const filed = await claimant.post("/reimbursement/claim-summary", {
      ...SIGNED,
      "signature.signature": "Ana García",
    });
    expect(filed.status).toBe(303);
    const referenceCode = (await claimant.get(filed.headers.get("location")!)).text(".reference-code");
    const [email] = await smtp.waitFor(1, about(referenceCode));
    const message = `${email!.subject}\n${email!.text}`;
    expect(message).toContain("Documents attached: 1");
    for (const answer of [ACCOUNT, ACCOUNT.slice(-4), ROUTING, "Main St Garage", "48210", "12 Pine St", "receipt.pdf"])
      expect(message).not.toContain(answer);
  });

  test("a claim filed through the JSON API is e-mailed too", async () => {
    const contract = await loadOpenApiContract();
    const client = new SpecClient(portal.url, contract.check);
    await client.loadCsrf();
    const models = Object.fromEntries(
      formModels((await client.modelConfig()).body, "standard").map((model) => [partName(model), model]),
    );
    const authorized = await client.authorize(
      "standard",
      formModel(models.credentials!, newMember(), "cred"),
      TEST_TOKEN,
    );
    expect(authorized.status).toBe(200);
    const filed = await client.submit("standard", {
      claimantInfo: formModel(models.claimantInfo!, {
        ...ANSWERS.standard.claimantInfo,
        emailAddress: "api.filer@example.com",
        confirmEmailAddress: "api.filer@example.com",
      }),
      claimDetails: formModel(models.claimDetails!, ANSWERS.standard.claimDetails),
      signature: formModel(models.signature!, SIGNATURE),
      userPreferredCulture: JSON.stringify("en"),
      reCaptchaResponse: JSON.stringify(TEST_TOKEN),
    });
    expect(filed.status, JSON.stringify(filed.body)).toBe(200);
    const { referenceCodeForm } = filed.body as { referenceCodeForm: string };
    const [email] = await smtp.waitFor(1, about(referenceCodeForm));
    expect(email!.to).toEqual(["api.filer@example.com"]);
    expect(email!.text).toContain(`Your reference code is: ${referenceCodeForm}`);
  });
});

describe.each(BACKENDS)("the SMTP server away at filing time, on %s", (backend) => {
  let smtp: TestSmtp;
  let portal: PortalServer;
  beforeAll(async () => {
    smtp = await testSmtp({ down: true });
    portal = await startPortal({ backend, settlementDir: settlement, env: { SMTP_URL: smtp.url, ...FAST_SENDER } });
  });
  afterAll(async () => {
    await portal?.stop();
    await smtp?.stop();
  });

  test("the claim is filed; its message waits in the outbox, and arrives once when the SMTP server is back", async () => {
    const { referenceCode } = await fileStandard(portal);
    expect(referenceCode).toMatch(/^STD-/);
    expect(await waiting(portal)).toBe(1);
    // What the operator sees meanwhile (docs/operating.md "E-mail").
    const warning = "the SMTP server did not take an e-mail: it will be tried again";
    await eventually(() => portal.output().includes(warning), "a warning that the message waits");

    await smtp.start();
    await smtp.waitFor(1, about(referenceCode));
    // Marked sent once the SMTP server took it: nothing is left to send it again.
    await eventually(async () => (await waiting(portal)) === 0, "the message marked sent");
    expect(smtp.received.filter(about(referenceCode))).toHaveLength(1);
    await eventually(() => portal.output().includes("the SMTP server takes e-mails again"), "a line that it is back");
  });
});

describe("stopping while a message is being sent", () => {
  let smtp: TestSmtp;
  let portal: PortalServer;
  beforeAll(async () => {
    smtp = await testSmtp();
    portal = await startPortal({
      settlementDir: settlement,
      env: { SMTP_URL: smtp.url, ...FAST_SENDER, SHUTDOWN_GRACE_MS: "10000" },
    });
  });
  afterAll(async () => {
    await portal?.stop();
    await smtp?.stop();
  });

  test("the message being sent at SIGTERM is sent and marked before the server exits", async () => {
    const held = smtp.hold();
    const { referenceCode } = await fileStandard(portal);
    // The SMTP server has the message and has not answered yet: the portal is mid-send.
    await held.arrived;
    const exited = portal.stop();
    await eventually(() => portal.output().includes("SIGTERM received"), "the signal taken");
    held.release();
    expect(await exited).toBe(0);
    expect(smtp.received.filter(about(referenceCode))).toHaveLength(1);
    expect(await waiting(portal)).toBe(0);
  });
});

describe.skipIf(!process.env.DATABASE_URL)("two instances on one PostgreSQL", () => {
  let smtp: TestSmtp;
  const instances: PortalServer[] = [];
  beforeAll(async () => {
    smtp = await testSmtp({ down: true });
    const shared = { DATABASE_URL: await freshDatabaseUrl(), SMTP_URL: smtp.url, ...FAST_SENDER };
    instances.push(
      await startPortal({ settlementDir: settlement, env: shared }),
      await startPortal({ settlementDir: settlement, env: shared }),
    );
  });
  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.stop()));
    await smtp?.stop();
  });

  test("messages queued on both, while the SMTP server was away, each arrive once when it is back", async () => {
    const codes: string[] = [];
    for (const instance of [...instances, ...instances, ...instances])
      codes.push((await fileStandard(instance)).referenceCode);
    expect(await waiting(instances[0]!)).toBe(codes.length);
    // Both senders find every message due at once when the server is back.
    await smtp.start();
    for (const code of codes) await smtp.waitFor(1, about(code));
    await eventually(async () => (await waiting(instances[0]!)) === 0, "every message marked sent");
    expect(smtp.received).toHaveLength(codes.length);
    expect(new Set(smtp.received.map((email) => email.headers["message-id"])).size).toBe(codes.length);
  });
});

describe("a settlement where members amend their claims", () => {
  let smtp: TestSmtp;
  let portal: PortalServer;
  beforeAll(async () => {
    smtp = await testSmtp();
    const amending = settlementWith((settlement) => {
      settlement.email = EMAIL;
      (settlement.claims as Record<string, unknown>) = { perMember: "amend" };
    });
    portal = await startPortal({ settlementDir: amending, env: { SMTP_URL: smtp.url, ...FAST_SENDER } });
  });
  afterAll(async () => {
    await portal?.stop();
    await smtp?.stop();
  });

  test("an amendment is e-mailed too, with its version", async () => {
    const { claimant, referenceCode } = await fileStandard(portal);
    await smtp.waitFor(1, about(referenceCode));
    await claimant.complete("/standard/claimant-info", { ...STANDARD_CLAIMANT, "claimantInfo.firstName": "Bob" });
    await claimant.get("/standard/claim-summary");
    expect((await claimant.post("/standard/claim-summary", SIGNED)).status).toBe(303);
    const [, amended] = await smtp.waitFor(2, about(referenceCode));
    expect(amended!.subject).toBe(`Acme Motors Transmission Settlement: your claim ${referenceCode} was amended`);
    expect(amended!.text).toContain("This is version 2 of your claim; every version is kept.");
  });
});

describe("without SMTP_URL", () => {
  let portal: PortalServer;
  beforeAll(async () => {
    portal = await startPortal({ settlementDir: settlement });
  });
  afterAll(async () => {
    await portal?.stop();
  });

  test("nothing is queued, and the confirmation promises no e-mail", async () => {
    const { confirmation } = await fileStandard(portal);
    expect(confirmation.document.querySelector(".emailed-to")).toBeNull();
    expect(confirmation.text("main")).not.toMatch(/by email to/);
    expect(await waiting(portal)).toBe(0);
  });
});

describe("e-mail settings at start-up", () => {
  test("a malformed SMTP_URL stops the server with a message that names it, never its password", async () => {
    for (const [url, why] of [
      ["http://user:hunter2@mail.example:25", "must start with smtp:// or smtps://"],
      ["smtp://user:hunter2@", "is not a URL"],
      ["smtps://user:hunter2@mail.example:465/inbox", "has a path"],
    ] as const) {
      const { code, output } = await startFailure({ settlementDir: settlement, env: { SMTP_URL: url } });
      expect(code).toBe(1);
      expect(output).toContain(`SMTP_URL ${why}`);
      expect(output).not.toContain("hunter2");
    }
  });

  test("SMTP_URL without settlement.json's email setting stops the server, saying what to add", async () => {
    const { code, output } = await startFailure({ env: { SMTP_URL: "smtp://127.0.0.1:2525" } });
    expect(code).toBe(1);
    expect(output).toContain('has no "email" setting');
  });
});
