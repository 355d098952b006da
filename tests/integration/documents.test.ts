import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Claim, StoredDocument } from "#app/storage/store.ts";
import { BACKENDS, readClaims } from "#tests/support/backends.ts";
import { Claimant, fieldError, summaryLines } from "#tests/support/claimant.ts";
import { AUTOMOTIVE_CLAIMANT, REIMBURSEMENT_DETAILS } from "#tests/support/demo-answers.ts";
import { PDF, pdfOfSize, PNG, RENAMED_EXECUTABLE, readAll } from "#tests/support/documents.ts";
import { addExpense, reimbursementAtDocuments, uploadReceipt } from "#tests/support/filing.ts";
import type { Page } from "#tests/support/http.ts";
import { type PortalServer, startPortal } from "#tests/support/portal-server.ts";
import { openStoreOf, processMemory, resetPeakMemory, withStore } from "#tests/support/server-state.ts";
import { portalCommand } from "#tests/support/portal-command.ts";
import { settlementWith } from "#tests/support/settlement.ts";

const DOCUMENTS = "/reimbursement/supporting-documents";
const SIGNED = { "signature.attestation": "on", "signature.signature": "Ana García", captchaToken: "test-pass" };

/** The client ids of a records block's saved rows, in order, as its remove buttons name them. */
function savedIds(page: Page, model: string): string[] {
  return page.document
    .querySelectorAll(`#records-${model} tbody tr input[name="record"]`)
    .map((input) => input.getAttribute("value")!);
}

function rowTexts(page: Page, model: string): string[] {
  return page.document.querySelectorAll(`#records-${model} tbody tr`).map((row) =>
    row
      .querySelectorAll("th, td")
      .slice(0, -1)
      .map((cell) => cell.textContent.trim())
      .join(" | "),
  );
}

const atDocuments = (portal: PortalServer) => reimbursementAtDocuments(new Claimant(portal));

const expense = (date: string, description: string, amount: string) => ({
  "claimTransactions.expenseDate": date,
  "claimTransactions.description": description,
  "claimTransactions.amount": amount,
});

/** A record button as a browser without JavaScript posts it. */
async function press(
  claimant: Claimant,
  intent: string,
  model: string,
  record?: string,
  fields: Record<string, string> = {},
) {
  return claimant.post(DOCUMENTS, { records: model, intent, ...(record ? { record } : {}), ...fields });
}

async function upload(
  claimant: Claimant,
  file: { name: string; content: Uint8Array<ArrayBuffer> },
  fields: Record<string, string>,
) {
  return claimant.postMultipart(
    DOCUMENTS,
    { records: "documentContexts", record: "new", intent: "upload", ...fields },
    { "documentContexts.file": file },
  );
}

/** A claim's documents in the order of its document records. */
function inRecordOrder(claim: Claim, documents: StoredDocument[]): StoredDocument[] {
  return (claim.records.documentContexts ?? []).map(
    (record) => documents.find((document) => document.id === record.documentId)!,
  );
}

describe.each(BACKENDS)("documents and records without JavaScript, on %s", (backend) => {
  let portal: PortalServer;
  beforeAll(async () => {
    portal = await startPortal({ backend });
  });
  afterAll(async () => {
    await portal.stop();
  });

  test("expenses: add three, one refused until valid, remove one; receipts attached to each; refusals say which file and why; filed with the claim byte for byte", async () => {
    const claimant = await atDocuments(portal);

    // Nothing yet: continuing names both lists' needs.
    const early = await claimant.post(DOCUMENTS, { intent: "continue" });
    expect(early.status).toBe(400);
    expect(summaryLines(early)).toEqual([
      "Expenses: add at least 1 before you continue.",
      "Documents: Provide documentation. Upload a receipt or invoice for each expense, and say which expense it proves.",
    ]);

    // Add opens a draft row ("Add more" is then hidden), saving nothing (so no "saved" message); an
    // invalid save keeps the answers and says why.
    expect((await press(claimant, "add", "claimTransactions")).headers.get("location")).toBe(
      `${DOCUMENTS}#records-claimTransactions`,
    );
    const drafting = await claimant.get(DOCUMENTS);
    expect(drafting.document.querySelector('#records-claimTransactions button[value="add"]')).toBeNull();
    const draftId = drafting.document
      .querySelector('#records-claimTransactions .record-draft input[name="record"]')!
      .getAttribute("value")!;
    expect(draftId).toMatch(/^txn-[a-z2-9]{8}$/);
    const invalid = await press(claimant, "save", "claimTransactions", draftId, expense("13/45/2024", "Tow truck", ""));
    expect(invalid.status).toBe(400);
    expect(fieldError(invalid, "claimTransactions.expenseDate")).toMatch(/date/i);
    expect(fieldError(invalid, "claimTransactions.amount")).toBe("Enter the amount you paid");
    expect(invalid.document.querySelector("#field-claimTransactions-description")?.getAttribute("value")).toBe(
      "Tow truck",
    );
    // An amount past what the settlement pays is refused with its own message, not stored (issue 10).
    const huge = await press(
      claimant,
      "save",
      "claimTransactions",
      draftId,
      expense("5/1/2024", "Tow truck", "99999999999999"),
    );
    expect(huge.status).toBe(400);
    expect(fieldError(huge, "claimTransactions.amount")).toBe("Enter an expense of $0.01 to $25,000");
    expect(
      (await press(claimant, "save", "claimTransactions", draftId, expense("5/1/2024", "Tow truck", "25,000.01")))
        .status,
    ).toBe(400);
    const refusedDraft = await withStore(portal, (store) =>
      store.getDraft(`member:${claimant.member["credentials.claimId"]}`, "reimbursement"),
    );
    expect(refusedDraft?.records?.claimTransactions?.flatMap((record) => record.fields.amount ?? [])).toEqual([]);
    expect(
      (await press(claimant, "save", "claimTransactions", draftId, expense("5/1/2024", "Tow truck", "120"))).status,
    ).toBe(303);

    for (const [date, description, amount] of [
      ["5/2/2024", "Rental car", "310.45"],
      ["5/3/2024", "Second opinion", "75"],
    ]) {
      await press(claimant, "add", "claimTransactions");
      const page = await claimant.get(DOCUMENTS);
      const id = page.document
        .querySelector('#records-claimTransactions .record-draft input[name="record"]')!
        .getAttribute("value")!;
      expect(
        (await press(claimant, "save", "claimTransactions", id, expense(date!, description!, amount!))).status,
      ).toBe(303);
    }
    let page = await claimant.get(DOCUMENTS);
    expect(rowTexts(page, "claimTransactions")).toEqual([
      "Expense 1 | 05/01/2024 | Tow truck | $120.00",
      "Expense 2 | 05/02/2024 | Rental car | $310.45",
      "Expense 3 | 05/03/2024 | Second opinion | $75.00",
    ]);
    const [tow, rental, opinion] = savedIds(page, "claimTransactions") as [string, string, string];
    expect((await press(claimant, "remove", "claimTransactions", opinion)).status).toBe(303);
    page = await claimant.get(DOCUMENTS);
    expect(savedIds(page, "claimTransactions")).toEqual([tow, rental]);
    // A receipt can name only a saved expense.
    expect(
      page.document
        .querySelectorAll("#field-documentContexts-claimTransactionId option")
        .map((option) => option.getAttribute("value")),
    ).toEqual(["", tow, rental]);

    // Uploads: invalid draft, no file, renamed executable, wrong type, oversize: each refused, nothing kept.
    const towReceipt = pdfOfSize(200_000);
    const noKind = await upload(
      claimant,
      { name: "tow.pdf", content: towReceipt },
      { "documentContexts.claimTransactionId": tow },
    );
    expect(noKind.status).toBe(400);
    expect(fieldError(noKind, "documentContexts.documentKind")).toBe("Select what this document is");
    const noFile = await claimant.postMultipart(DOCUMENTS, {
      records: "documentContexts",
      record: "new",
      intent: "upload",
      "documentContexts.documentKind": "receipt",
      "documentContexts.claimTransactionId": tow,
    });
    expect(fieldError(noFile, "documentContexts.file")).toBe("Choose a file to upload.");
    // Neither: the summary lists them in the draft's order, its file first.
    const neither = await claimant.postMultipart(DOCUMENTS, {
      records: "documentContexts",
      record: "new",
      intent: "upload",
      "documentContexts.claimTransactionId": tow,
    });
    expect(summaryLines(neither)).toEqual([
      "File: Choose a file to upload.",
      expect.stringMatching(/^What is this document/),
    ]);
    const receiptFor = (expenseId: string) => ({
      "documentContexts.documentKind": "receipt",
      "documentContexts.claimTransactionId": expenseId,
    });
    const renamed = await upload(claimant, { name: "receipt.pdf", content: RENAMED_EXECUTABLE }, receiptFor(tow));
    expect(renamed.status).toBe(400);
    expect(fieldError(renamed, "documentContexts.file")).toBe(
      "receipt.pdf is not a real PDF file. Choose the document itself, saved in the format its name says.",
    );
    expect(summaryLines(renamed)).toEqual([
      // Its question first, as on every line (decision 035).
      "File: receipt.pdf is not a real PDF file. Choose the document itself, saved in the format its name says.",
    ]);
    const exe = await upload(claimant, { name: "receipt.exe", content: RENAMED_EXECUTABLE }, receiptFor(tow));
    expect(fieldError(exe, "documentContexts.file")).toBe(
      "receipt.exe is not a type of file you can upload. Choose a PDF, JPEG, PNG, HEIC or TIFF file.",
    );
    const oversize = await upload(
      claimant,
      { name: "scan.pdf", content: pdfOfSize(10 * 1024 * 1024 + 1) },
      receiptFor(tow),
    );
    expect(fieldError(oversize, "documentContexts.file")).toBe(
      "scan.pdf is too large: each file can be at most 10 MB.",
    );

    expect((await upload(claimant, { name: "tow.pdf", content: towReceipt }, receiptFor(tow))).status).toBe(303);
    const duplicate = await upload(claimant, { name: "TOW.pdf", content: PDF }, receiptFor(rental));
    expect(duplicate.status).toBe(400);
    expect(fieldError(duplicate, "documentContexts.file")).toBe(
      "A file named TOW.pdf already exists. Rename the file or choose another one.",
    );
    expect((await upload(claimant, { name: "rental.png", content: PNG }, receiptFor(rental))).status).toBe(303);
    page = await claimant.get(DOCUMENTS);
    expect(rowTexts(page, "documentContexts")).toEqual([
      "Document 1 | tow.pdf | Receipt | Expense 1: 05/01/2024, Tow truck, $120.00 | 195.3 KB",
      `Document 2 | rental.png | Receipt | Expense 2: 05/02/2024, Rental car, $310.45 | ${PNG.length} B`,
    ]);
    // The manager begins the next draft by itself: no "Add more" while it is open.
    expect(
      page.document.querySelector('#records-documentContexts .record-draft button[value="upload"]'),
    ).not.toBeNull();
    expect(page.document.querySelector('#records-documentContexts button[value="add"]')).toBeNull();

    // On to the summary, which lists every record; then file the claim.
    const next = await claimant.post(DOCUMENTS, { intent: "continue" });
    expect(next.headers.get("location")).toBe("/reimbursement/claim-summary?saved=1");
    const summary = await claimant.get("/reimbursement/claim-summary");
    expect(summary.text("#answers-supporting-documents + * , .answer-section:last-of-type")).toContain("tow.pdf");
    expect((await claimant.post("/reimbursement/claim-summary", SIGNED)).headers.get("location")).toBe(
      "/reimbursement/confirmation",
    );
    const code = (await claimant.get("/reimbursement/confirmation")).text(".reference-code");

    const store = openStoreOf(portal);
    try {
      const claim = await store.getClaim(code);
      expect(
        claim?.records.claimTransactions?.map((record) => [record.fields.description, record.fields.amount]),
      ).toEqual([
        ["Tow truck", "120.00"],
        ["Rental car", "310.45"],
      ]);
      const documents = inRecordOrder(claim!, await store.claimDocuments(code));
      expect(documents.map((document) => [document.name, document.mediaType])).toEqual([
        ["tow.pdf", "application/pdf"],
        ["rental.png", "image/png"],
      ]);
      expect(await readAll(store.readDocument(documents[0]!.id))).toEqual(towReceipt);
      expect(await readAll(store.readDocument(documents[1]!.id))).toEqual(PNG);
      expect(
        claim?.records.documentContexts?.map((record) => [record.documentId, record.fields.claimTransactionId]),
      ).toEqual([
        [documents[0]!.id, tow],
        [documents[1]!.id, rental],
      ]);
    } finally {
      await store.close();
    }
    expect((await readClaims(portal)).some((claim) => claim.reference_code === code)).toBe(true);
  });

  test("removing an expense removes the receipts attached to it; cancel drops a draft; a stale record button changes nothing", async () => {
    const claimant = await atDocuments(portal);
    await press(claimant, "add", "claimTransactions");
    let page = await claimant.get(DOCUMENTS);
    const id = page.document
      .querySelector('#records-claimTransactions .record-draft input[name="record"]')!
      .getAttribute("value")!;
    await press(claimant, "save", "claimTransactions", id, expense("5/1/2024", "Tow", "99"));
    await upload(
      claimant,
      { name: "tow.pdf", content: PDF },
      { "documentContexts.documentKind": "receipt", "documentContexts.claimTransactionId": id },
    );
    page = await claimant.get(DOCUMENTS);
    expect(page.text("#records-claimTransactions tbody button")).toBe(
      "Remove Expense 1 and the document attached to it",
    );
    await press(claimant, "remove", "claimTransactions", id);
    page = await claimant.get(DOCUMENTS);
    expect(savedIds(page, "claimTransactions")).toEqual([]);
    expect(savedIds(page, "documentContexts")).toEqual([]);

    await press(claimant, "add", "claimTransactions");
    page = await claimant.get(DOCUMENTS);
    const draft = page.document
      .querySelector('#records-claimTransactions .record-draft input[name="record"]')!
      .getAttribute("value")!;
    expect((await press(claimant, "cancel", "claimTransactions", draft)).status).toBe(303);
    page = await claimant.get(DOCUMENTS);
    expect(page.document.querySelector("#records-claimTransactions .record-draft")).toBeNull();
    expect((await press(claimant, "remove", "claimTransactions", draft)).status).toBe(303);
    expect((await press(claimant, "save", "nothing", draft)).status).toBe(400);
  });

  test("the JSON API: records as list parts, files under documents named by their context's client id or name; the same rules", async () => {
    const claimant = new Claimant(portal);
    await claimant.get("/reimbursement");
    const authorized = await claimant.api("/api/forms/reimbursement/authorize", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ credentials: { claimId: "10000003", pin: "111222" }, reCaptchaResponse: "test-pass" }),
    });
    expect(authorized.status).toBe(200);
    const claimantInfo = Object.fromEntries(
      Object.entries(AUTOMOTIVE_CLAIMANT).map(([name, value]) => [name.split(".")[1], value]),
    );
    const details = Object.fromEntries(
      Object.entries(REIMBURSEMENT_DETAILS).map(([name, value]) => [name.split(".")[1], value]),
    );
    const base = {
      claimantInfo,
      claimDetails: details,
      paymentElection: { paymentMethod: "check" },
      signature: { attestation: true, signature: "Carmen Ruiz" },
      reCaptchaResponse: "test-pass",
      claimTransactions: [
        { clientId: "txn-abcdefgh", fields: { expenseDate: "5/1/2024", description: "Tow", amount: "95" } },
      ],
      documentContexts: [
        {
          clientId: "doc-abcdefgh",
          fields: { name: "tow.pdf", documentKind: "receipt", claimTransactionId: "txn-abcdefgh" },
        },
        {
          clientId: "doc-bcdefghi",
          fields: { name: "photo.png", documentKind: "other", claimTransactionId: "txn-abcdefgh" },
        },
      ],
    };
    const submit = (parts: Record<string, unknown>, files: Array<[string, Uint8Array<ArrayBuffer>]>) => {
      const form = new FormData();
      // A part given as { json } is sent as that very text (numbers JavaScript cannot hold).
      for (const [name, value] of Object.entries(parts))
        form.append(
          name,
          typeof value === "object" && value !== null && "json" in value ? String(value.json) : JSON.stringify(value),
        );
      for (const [name, content] of files) form.append("documents", new File([content], name));
      return claimant.api("/api/forms/reimbursement", { method: "POST", body: form });
    };
    const receipt = pdfOfSize(70_000);
    const refused = async (parts: Record<string, unknown>, files: Array<[string, Uint8Array<ArrayBuffer>]>) => {
      const response = await submit(parts, files);
      expect(response.status).toBe(400);
      return ((await response.json()) as { error: string }).error;
    };
    expect(await refused(base, [["doc-abcdefgh", receipt]])).toBe(
      'documentContexts[1]: No file in "documents" is named by this document context\'s clientId or name.',
    );
    expect(
      await refused(base, [
        ["doc-abcdefgh", receipt],
        ["photo.png", PNG],
        ["stray.pdf", PDF],
      ]),
    ).toBe('documents: The file "stray.pdf" matches no document context (by clientId or name).');
    expect(
      await refused(base, [
        ["doc-abcdefgh", RENAMED_EXECUTABLE],
        ["photo.png", PNG],
      ]),
    ).toBe("documents: tow.pdf is not a real PDF file. Choose the document itself, saved in the format its name says.");
    expect(
      await refused(
        {
          ...base,
          documentContexts: [
            {
              ...base.documentContexts[0],
              fields: { ...base.documentContexts[0]!.fields, claimTransactionId: "txn-zzzzzzzz" },
            },
          ],
        },
        [["doc-abcdefgh", receipt]],
      ),
    ).toBe("documentContexts[0].claimTransactionId: The value entered is not valid");
    expect(await refused({ ...base, claimTransactions: [], documentContexts: [] }, [])).toBe(
      "claimTransactions: Expenses: add at least 1 before you continue.; documentContexts: Provide documentation",
    );

    // Bank details as bare JSON numbers: the account number is past 2^53, and is stored as written.
    const paymentElection = {
      json: '{"paymentMethod":"directDeposit","routingNumber":121000358,"accountNumber":9007199254740993,"accountType":"checking"}',
    };
    const filed = await submit({ ...base, paymentElection }, [
      ["doc-abcdefgh", receipt],
      ["photo.png", PNG],
    ]);
    expect(filed.status).toBe(200);
    const { referenceCodeForm } = (await filed.json()) as { referenceCodeForm: string };
    const store = openStoreOf(portal);
    try {
      const claim = await store.getClaim(referenceCodeForm);
      const documents = inRecordOrder(claim!, await store.claimDocuments(referenceCodeForm));
      expect(claim?.models.paymentElection).toMatchObject({
        routingNumber: "121000358",
        accountNumber: "9007199254740993",
      });
      expect(documents.map((document) => document.name)).toEqual(["tow.pdf", "photo.png"]);
      expect(await readAll(store.readDocument(documents[0]!.id))).toEqual(receipt);
      expect(
        claim?.records.documentContexts?.map((record) => [
          record.clientId,
          record.documentId,
          record.fields.claimTransactionId,
        ]),
      ).toEqual([
        ["doc-abcdefgh", documents[0]!.id, "txn-abcdefgh"],
        ["doc-bcdefghi", documents[1]!.id, "txn-abcdefgh"],
      ]);
    } finally {
      await store.close();
    }
  });

  test("a receipt's long name of emoji is kept whole, as the page shows it and its data says it", async () => {
    const claimant = await atDocuments(portal);
    const name = `a${"😀".repeat(60)}.pdf`;
    await uploadReceipt(claimant, await addExpense(claimant), { name, content: PDF });
    const page = await claimant.get(DOCUMENTS);
    expect(rowTexts(page, "documentContexts").join("\n")).toContain(name);
    // Cut inside an emoji, the name held half of one: the page showed U+FFFD where its loader data
    // held the half, and the browser re-rendered the whole page (React's hydration error).
    expect(page.html).not.toContain("\uFFFD");
    expect(page.html).not.toMatch(/\\ud83d(?!\\ude00)/i);
  });

  test("record buttons need the session's CSRF token, like every POST", async () => {
    const claimant = await atDocuments(portal);
    expect(
      (await claimant.post(DOCUMENTS, { records: "claimTransactions", intent: "add" }, { csrf: false })).status,
    ).toBe(403);
    const forged = await claimant.postMultipart(
      DOCUMENTS,
      { csrf: "forged", records: "documentContexts", record: "new", intent: "upload" },
      { "documentContexts.file": { name: "a.pdf", content: PDF } },
    );
    expect(forged.status).toBe(403);
  });
});

describe.each(BACKENDS)("a member's draft, on %s", (backend) => {
  test("outlives its session: the background purge ends the expired session, and signing in again finds the expense and its receipt", async () => {
    const portal = await startPortal({ backend, env: { PURGE_INTERVAL_MS: "1000" } });
    try {
      const claimant = await reimbursementAtDocuments(new Claimant(portal));
      await uploadReceipt(claimant, await addExpense(claimant), { name: "kept.pdf", content: PDF });
      // Its last request two hours ago (the test clock): long past the 30-minute time-out.
      await claimant.api(DOCUMENTS, { headers: { "X-Test-Now": new Date(Date.now() - 2 * 3_600_000).toISOString() } });
      await expect
        .poll(() => /"expired sessions and drafts purged"/.test(portal.output()), { timeout: 10_000 })
        .toBe(true);
      expect(portal.output()).toMatch(/"expired sessions and drafts purged","sessions":1,"drafts":0,"documents":0/);
      expect((await claimant.get(DOCUMENTS)).headers.get("location")).toBe("/session-expired?form=reimbursement");

      // Another browser, the same member: back at the documents step, with what was saved there.
      const again = new Claimant(portal);
      expect((await again.signIn("reimbursement", claimant.member)).headers.get("location")).toBe(DOCUMENTS);
      const page = await again.get(DOCUMENTS);
      expect(rowTexts(page, "documentContexts")[0]).toContain("kept.pdf");
      await again.complete(DOCUMENTS, { intent: "continue" });
      await again.get("/reimbursement/claim-summary");
      expect((await again.post("/reimbursement/claim-summary", SIGNED)).status).toBe(303);
      const code = (await again.get("/reimbursement/confirmation")).text(".reference-code");
      const documents = await withStore(portal, (store) => store.claimDocuments(code));
      expect(documents.map((document) => document.name)).toEqual(["kept.pdf"]);
      expect(await withStore(portal, (store) => readAll(store.readDocument(documents[0]!.id)))).toEqual(PDF);
    } finally {
      await portal.stop();
    }
  });

  test("is purged with its uploads once the flow's deadline and the retention after it have passed", async () => {
    const day = 24 * 3_600_000;
    // The claim flows closed 40 days ago; with 30 days' retention (the default) their drafts go.
    const closed = new Date(Date.now() - 40 * day).toISOString().slice(0, 19);
    const settlement = settlementWith((config) => {
      for (const { deadlines } of Object.values(
        config.deadlines as Record<string, { deadlines: Record<string, unknown> }>,
      )) {
        deadlines.claimFilingDeadline = { deadlineDateTime: closed };
        delete deadlines.globalDeadline;
      }
    });
    // The background purge is off while the draft is filled in (it goes by the real clock, for which
    // the draft is already past its retention); the operator's purge then does what it would.
    const portal = await startPortal({ backend, settlementDir: settlement });
    try {
      // Filled in before the deadline (the test clock), then left.
      const claimant = await reimbursementAtDocuments(
        new Claimant(portal, { "X-Test-Now": new Date(Date.now() - 50 * day).toISOString() }),
      );
      await uploadReceipt(claimant, await addExpense(claimant), { name: "late.pdf", content: PDF });
      const upload = (await withStore(portal, (store) =>
        store.getDraft(`member:${claimant.member["credentials.claimId"]}`, "reimbursement"),
      ))!.records!.documentContexts![0]!.documentId!;
      const purged = await portalCommand(portal, settlement, "purge");
      expect(purged.stdout).toMatch(/, 1 drafts past their flow's deadline and retention, and 1 unfiled documents\./);
      expect(
        await withStore(portal, (store) =>
          store.getDraft(`member:${claimant.member["credentials.claimId"]}`, "reimbursement"),
        ),
      ).toBeUndefined();
      expect(await withStore(portal, (store) => store.getDocument(upload))).toBeUndefined();
    } finally {
      await portal.stop();
    }
  });
});

describe("records a settlement lets claimants edit", () => {
  let portal: PortalServer;
  beforeAll(async () => {
    const settlement = settlementWith();
    const file = path.join(settlement, "forms", "reimbursement.pages.json");
    const pages = JSON.parse(readFileSync(file, "utf8"));
    pages["supporting-documents"].blocks[0].allowEdit = true;
    pages["supporting-documents"].blocks[0].allowDelete = false;
    writeFileSync(file, JSON.stringify(pages));
    portal = await startPortal({ settlementDir: settlement });
  });
  afterAll(async () => {
    await portal.stop();
  });

  test("edit opens a saved record as a draft with its answers; cancel restores them, save replaces them; no remove when not allowed", async () => {
    const claimant = await atDocuments(portal);
    await press(claimant, "add", "claimTransactions");
    const id = (await claimant.get(DOCUMENTS)).document
      .querySelector('#records-claimTransactions .record-draft input[name="record"]')!
      .getAttribute("value")!;
    await press(claimant, "save", "claimTransactions", id, expense("5/1/2024", "Tow", "95"));
    let page = await claimant.get(DOCUMENTS);
    expect(page.document.querySelector('#records-claimTransactions tbody button[value="remove"]')).toBeNull();
    expect(page.text('#records-claimTransactions tbody button[value="edit"]')).toBe("Edit Expense 1");

    await press(claimant, "edit", "claimTransactions", id);
    page = await claimant.get(DOCUMENTS);
    expect(page.text("#records-claimTransactions .record-draft legend")).toBe("Expense 1");
    expect(page.document.querySelector("#field-claimTransactions-description")?.getAttribute("value")).toBe("Tow");
    expect(page.document.querySelector('#records-claimTransactions button[value="add"]')).toBeNull();
    await press(claimant, "cancel", "claimTransactions", id);
    page = await claimant.get(DOCUMENTS);
    expect(rowTexts(page, "claimTransactions")).toEqual(["Expense 1 | 05/01/2024 | Tow | $95.00"]);

    await press(claimant, "edit", "claimTransactions", id);
    await claimant.get(DOCUMENTS);
    await press(claimant, "save", "claimTransactions", id, expense("5/1/2024", "Tow truck", "120"));
    page = await claimant.get(DOCUMENTS);
    expect(rowTexts(page, "claimTransactions")).toEqual(["Expense 1 | 05/01/2024 | Tow truck | $120.00"]);
    expect(savedIds(page, "claimTransactions")).toEqual([id]);
  });
});

describe.each(BACKENDS)("a 50 MB upload on %s", (backend) => {
  let portal: PortalServer;
  beforeAll(async () => {
    const settlement = settlementWith((config) => {
      config.uploads = { maxFileBytes: 60 * 1024 * 1024, maxClaimBytes: 100 * 1024 * 1024 };
    });
    portal = await startPortal({ backend, settlementDir: settlement });
  });
  afterAll(async () => {
    await portal.stop();
  });

  test("streams to storage: the server's memory grows by a small fraction of the file, however large", async () => {
    const claimant = await atDocuments(portal);
    await press(claimant, "add", "claimTransactions");
    let page = await claimant.get(DOCUMENTS);
    const id = page.document
      .querySelector('#records-claimTransactions .record-draft input[name="record"]')!
      .getAttribute("value")!;
    await press(claimant, "save", "claimTransactions", id, expense("5/1/2024", "Tow", "99"));
    const fields = { "documentContexts.documentKind": "receipt", "documentContexts.claimTransactionId": id };
    const pid = portal.process.pid!;
    const big = pdfOfSize(50 * 1024 * 1024);
    // Peak resident memory while each upload runs, from a reset peak (Linux: clear_refs 5).
    const measure = async (name: string) => {
      await claimant.get(DOCUMENTS);
      resetPeakMemory(pid);
      const before = processMemory(pid);
      const result = await upload(claimant, { name, content: big }, fields);
      expect(result.status).toBe(303);
      return processMemory(pid).peak - before.rss;
    };
    const mb = (bytes: number) =>
      `${(bytes / 2 ** 20).toFixed(1)} MB (${((bytes / big.length) * 100).toFixed(1)}% of the file)`;
    const first = await measure("first.pdf");
    const second = await measure("second.pdf");
    console.log(
      `[${backend}] 50 MB uploads: server peak RSS grew ${mb(first)} during the first, ${mb(second)} during the second`,
    );
    // The first upload also warms the process (code, pools); the second shows the steady state.
    expect(first).toBeLessThan(big.length * 0.3);
    expect(second).toBeLessThan(big.length * 0.15);
    page = await claimant.get(DOCUMENTS);
    expect(rowTexts(page, "documentContexts").map((row) => row.split(" | ")[1])).toEqual(["first.pdf", "second.pdf"]);
  });
});
