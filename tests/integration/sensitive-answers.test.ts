import {
  chmodSync,
  lstatSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { parseCsv } from "#app/claimants/csv.ts";
import { BACKENDS, readClaims } from "#tests/support/backends.ts";
import { Claimant } from "#tests/support/claimant.ts";
import { AUTOMOTIVE_CLAIMANT, AUTOMOTIVE_DETAILS, REIMBURSEMENT_DETAILS } from "#tests/support/demo-answers.ts";
import { PDF } from "#tests/support/documents.ts";
import { addExpense, DOCUMENTS_STEP, uploadReceipt } from "#tests/support/filing.ts";
import type { Page } from "#tests/support/http.ts";
import { portalCommand } from "#tests/support/portal-command.ts";
import { type PortalServer, startPortal } from "#tests/support/portal-server.ts";
import { withStore } from "#tests/support/server-state.ts";
import { settlementWith } from "#tests/support/settlement.ts";

/**
 * Decision 015: a bank account or routing number is typed once, read back by its last 4, kept
 * encrypted, and leaves the portal whole only in the operator's export.
 */
const ACCOUNT = "4417123456789012";
const ROUTING = "021000021";
const DIRECT_DEPOSIT = {
  "paymentElection.paymentMethod": "directDeposit",
  "paymentElection.routingNumber": ROUTING,
  "paymentElection.accountNumber": ACCOUNT,
  "paymentElection.accountType": "checking",
};

/** The answers a summary or confirmation reads back, question → answer. */
const answersShown = (page: Page) =>
  Object.fromEntries(
    page.document
      .querySelectorAll(".answers .answer")
      .map((row) => [row.querySelector("dt")!.textContent.trim(), row.querySelector("dd")!.textContent.trim()]),
  );

/** What the database holds as an attacker with its files (SQLite) or a dump of its rows (PostgreSQL) reads it. */
async function rawDatabase(portal: PortalServer): Promise<string> {
  if (!portal.databaseUrl) {
    return readdirSync(portal.dataDir)
      .filter((name) => name.startsWith("portal.sqlite"))
      .map((name) => readFileSync(path.join(portal.dataDir, name)).toString("latin1"))
      .join("\n");
  }
  const client = new pg.Client({ connectionString: portal.databaseUrl });
  await client.connect();
  try {
    const tables = await Promise.all(
      ["drafts", "claims", "claim_versions", "sessions"].map((table) =>
        client.query<{ row: string }>(`SELECT t::text AS row FROM ${table} t`),
      ),
    );
    return tables.flatMap((result) => result.rows.map((row) => row.row)).join("\n");
  } finally {
    await client.end();
  }
}

const mode = (file: string) => (statSync(file).mode & 0o777).toString(8);

/** A reimbursement claim paid by direct deposit, filed through the pages as a browser without JavaScript does; the pages seen on the way. */
async function fileWithDirectDeposit(claimant: Claimant) {
  const pages: Record<string, Page> = {};
  await claimant.signIn("reimbursement");
  await claimant.complete("/reimbursement/claimant-info", AUTOMOTIVE_CLAIMANT);
  await claimant.complete("/reimbursement/claim-details", REIMBURSEMENT_DETAILS);
  await claimant.complete("/reimbursement/payment-election", DIRECT_DEPOSIT);
  pages.paymentElection = await claimant.get("/reimbursement/payment-election");
  pages.documents = await claimant.get(DOCUMENTS_STEP);
  await uploadReceipt(claimant, await addExpense(claimant), { name: "receipt.pdf", content: PDF });
  await claimant.complete(DOCUMENTS_STEP, { intent: "continue" });
  pages.summary = await claimant.get("/reimbursement/claim-summary");
  expect((await claimant.post("/reimbursement/claim-summary", SIGNED)).status).toBe(303);
  pages.confirmation = await claimant.get("/reimbursement/confirmation");
  return pages;
}

const SIGNED = { "signature.attestation": "on", "signature.signature": "Ana García", captchaToken: "test-pass" };

describe.each(BACKENDS)("sensitive answers on %s", (backend) => {
  let portal: PortalServer;
  let referenceCode: string;
  let pages: Record<string, Page>;

  beforeAll(async () => {
    // Its keys in the data folder's key file on PostgreSQL too, whose mode is checked.
    portal = await startPortal({ backend, env: { FIELD_ENCRYPTION_KEYS: undefined } });
    const filer = new Claimant(portal);
    pages = await fileWithDirectDeposit(filer);
    pages.confirmationEs = await filer.get("/reimbursement/confirmation?culture=es");
    referenceCode = pages.confirmation!.text(".reference-code");
  }, 60_000);
  afterAll(async () => {
    await portal.stop();
  });

  test("the claimant's own step shows the number as typed; the pages after it do not carry it, even in their data", () => {
    const input = (name: string) =>
      pages.paymentElection!.document.querySelector(`input[name="${name}"]`)?.getAttribute("value");
    expect(input("paymentElection.accountNumber")).toBe(ACCOUNT);
    expect(input("paymentElection.routingNumber")).toBe(ROUTING);
    for (const page of ["documents", "summary", "confirmation", "confirmationEs"]) {
      expect(pages[page]!.html, page).not.toContain(ACCOUNT);
      expect(pages[page]!.html, page).not.toContain(ROUTING);
    }
  });

  test("the summary and the confirmation read the numbers back by their last 4, in the claimant's language", () => {
    expect(answersShown(pages.summary!)).toMatchObject({
      "Routing number": "Ending in 0021",
      "Account number": "Ending in 9012",
      "Account type": "Checking",
    });
    expect(answersShown(pages.confirmation!)).toMatchObject({
      "Routing number": "Ending in 0021",
      "Account number": "Ending in 9012",
    });
    expect(answersShown(pages.confirmationEs!)).toMatchObject({
      "Número de ruta bancaria": "Termina en 0021",
      "Número de cuenta": "Termina en 9012",
    });
  });

  test("the database holds neither number, in the draft, the claim or its version; the store reads them back whole", async () => {
    const raw = await rawDatabase(portal);
    expect(raw).toContain(referenceCode);
    expect(raw).toContain("Main St Garage");
    expect(raw).not.toContain(ACCOUNT);
    expect(raw).not.toContain(ROUTING);
    const [stored] = (await readClaims(portal)).filter((row) => row.reference_code === referenceCode);
    expect(stored!.models.paymentElection).toMatchObject({
      paymentMethod: "directDeposit",
      accountNumber: { sealed: "aes-256-gcm" },
      routingNumber: { sealed: "aes-256-gcm" },
    });
    const claim = await withStore(portal, (store) => store.getClaim(referenceCode));
    expect(claim?.models.paymentElection).toMatchObject({ accountNumber: ACCOUNT, routingNumber: ROUTING });
  });

  test("the operator's export holds the numbers whole, in files only the operator may read", async () => {
    const out = path.join(mkdtempSync(path.join(tmpdir(), "export-")), "claims");
    const result = await portalCommand(portal, portal.settlementDir, "export", "--out", out, "--documents");
    expect(result.code, result.stderr).toBe(0);
    const [exported] = JSON.parse(readFileSync(path.join(out, "claims.json"), "utf8"));
    expect(exported.answers.paymentElection).toMatchObject({ accountNumber: ACCOUNT, routingNumber: ROUTING });
    const [header, row] = parseCsv(readFileSync(path.join(out, "claims-reimbursement.csv"), "utf8"));
    expect(row![header!.indexOf("paymentElection.accountNumber")]).toBe(ACCOUNT);
    expect(mode(out)).toBe("700");
    for (const name of ["claims.json", "claims-reimbursement.csv", exported.documents[0].file])
      expect(mode(path.join(out, name)), name).toBe("600");
  });

  test("an export into a folder where files are already (another's, or a symlink planted at a name) replaces them, never writing through", async () => {
    const out = mkdtempSync(path.join(tmpdir(), "export-"));
    chmodSync(out, 0o755);
    writeFileSync(path.join(out, "claims.json"), "old");
    chmodSync(path.join(out, "claims.json"), 0o644);
    const elsewhere = path.join(mkdtempSync(path.join(tmpdir(), "elsewhere-")), "taken.csv");
    writeFileSync(elsewhere, "nothing of the claims");
    symlinkSync(elsewhere, path.join(out, "claims-reimbursement.csv"));
    const result = await portalCommand(portal, portal.settlementDir, "export", "--out", out);
    expect(result.code, result.stderr).toBe(0);
    expect(mode(path.join(out, "claims.json"))).toBe("600");
    expect(readFileSync(path.join(out, "claims.json"), "utf8")).toContain(ACCOUNT);
    expect(lstatSync(path.join(out, "claims-reimbursement.csv")).isSymbolicLink()).toBe(false);
    expect(mode(path.join(out, "claims-reimbursement.csv"))).toBe("600");
    expect(readFileSync(elsewhere, "utf8")).toBe("nothing of the claims");
    // The folder is the operator's; they are told that others can list and read into it.
    expect(result.stderr).toContain(`${out} can be read by other users`);
  });

  test("the JSON API: filed with the numbers, kept encrypted; the same answers again are the same claim, a changed number is refused", async () => {
    const json = new Claimant(portal);
    await json.get("/automotive");
    const credentials = { claimId: json.member["credentials.claimId"], pin: json.member["credentials.pin"] };
    const authorized = await json.api("/api/forms/automotive/authorize", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ credentials, reCaptchaResponse: "test-pass" }),
    });
    expect(authorized.status).toBe(200);
    const fields = (answers: Record<string, string>) =>
      Object.fromEntries(Object.entries(answers).map(([name, value]) => [name.split(".")[1], value]));
    const submit = (account: string) => {
      const body = new FormData();
      const parts = {
        claimantInfo: fields(AUTOMOTIVE_CLAIMANT),
        claimDetails: fields(AUTOMOTIVE_DETAILS),
        paymentElection: fields({ ...DIRECT_DEPOSIT, "paymentElection.accountNumber": account }),
        signature: { attestation: true, signature: "Ana García" },
        documentContexts: [{ clientId: "doc-aaaaaaaa", fields: { name: "title.pdf", documentKind: "title" } }],
        reCaptchaResponse: "test-pass",
      };
      for (const [name, value] of Object.entries(parts)) body.append(name, JSON.stringify(value));
      body.append("documents", new File([PDF], "doc-aaaaaaaa"));
      return json.api("/api/forms/automotive", { method: "POST", body });
    };
    const filed = await submit(ACCOUNT);
    expect(filed.status).toBe(200);
    const { referenceCodeForm } = (await filed.json()) as { referenceCodeForm: string };
    // A retry with the same answers and the same file: the same claim, though every encryption differs.
    const again = await submit(ACCOUNT);
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ referenceCodeForm });
    // Another account number is a change, which a filed claim does not take (claims.perMember "one").
    expect((await submit("55554444")).status).toBe(409);
    const claim = await withStore(portal, (store) => store.getClaim(referenceCodeForm));
    expect(claim?.models.paymentElection).toMatchObject({ accountNumber: ACCOUNT, routingNumber: ROUTING });
    expect((await withStore(portal, (store) => store.claimVersions(referenceCodeForm))).length).toBe(1);
    const raw = await rawDatabase(portal);
    expect(raw).toContain(referenceCodeForm);
    for (const secret of [ACCOUNT, "55554444", ROUTING]) expect(raw).not.toContain(secret);
  });

  test("the data folder and everything the portal keeps in it are its user's alone", () => {
    expect(mode(portal.dataDir)).toBe("700");
    for (const name of ["field-keys", "session-secret"])
      expect(mode(path.join(portal.dataDir, name)), name).toBe("600");
    if (backend === "sqlite") {
      const files = readdirSync(portal.dataDir).filter((name) => name.startsWith("portal.sqlite"));
      expect(files).toEqual(expect.arrayContaining(["portal.sqlite", "portal.sqlite-wal"]));
      for (const name of files) expect(mode(path.join(portal.dataDir, name)), name).toBe("600");
      const documents = path.join(portal.dataDir, "documents");
      expect(mode(documents)).toBe("700");
      expect(readdirSync(documents).length).toBeGreaterThan(0);
      for (const name of readdirSync(documents)) expect(mode(path.join(documents, name)), name).toBe("600");
    }
  });
});

/**
 * "Same claim filed twice" compares the answers filed with those stored: with the numbers
 * encrypted (a new random nonce each time) it must still see the same answers as the same.
 */
describe.each(BACKENDS)("filing again with encrypted answers, on %s (claims.perMember amend)", (backend) => {
  let portal: PortalServer;
  beforeAll(async () => {
    portal = await startPortal({ backend, settlementDir: settlementWith({ claims: { perMember: "amend" } }) });
  });
  afterAll(async () => {
    await portal.stop();
  });

  test("the same answers again file nothing; a changed account number is a new version, read back by its new last 4", async () => {
    const claimant = new Claimant(portal);
    const referenceCode = (await fileWithDirectDeposit(claimant)).confirmation!.text(".reference-code");
    await claimant.get("/reimbursement/claim-summary");
    expect((await claimant.post("/reimbursement/claim-summary", SIGNED)).status).toBe(303);
    expect((await withStore(portal, (store) => store.claimVersions(referenceCode))).length).toBe(1);

    await claimant.complete("/reimbursement/payment-election", {
      ...DIRECT_DEPOSIT,
      "paymentElection.accountNumber": "55554444",
    });
    await claimant.get("/reimbursement/claim-summary");
    expect((await claimant.post("/reimbursement/claim-summary", SIGNED)).status).toBe(303);
    const versions = await withStore(portal, (store) => store.claimVersions(referenceCode));
    expect(versions.map((version) => version.models.paymentElection?.accountNumber)).toEqual([ACCOUNT, "55554444"]);
    expect(answersShown(await claimant.get("/reimbursement/confirmation"))).toMatchObject({
      "Account number": "Ending in 4444",
    });
    const raw = await rawDatabase(portal);
    for (const secret of [ACCOUNT, "55554444", ROUTING]) expect(raw).not.toContain(secret);
  });
});
