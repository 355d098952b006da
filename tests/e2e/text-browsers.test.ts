import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Claimant, storedDrafts } from "#tests/support/claimant.ts";
import { STANDARD_CLAIMANT, STANDARD_DETAILS } from "#tests/support/demo-answers.ts";
import { PDF } from "#tests/support/documents.ts";
import { addExpense, DOCUMENTS_STEP, reimbursementAtDocuments } from "#tests/support/filing.ts";
import { fold, type Page } from "#tests/support/http.ts";
import { blankMember } from "#tests/support/members.ts";
import { type PortalServer, startPortal } from "#tests/support/portal-server.ts";
import { BOUNDARY, multipart } from "#tests/support/raw-multipart.ts";
import en from "../../locales/en.json" with { type: "json" };

const W3M = "/usr/bin/w3m";
const run = promisify(execFile);

let portal: PortalServer;
beforeAll(async () => {
  portal = await startPortal();
});
afterAll(() => portal.stop());

/** The page as Debian's w3m shows it (`w3m -dump`, 80 columns): its lines, blank ones dropped. */
async function w3mLines(html: string): Promise<string[]> {
  const child = execFile(W3M, ["-dump", "-T", "text/html", "-cols", "80", "-o", "display_charset=UTF-8"]);
  const output = new Promise<string>((resolve, reject) => {
    let text = "";
    child.stdout!.on("data", (chunk) => {
      text += chunk;
    });
    child.on("error", reject);
    child.on("close", () => resolve(text));
  });
  child.stdin!.end(html);
  return (await output)
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
}

/**
 * What may come before a page's heading: the skip link, the header and the banner (everything
 * outside <main> but the footer), and in <main> the page's tools (Back, Sign out), the step count
 * and the error summary (GOV.UK puts it first). Their lines, as w3m shows them on their own.
 */
async function allowedBeforeHeading(page: Page): Promise<Set<string>> {
  const allowed = [".page-tools", "form.sign-out", ".step-count", ".error-summary"]
    .flatMap((selector) => page.document.querySelectorAll(`main ${selector}`))
    .map((element) => element.outerHTML)
    .join("");
  const withoutMain = page.html
    .replace(/<main\b[\s\S]*<\/main>/, `<main>${allowed}</main>`)
    .replace(/<footer class="site-footer"[\s\S]*<\/footer>/, "");
  return new Set(await w3mLines(withoutMain));
}

/** The texts of the closed dialogs the portal's pages carry (the time-out warning, the error alert). */
const DIALOG_TEXTS = [
  en.SessionTimeout_Header,
  en.SessionTimeout_Body1,
  en.SessionTimeout_TimeLeft,
  en.Error_Title,
  en.Error_ProblemOccurred,
];

/**
 * The checks on a page as a text browser shows it: no closed dialog's text, the H1 before any of
 * the page's controls (w3m shows a field as [...] and a button as its text), and nothing before the
 * H1 but the header, page tools and error summary.
 */
async function expectReadableInTextBrowser(page: Page) {
  expect(page.status, page.text(".error-summary")).toBeLessThan(500);
  // No <dialog> in the server's HTML holds anything while it is closed.
  for (const dialog of page.document.querySelectorAll("dialog:not([open])")) expect(fold(dialog.textContent)).toBe("");
  const lines = await w3mLines(page.html);
  const dump = lines.join("\n");
  for (const text of DIALOG_TEXTS) expect(dump).not.toContain(text);
  // Nor what the page hides (w3m shows a hidden element as any other): no line that does nothing.
  for (const hidden of page.document.querySelectorAll("main [hidden]")) {
    const text = fold(hidden.textContent);
    if (text) expect(lines, dump).not.toContain(text);
  }

  // The security check's question begins a line, not run on after its legend.
  const sum = page.document.querySelector('label[for="captcha-answer"]');
  if (sum)
    expect(
      lines.some((line) => line.startsWith(fold(sum.textContent))),
      dump,
    ).toBe(true);
  // A question's hint is a line of its own, not run on after its label or legend.
  for (const hint of page.document.querySelectorAll("main .field-hint")) {
    const words = fold(hint.textContent).split(" ").slice(0, 4).join(" ");
    expect(
      lines.some((line) => line.startsWith(words)),
      `"${words}…" starts no line:\n${dump}`,
    ).toBe(true);
  }

  const heading = fold(page.document.querySelector("main h1")!.textContent);
  const headingAt = lines.indexOf(heading);
  expect(headingAt, dump).toBeGreaterThan(0);
  const allowed = await allowedBeforeHeading(page);
  expect(lines.slice(0, headingAt).filter((line) => !allowed.has(line))).toEqual([]);

  const buttons = page.document
    .querySelectorAll("main button")
    .filter((button) => !button.closest(".page-tools, form.sign-out"))
    .map((button) => fold(button.textContent));
  const firstControl = lines.findIndex((line) => line.includes("[") || buttons.includes(line));
  if (firstControl >= 0) expect(firstControl, dump).toBeGreaterThan(headingAt);
}

/** A standard claimant signed in, at the summary with every step answered. */
async function atCheckAnswers(): Promise<Claimant> {
  const claimant = new Claimant(portal);
  await claimant.signIn("standard", blankMember());
  await claimant.complete("/standard/claimant-info", STANDARD_CLAIMANT);
  await claimant.complete("/standard/claim-details", STANDARD_DETAILS);
  await claimant.complete("/standard/payment-election", { "paymentElection.paymentMethod": "check" });
  await claimant.complete("/standard/supporting-documents", {});
  return claimant;
}

/** A reimbursement claimant at the documents step with an expense, the document's form open. */
async function atDocuments(): Promise<{ claimant: Claimant; expenseId: string }> {
  const claimant = await reimbursementAtDocuments(new Claimant(portal));
  const expenseId = await addExpense(claimant, "Tow", "95");
  return { claimant, expenseId };
}

/**
 * Issue 26 item 4: each page kind as Debian's w3m shows it (the page fetched by this test's own
 * HTTP client with its session, then `w3m -dump`).
 */
describe("every page kind in w3m", () => {
  const PAGES: Array<[string, () => Promise<Page>]> = [
    ["sign-in", () => new Claimant(portal).get("/standard")],
    [
      "sign-in with errors",
      async () => {
        const claimant = new Claimant(portal);
        await claimant.get("/standard");
        return claimant.post("/standard", { "credentials.claimId": "", "credentials.pin": "" });
      },
    ],
    ["lookup", () => new Claimant(portal).get("/lookup")],
    [
      "step",
      async () => {
        const claimant = new Claimant(portal);
        await claimant.signIn("standard", blankMember());
        return claimant.get("/standard/claimant-info");
      },
    ],
    [
      "step with errors",
      async () => {
        const claimant = new Claimant(portal);
        await claimant.signIn("standard", blankMember());
        await claimant.get("/standard/claimant-info");
        return claimant.post("/standard/claimant-info", { intent: "continue" });
      },
    ],
    ["documents step", async () => (await atDocuments()).claimant.get(DOCUMENTS_STEP)],
    ["check answers", async () => (await atCheckAnswers()).get("/standard/claim-summary")],
    [
      "check answers with errors",
      async () => {
        const claimant = await atCheckAnswers();
        await claimant.get("/standard/claim-summary");
        return claimant.post("/standard/claim-summary", { captchaToken: claimant.captchaToken });
      },
    ],
    [
      "confirmation",
      async () => {
        const claimant = await atCheckAnswers();
        await claimant.get("/standard/claim-summary");
        const filed = await claimant.post("/standard/claim-summary", {
          "signature.attestation": "on",
          "signature.signature": "Bo Lee",
          captchaToken: claimant.captchaToken,
        });
        return claimant.get(filed.headers.get("location")!);
      },
    ],
    ["claim status", () => new Claimant(portal).get("/claim/status")],
    ["documents for a filed claim", () => new Claimant(portal).get("/documents")],
    ["change of address", () => new Claimant(portal).get("/coa")],
    ["deadline", () => new Claimant(portal).get("/deadline")],
  ];
  test.each(PAGES)("%s: no closed dialog, the heading first, each hint a line of its own", async (_kind, reach) => {
    await expectReadableInTextBrowser(await reach());
  });
});

/** The session's draft's documents, as stored. */
function storedDocuments(claimant: Claimant) {
  const draft = storedDrafts(portal.dataDir).find(
    (candidate) => candidate.owner === `member:${claimant.claimId}` && candidate.form_type === "reimbursement",
  );
  const records = (
    draft?.data as { records?: Record<string, Array<{ status: string; fields: Record<string, unknown> }>> }
  )?.records;
  return (records?.documentContexts ?? []).filter((record) => record.status === "saved");
}

/**
 * w3m sends a document's form when Enter ends the file name (the input has `accept`, which w3m
 * takes as "submit on Enter"), or by its Submit command: with no button's name and value, so
 * without the form's `intent=upload`.
 */
describe("an upload from a text browser", () => {
  test("a document's form posted as w3m posts it (the file, no button) uploads the file", async () => {
    const { claimant, expenseId } = await atDocuments();
    const page = await claimant.get(DOCUMENTS_STEP);
    const form = page.document.querySelector("form.record-draft")!;
    const hidden = (name: string) => form.querySelector(`input[name="${name}"]`)!.getAttribute("value")!;
    // The form's controls in tree order, as w3m writes them: the file before the two choices.
    const body = multipart([
      { name: "csrf", value: hidden("csrf") },
      { name: "records", value: hidden("records") },
      { name: "record", value: hidden("record") },
      { name: "documentContexts.file", value: PDF, filename: "tow-receipt.pdf" },
      { name: "documentContexts.documentKind", value: "receipt" },
      { name: "documentContexts.claimTransactionId", value: expenseId },
    ]);
    const answer = await fetch(`${portal.url}${DOCUMENTS_STEP}`, {
      method: "POST",
      redirect: "manual",
      headers: { Cookie: claimant.cookieHeader(), "Content-Type": `multipart/form-data; boundary=${BOUNDARY}` },
      body: new Uint8Array(body),
    });
    // As an upload answers: the page again at its documents.
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toMatch(/#records-documentContexts$/);
    expect(storedDocuments(claimant).map((record) => record.fields)).toEqual([
      expect.objectContaining({ documentKind: "receipt", claimTransactionId: expenseId, name: "tow-receipt.pdf" }),
    ]);
    const after = await claimant.get(DOCUMENTS_STEP);
    expect(after.text("#records-documentContexts table")).toContain("tow-receipt.pdf");
  });

  test("in w3m itself (driven in tmux): the choices made, the file named, Enter: the file is on the draft", async () => {
    const { claimant } = await atDocuments();
    const folder = mkdtempSync(path.join(tmpdir(), "w3m-"));
    const receipt = path.join(folder, "tow-receipt.pdf");
    writeFileSync(receipt, PDF);
    // A tmux server of this test's own (its socket), so nothing else's sessions are touched.
    const tmux = (...args: string[]) => run("tmux", ["-L", `w3m-${process.pid}`, ...args]);
    const screen = async () => (await tmux("capture-pane", "-p", "-t", "w3m")).stdout;
    const waitFor = async (text: string) => {
      for (let tries = 0; tries < 100; tries++) {
        if ((await screen()).includes(text)) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`w3m never showed "${text}":\n${await screen()}`);
    };
    const keys = async (...sequence: string[]) => {
      await tmux("send-keys", "-t", "w3m", ...sequence);
    };
    // The claimant's session in w3m's cookie jar (its -header is sent with the first request only):
    // URL, name, value, expiry, domain, path, flags (1: in use), version.
    const { name, value } = claimant.sessionCookie();
    mkdirSync(path.join(folder, ".w3m"));
    const expires = Math.floor(Date.now() / 1000) + 3600;
    writeFileSync(
      path.join(folder, ".w3m", "cookie"),
      `${portal.url}/\t${name}\t${value}\t${expires}\t127.0.0.1\t/\t1\t0\t\t\t\n`,
    );
    const w3m = `HOME=${folder} ${W3M} -cookie -o confirm_qq=0 '${portal.url}${DOCUMENTS_STEP}'`;
    await tmux("new-session", "-d", "-s", "w3m", "-x", "100", "-y", "50", w3m);
    try {
      // w3m's status line names the page once it has loaded.
      await waitFor("Viewing <Supporting documents");
      // To the document's form (its legend), then its two choices: the first option after "Choose one" in each.
      await keys("/", "Document 1", "Enter");
      await keys("Tab", "Tab", "Enter");
      await waitFor("Invoice");
      await keys("j", "Enter");
      await keys("Tab", "Enter");
      await waitFor("Expense 1:");
      await keys("j", "Enter");
      // Back to the file input: the first control after the legend; Enter, its name, Enter.
      await keys("g", "/", "Document 1", "Enter", "Tab", "Enter");
      await waitFor("Filename");
      await keys("-l", receipt);
      await keys("Enter");
      // The page again, its documents listed (a table with their names, none before).
      await waitFor("File name");
    } finally {
      await tmux("kill-server").catch(() => undefined);
    }
    expect(storedDocuments(claimant).map((record) => record.fields)).toEqual([
      expect.objectContaining({ documentKind: "receipt", name: "tow-receipt.pdf" }),
    ]);
  });
});
