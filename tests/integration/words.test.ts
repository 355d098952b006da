import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Claimant, fieldError, summaryLines } from "#tests/support/claimant.ts";
import { reimbursementAtDocuments, DOCUMENTS_STEP } from "#tests/support/filing.ts";
import { type PortalServer, startPortal } from "#tests/support/portal-server.ts";

/** Words a claimant reads when something is missing or mistyped (issue 26), in English and Spanish. */
let portal: PortalServer;
beforeAll(async () => {
  portal = await startPortal();
});
afterAll(async () => {
  await portal.stop();
});

async function signInAttempt(path: string, fields: Record<string, string>) {
  const claimant = new Claimant(portal);
  await claimant.get(path);
  return claimant.post(path, { ...fields, captchaToken: "test-pass" });
}

describe("signing in", () => {
  test.each([
    ["/standard", "Enter the Claim ID from your notice", "Enter the PIN from your notice"],
    ["/automotive", "Enter the Claim ID from your notice", "Enter the PIN from your notice"],
    ["/standard?culture=es", "Ingrese el ID de reclamo de su aviso", "Ingrese el PIN de su aviso"],
  ])("an empty sign-in at %s names every missing answer at once", async (path, claimId, pin) => {
    const page = await signInAttempt(path, {});
    expect(page.status).toBe(400);
    expect(fieldError(page, "credentials.claimId")).toBe(claimId);
    expect(fieldError(page, "credentials.pin")).toBe(pin);
    // Both marked required before anything is typed, so the claimant knows before sending.
    expect(page.document.querySelector("#field-credentials-pin")?.getAttribute("aria-required")).toBe("true");
  });

  test.each([
    ["/standard", "A PIN has 6 digits"],
    ["/standard?culture=es", "El PIN tiene 6 dígitos"],
  ])("a PIN with a letter in it at %s is told what a PIN is, not of 16 digits", async (path, message) => {
    const page = await signInAttempt(path, { "credentials.claimId": "10000001", "credentials.pin": "12a456" });
    expect(page.status).toBe(400);
    expect(fieldError(page, "credentials.pin")).toBe(message);
  });
});

describe("a required list of documents left empty", () => {
  test.each([
    [
      "en",
      "Documents: Provide documentation. Upload a receipt or invoice for each expense, and say which expense it proves.",
    ],
    [
      "es",
      "Documentos: Proporcione documentación. Suba un recibo o una factura de cada gasto e indique qué gasto comprueba.",
    ],
  ])("says what to do (%s)", async (culture, line) => {
    const claimant = await reimbursementAtDocuments(new Claimant(portal));
    const step = culture === "es" ? `${DOCUMENTS_STEP}?culture=es` : DOCUMENTS_STEP;
    await claimant.get(step);
    const page = await claimant.post(step, { intent: "continue" });
    expect(page.status).toBe(400);
    expect(summaryLines(page)).toContain(line);
  });
});
