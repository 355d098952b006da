import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Claimant, fieldError, storedDrafts, summaryLines } from "#tests/support/claimant.ts";
import { STANDARD_CLAIMANT, STANDARD_DETAILS } from "#tests/support/demo-answers.ts";
import { blankMember } from "#tests/support/members.ts";
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

describe("the error summary", () => {
  test.each([
    [
      "en",
      [
        "First name: Enter your first name",
        "Last name: Enter your last name",
        "Confirm email address: Enter your email address again",
      ],
    ],
    ["es", ["Nombre: Ingrese su nombre", "Apellido: Ingrese su apellido"]],
  ])("starts every line with its question, whatever its message says (%s)", async (culture, lines) => {
    const claimant = new Claimant(portal);
    await claimant.signIn("automotive", blankMember());
    const step = `/automotive/claimant-info${culture === "es" ? "?culture=es" : ""}`;
    await claimant.get(step);
    const page = await claimant.post(step, { "claimantInfo.mailingCountry": "US" });
    expect(page.status).toBe(400);
    for (const line of lines) expect(summaryLines(page)).toContain(line);
    // The message beside the field is the message alone: the question is its label, just above.
    expect(fieldError(page, "claimantInfo.firstName")).toBe(
      culture === "es" ? "Ingrese su nombre" : "Enter your first name",
    );
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

describe("dates as claimants type them (decision 034)", () => {
  /** A claimant at the standard flow's details, in a culture. */
  async function atDetails(culture: "en" | "es") {
    const claimant = new Claimant(portal);
    await claimant.signIn("standard", blankMember());
    await claimant.complete("/standard/claimant-info", STANDARD_CLAIMANT);
    return { claimant, details: culture === "es" ? "/standard/claim-details?culture=es" : "/standard/claim-details" };
  }
  /** The demo's details as a Spanish-speaking claimant types the same days. */
  const DETAILS = {
    en: STANDARD_DETAILS,
    es: {
      ...STANDARD_DETAILS,
      "claimDetails.purchaseDate": "7/3/2021",
      "claimDetails.warrantyPeriod": "15/1/2021 - 14/1/2024",
      "claimDetails.serviceDates": "2/3/2022;14/9/2022",
      "claimDetails.installationAppointment": "3/6/2022 14:30",
    },
  };
  const storedDetails = (quantity: string) =>
    (
      storedDrafts(portal.dataDir).find(
        (row) => (row.data.models as Record<string, Record<string, unknown>>).claimDetails?.quantity === quantity,
      )!.data.models as Record<string, Record<string, unknown>>
    ).claimDetails!;

  test("in Spanish, day first: stored month first, and read back in each language as its claimants write it", async () => {
    const { claimant, details } = await atDetails("es");
    await claimant.get(details);
    const page = await claimant.post(details, {
      ...DETAILS.es,
      "claimDetails.quantity": "7",
      "claimDetails.purchaseDate": "1/2/2021",
      "claimDetails.warrantyPeriod": "15/01/2021 - 14/01/2024",
      "claimDetails.serviceDates": "2/3/2022; 2022-09-14",
      "claimDetails.installationAppointment": "3/6/2022 14:30",
    });
    expect(page.status).toBe(303);
    expect(storedDetails("7")).toMatchObject({
      purchaseDate: "02/01/2021",
      warrantyPeriod: "01/15/2021 - 01/14/2024",
      serviceDates: "03/02/2022; 09/14/2022",
      installationAppointment: "06/03/2022 14:30",
    });
    const value = (shown: Awaited<ReturnType<Claimant["get"]>>, name: string) =>
      shown.document.querySelector(`[name="claimDetails.${name}"]`)?.getAttribute("value");
    const inSpanish = await claimant.get(details);
    expect(value(inSpanish, "purchaseDate")).toBe("01/02/2021");
    expect(value(inSpanish, "warrantyPeriod")).toBe("15/01/2021 - 14/01/2024");
    const inEnglish = await claimant.get("/standard/claim-details");
    expect(value(inEnglish, "purchaseDate")).toBe("02/01/2021");
    expect(value(inEnglish, "serviceDates")).toBe("03/02/2022; 09/14/2022");
    // The summary reads the same day in each language's order.
    await claimant.complete("/standard/payment-election", { "paymentElection.paymentMethod": "check" });
    await claimant.complete("/standard/supporting-documents", {});
    expect((await claimant.get("/standard/claim-summary?culture=es")).text("main")).toContain("01/02/2021");
    expect((await claimant.get("/standard/claim-summary")).text("main")).toContain("02/01/2021");
  });

  test.each([
    [
      "en",
      "Month, day and year, for example 03/27/2021",
      "The date of purchase must be between 01/01/2018 and 12/31/2023",
    ],
    [
      "es",
      "Día, mes y año, por ejemplo 27/03/2021",
      "La fecha de compra debe estar entre el 01/01/2018 y el 31/12/2023",
    ],
  ] as const)(
    "in %s the format is said once, by the hint, and a rule's dates in the claimant's order",
    async (culture, hint, message) => {
      const { claimant, details } = await atDetails(culture);
      const form = await claimant.get(details);
      const input = form.document.querySelector("#field-claimDetails-purchaseDate")!;
      expect(input.getAttribute("placeholder") ?? null).toBeNull();
      expect(form.text("#field-claimDetails-purchaseDate-hint")).toBe(hint);
      const refused = await claimant.post(details, { ...DETAILS[culture], "claimDetails.purchaseDate": "06/06/2017" });
      expect(refused.status).toBe(400);
      expect(fieldError(refused, "claimDetails.purchaseDate")).toBe(message);
    },
  );

  test("an ISO date, as some phones' date keyboards type it, is taken in either language", async () => {
    for (const culture of ["en", "es"] as const) {
      const { claimant, details } = await atDetails(culture);
      await claimant.get(details);
      const quantity = culture === "es" ? "8" : "9";
      const page = await claimant.post(details, {
        ...DETAILS[culture],
        "claimDetails.quantity": quantity,
        "claimDetails.purchaseDate": "2021-03-07",
      });
      expect(page.status, page.text(".error-summary")).toBe(303);
      expect(storedDetails(quantity).purchaseDate).toBe("03/07/2021");
    }
  });
});
