import { Claimant } from "./claimant.ts";
import { AUTOMOTIVE_CLAIMANT, REIMBURSEMENT_DETAILS, STANDARD_CLAIMANT, STANDARD_DETAILS } from "./demo-answers.ts";
import { blankMember, type Credentials } from "./members.ts";
import type { PortalServer } from "./portal-server.ts";

export const DOCUMENTS_STEP = "/reimbursement/supporting-documents";

export interface FiledClaim {
  referenceCode: string;
  expenseIds: string[];
}

/** What a reimbursement claimant answers besides the demo's: their details, how they are paid. */
export interface ReimbursementAnswers {
  claimant?: Record<string, string>;
  payment?: Record<string, string>;
}

/** Signs in to the reimbursement flow and answers the steps before the documents, which it opens. */
export async function reimbursementAtDocuments(
  claimant: Claimant,
  answers: ReimbursementAnswers = {},
): Promise<Claimant> {
  await claimant.signIn("reimbursement");
  await claimant.complete("/reimbursement/claimant-info", { ...AUTOMOTIVE_CLAIMANT, ...answers.claimant });
  await claimant.complete("/reimbursement/claim-details", REIMBURSEMENT_DETAILS);
  await claimant.complete(
    "/reimbursement/payment-election",
    answers.payment ?? { "paymentElection.paymentMethod": "check" },
  );
  await claimant.get(DOCUMENTS_STEP);
  return claimant;
}

/** Adds an expense on the documents step (Add, then Save) and returns its client id. */
export async function addExpense(claimant: Claimant, description = "Tow", amount = "95"): Promise<string> {
  expect303(await claimant.post(DOCUMENTS_STEP, { records: "claimTransactions", intent: "add" }), "add an expense");
  const page = await claimant.get(DOCUMENTS_STEP);
  const id = page.document
    .querySelector('#records-claimTransactions .record-draft input[name="record"]')!
    .getAttribute("value")!;
  expect303(
    await claimant.post(DOCUMENTS_STEP, {
      records: "claimTransactions",
      intent: "save",
      record: id,
      "claimTransactions.expenseDate": "5/1/2024",
      "claimTransactions.description": description,
      "claimTransactions.amount": amount,
    }),
    "save an expense",
  );
  await claimant.get(DOCUMENTS_STEP);
  return id;
}

/** Uploads a receipt for an expense, as the document manager's form sends it. */
export async function uploadReceipt(
  claimant: Claimant,
  expenseId: string,
  receipt: { name: string; content: Uint8Array<ArrayBuffer> },
): Promise<void> {
  expect303(
    await claimant.postMultipart(
      DOCUMENTS_STEP,
      {
        records: "documentContexts",
        record: "new",
        intent: "upload",
        "documentContexts.documentKind": "receipt",
        "documentContexts.claimTransactionId": expenseId,
      },
      { "documentContexts.file": receipt },
    ),
    `upload ${receipt.name}`,
  );
  await claimant.get(DOCUMENTS_STEP);
}

/**
 * A reimbursement claim filed over HTTP as a browser without JavaScript files it: sign in, every
 * step, an expense per receipt with the receipt attached, the summary signed. Throws, saying
 * where, if any step is not accepted.
 */
export async function fileReimbursementClaim(
  portal: PortalServer,
  receipts: Array<{ name: string; content: Uint8Array<ArrayBuffer> }>,
  claimant = new Claimant(portal),
  answers: ReimbursementAnswers = {},
): Promise<FiledClaim> {
  await reimbursementAtDocuments(claimant, answers);
  const expenseIds: string[] = [];
  for (const [index, receipt] of receipts.entries()) {
    const id = await addExpense(claimant, `Expense ${index + 1}`, "10");
    await uploadReceipt(claimant, id, receipt);
    expenseIds.push(id);
  }
  await claimant.complete(DOCUMENTS_STEP, { intent: "continue" });
  await claimant.get("/reimbursement/claim-summary");
  expect303(
    await claimant.post("/reimbursement/claim-summary", {
      "signature.attestation": "on",
      "signature.signature": "Ana García",
      captchaToken: claimant.captchaToken,
    }),
    "submit the claim",
  );
  const referenceCode = (await claimant.get("/reimbursement/confirmation")).text(".reference-code");
  return { referenceCode, expenseIds };
}

function expect303(page: { status: number; text: (selector: string) => string }, what: string) {
  if (page.status !== 303) throw new Error(`Could not ${what}: ${page.status} ${page.text(".error-summary")}`);
}

/**
 * Signs in as `member` (a new one unless given) and files a standard claim without JavaScript, with
 * these claimant answers (Bo Lee's unless given): its reference code.
 */
export async function fileStandardClaim(
  portal: PortalServer,
  answers: Record<string, string> = STANDARD_CLAIMANT,
  member: Credentials = blankMember(),
  /** The request headers it files with: a test clock (X-Test-Now) files it then. */
  headers: Record<string, string> = {},
): Promise<string> {
  const claimant = new Claimant(portal, headers);
  await claimant.signIn("standard", member);
  await claimant.complete("/standard/claimant-info", answers);
  await claimant.complete("/standard/claim-details", STANDARD_DETAILS);
  await claimant.complete("/standard/payment-election", { "paymentElection.paymentMethod": "check" });
  await claimant.complete("/standard/supporting-documents", {});
  await claimant.get("/standard/claim-summary");
  const filed = await claimant.post("/standard/claim-summary", {
    "signature.attestation": "on",
    "signature.signature": "Bo Lee",
    captchaToken: claimant.captchaToken,
  });
  expect303(filed, "submit the claim");
  return (await claimant.get(filed.headers.get("location")!)).text(".reference-code");
}
