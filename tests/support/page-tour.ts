import type { Browser, Page } from "playwright-core";
import { fillForm, openPage, openScriptlessPage } from "./browser.ts";
import { answerSecurityQuestion, submitStep } from "./browser-flows.ts";
import { Claimant } from "./claimant.ts";
import { STANDARD_CLAIMANT, STANDARD_DETAILS } from "./demo-answers.ts";
import { PDF } from "./documents.ts";
import { addExpense, reimbursementAtDocuments, uploadReceipt } from "./filing.ts";
import { blankMember } from "./members.ts";
import type { PortalServer } from "./portal-server.ts";

/** One page kind as the tour reaches it. */
export interface PageVisit {
  /** Names the page kind (and its screenshot's file). */
  kind: string;
  /** Whether the page shows validation errors. */
  errors: boolean;
  /** How the page came: a document the server sent, or (JavaScript on) a client-side navigation or validation. */
  arrival: "document" | "in-page";
}

/** The page kinds a tour visits, in order. */
export const PAGE_KINDS = [
  "sign-in",
  "sign-in-errors",
  "sign-in-wrong-pin",
  "lookup",
  "lookup-answer",
  "step",
  "step-errors",
  "step-after-continue",
  "checkbox-question-errors",
  "step-after-back",
  "documents",
  "documents-errors",
  "check-answers",
  "check-answers-errors",
  "confirmation",
  "session-expired",
  "page-not-found",
  "error",
  "deadline",
] as const;

export type PageKind = (typeof PAGE_KINDS)[number];

const errorsByPage = new WeakMap<Page, string[]>();

/**
 * The errors a tour's page reported since it opened (take them with `splice`): uncaught ones, and
 * React's (the calendar's, drawn with Preact's React-compatible API: a console error),
 * and a text the page's scripts asked for but were not given (app/client/step-form/step-form-page.ts).
 */
export function browserErrors(page: Page): string[] {
  let errors = errorsByPage.get(page);
  if (!errors) {
    const seen: string[] = [];
    page.on("pageerror", (error) => seen.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error" && /react|hydrat|No text for/i.test(message.text())) seen.push(message.text());
    });
    errorsByPage.set(page, seen);
    errors = seen;
  }
  return errors;
}

/**
 * Every kind of page a claimant meets, reached as a claimant reaches it (a link followed, a form
 * sent, with or without JavaScript), calling `visit` on each with the page ready. The answers the
 * tour needs before a page (a signed-in session, an expense with its receipt, a filed claim) are
 * given over HTTP, as a browser without JavaScript gives them, to keep the tour quick.
 */
export async function tourPageKinds(
  browser: Browser,
  server: PortalServer,
  javaScript: boolean,
  visit: (page: Page, visit: PageVisit & { kind: PageKind }) => Promise<void>,
): Promise<void> {
  // Without JavaScript: the server's pages with their scripts removed, so the checks can still run scripts of their own.
  const page = javaScript ? await openPage(browser, true) : await openScriptlessPage(browser);
  browserErrors(page);
  await page.setViewportSize({ width: 360, height: 740 });
  // With JavaScript a form's answer with errors is shown in place; every other page is a document
  // of its own, with scripts or without (decision 036).
  const inPage = javaScript ? "in-page" : "document";
  const open = async (pathname: string) => {
    await page.goto(`${server.url}${pathname}`);
    // A page with nothing scripts would improve has none to wait for (decision 036).
    if (javaScript)
      await page.waitForFunction(
        () => document.documentElement.hasAttribute("data-enhanced") || !document.getElementById("page-data"),
      );
    await page.locator("h1").first().waitFor();
  };
  const press = async (selector: string, until: () => Promise<unknown>) => {
    await page.locator(selector).click();
    await until();
  };
  const errorsShown = () => page.locator(".error-summary").waitFor();
  const arrivedAt = (pathname: string) => async () => {
    await page.waitForURL((url) => url.pathname === pathname);
    await page.locator("h1").first().waitFor();
    if (javaScript) await page.waitForFunction(() => !document.querySelector(".field-applies"));
  };
  const signInButton = "form.step-form button[type=submit]";

  try {
    await open("/automotive");
    await visit(page, { kind: "sign-in", errors: false, arrival: "document" });
    await press(signInButton, errorsShown);
    await visit(page, { kind: "sign-in-errors", errors: true, arrival: inPage });

    await open("/automotive");
    await fillForm(page, { "credentials.claimId": blankMember()["credentials.claimId"], "credentials.pin": "000000" });
    if (!javaScript) await answerSecurityQuestion(page);
    await press(signInButton, errorsShown);
    await visit(page, { kind: "sign-in-wrong-pin", errors: true, arrival: inPage });

    await open("/lookup");
    await visit(page, { kind: "lookup", errors: false, arrival: "document" });
    await fillForm(page, { "vinLookup.vin": "5YJSA1E26HF123456" });
    if (!javaScript) await answerSecurityQuestion(page);
    await press(signInButton, () => page.locator(".lookup-result").waitFor());
    await visit(page, { kind: "lookup-answer", errors: false, arrival: "document" });

    const standard = new Claimant(server);
    await standard.signIn("standard", blankMember());
    await page.context().addCookies([standard.sessionCookie()]);
    await open("/standard/claimant-info");
    await visit(page, { kind: "step", errors: false, arrival: "document" });
    await press("form.step-form button[type=submit]", errorsShown);
    await visit(page, { kind: "step-errors", errors: true, arrival: inPage });
    await fillForm(page, STANDARD_CLAIMANT);
    await submitStep(page);
    await arrivedAt("/standard/claim-details")();
    await visit(page, { kind: "step-after-continue", errors: false, arrival: "document" });
    // Its questions answered by ticking boxes, unanswered: each error the question's (GOV.UK checkboxes).
    await press("form.step-form button[type=submit]", errorsShown);
    await visit(page, { kind: "checkbox-question-errors", errors: true, arrival: inPage });
    await press(".back-link a", arrivedAt("/standard/claimant-info"));
    await visit(page, { kind: "step-after-back", errors: false, arrival: "document" });

    const reimbursement = await reimbursementAtDocuments(new Claimant(server));
    const expense = await addExpense(reimbursement, "Towing to the nearest authorised dealer", "1234.56");
    await uploadReceipt(reimbursement, expense, { name: "tow-receipt.pdf", content: PDF });
    await addExpense(reimbursement, "Rental car while the transmission was replaced", "310");
    await page.context().addCookies([reimbursement.sessionCookie()]);
    await open("/reimbursement/supporting-documents");
    await visit(page, { kind: "documents", errors: false, arrival: "document" });
    // "Upload" with no file chosen is refused.
    await page.getByRole("button", { name: "Upload" }).click();
    await errorsShown();
    await visit(page, { kind: "documents-errors", errors: true, arrival: inPage });

    await page.context().addCookies([standard.sessionCookie()]);
    await standard.complete("/standard/claimant-info", STANDARD_CLAIMANT);
    await standard.complete("/standard/claim-details", STANDARD_DETAILS);
    await standard.complete("/standard/payment-election", { "paymentElection.paymentMethod": "check" });
    await standard.complete("/standard/supporting-documents", {});
    await open("/standard/claim-summary");
    await visit(page, { kind: "check-answers", errors: false, arrival: "document" });
    await press("form.step-form button[type=submit]", errorsShown);
    await visit(page, { kind: "check-answers-errors", errors: true, arrival: inPage });
    await fillForm(page, { "signature.attestation": "on", "signature.signature": "Bo Lee" });
    if (!javaScript) await answerSecurityQuestion(page);
    await submitStep(page);
    await arrivedAt("/standard/confirmation")();
    await visit(page, { kind: "confirmation", errors: false, arrival: "document" });

    for (const [kind, pathname] of [
      ["session-expired", "/session-expired"],
      ["page-not-found", "/no-such-page"],
      ["error", "/error"],
      ["deadline", "/deadline"],
    ] as const) {
      await open(pathname);
      await visit(page, { kind, errors: false, arrival: "document" });
    }
  } finally {
    await page.context().close();
  }
}
