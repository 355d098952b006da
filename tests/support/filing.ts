import { Claimant } from "./claimant.ts";
import { AUTOMOTIVE_CLAIMANT, REIMBURSEMENT_DETAILS } from "./demo-answers.ts";
import type { PortalServer } from "./portal-server.ts";

export const DOCUMENTS_STEP = "/reimbursement/supporting-documents";

export interface FiledClaim {
  referenceCode: string;
  expenseIds: string[];
}

/**
 * A reimbursement claim filed over HTTP as a browser without JavaScript files it: sign in, every
 * step, an expense per receipt with the receipt attached, the summary signed. Throws, saying
 * where, if any step is not accepted.
 */
export async function fileReimbursementClaim(portal: PortalServer, receipts: Array<{ name: string; content: Uint8Array<ArrayBuffer> }>, claimant = new Claimant(portal)): Promise<FiledClaim> {
  await claimant.signIn("reimbursement");
  await claimant.complete("/reimbursement/claimant-info", AUTOMOTIVE_CLAIMANT);
  await claimant.complete("/reimbursement/claim-details", REIMBURSEMENT_DETAILS);
  await claimant.complete("/reimbursement/payment-election", { "paymentElection.paymentMethod": "check" });
  const expenseIds: string[] = [];
  for (const [index, receipt] of receipts.entries()) {
    await claimant.get(DOCUMENTS_STEP);
    expect303(await claimant.post(DOCUMENTS_STEP, { records: "claimTransactions", intent: "add" }), "add an expense");
    const page = await claimant.get(DOCUMENTS_STEP);
    const id = page.document.querySelector('#records-claimTransactions .record-draft input[name="record"]')!.getAttribute("value")!;
    expect303(
      await claimant.post(DOCUMENTS_STEP, { records: "claimTransactions", intent: "save", record: id, "claimTransactions.expenseDate": "5/1/2024", "claimTransactions.description": `Expense ${index + 1}`, "claimTransactions.amount": "10" }),
      "save an expense",
    );
    await claimant.get(DOCUMENTS_STEP);
    expect303(
      await claimant.postMultipart(DOCUMENTS_STEP, { records: "documentContexts", record: "new", intent: "upload", "documentContexts.documentKind": "receipt", "documentContexts.claimTransactionId": id }, { "documentContexts.file": receipt }),
      `upload ${receipt.name}`,
    );
    expenseIds.push(id);
  }
  await claimant.complete(DOCUMENTS_STEP, { intent: "continue" });
  await claimant.get("/reimbursement/claim-summary");
  expect303(await claimant.post("/reimbursement/claim-summary", { "signature.attestation": "on", "signature.signature": "Ana García", captchaToken: claimant.captchaToken }), "submit the claim");
  const referenceCode = (await claimant.get("/reimbursement/confirmation")).text(".reference-code");
  return { referenceCode, expenseIds };
}

function expect303(page: { status: number; text: (selector: string) => string }, what: string) {
  if (page.status !== 303) throw new Error(`Could not ${what}: ${page.status} ${page.text(".error-summary")}`);
}
