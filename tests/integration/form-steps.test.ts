import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Claimant, fieldError, storedDrafts, summaryLines } from "#tests/support/claimant.ts";
import {
  AUTOMOTIVE_CLAIMANT,
  AUTOMOTIVE_DETAILS,
  REIMBURSEMENT_DETAILS,
  STANDARD_CLAIMANT,
  STANDARD_DETAILS,
} from "#tests/support/demo-answers.ts";
import { blankMember } from "#tests/support/members.ts";
import { type PortalServer, startPortal } from "#tests/support/portal-server.ts";
import { withStore } from "#tests/support/server-state.ts";
import { settlementWith } from "#tests/support/settlement.ts";

const NOW = { "X-Test-Now": "2026-11-21T20:00:00Z" };

let portal: PortalServer;
beforeAll(async () => {
  portal = await startPortal();
});
afterAll(async () => {
  await portal.stop();
});

/** A claimant signed in to a flow, as a member with nothing prepopulated (so forms start empty). */
async function signedIn(formType: string, headers: Record<string, string> = NOW) {
  const claimant = new Claimant(portal, headers);
  await claimant.signIn(formType, blankMember());
  return claimant;
}

/** A claimant who has completed the steps before `step` of the standard flow. */
async function standardAt(step: "claim-details" | "payment-election") {
  const claimant = await signedIn("standard");
  await claimant.complete("/standard/claimant-info", STANDARD_CLAIMANT);
  if (step === "payment-election") await claimant.complete("/standard/claim-details", STANDARD_DETAILS);
  return claimant;
}

async function automotiveDetails() {
  const claimant = await signedIn("automotive");
  await claimant.complete("/automotive/claimant-info", AUTOMOTIVE_CLAIMANT);
  return claimant;
}

async function reimbursementDetails() {
  const claimant = await signedIn("reimbursement");
  await claimant.complete("/reimbursement/claimant-info", AUTOMOTIVE_CLAIMANT);
  return claimant;
}

describe("a step without JavaScript", () => {
  test("an empty submission: 400, a summary linking to each field, the error beside each field", async () => {
    const claimant = await signedIn("automotive");
    await claimant.get("/automotive/claimant-info");
    // What a browser sends for an untouched form: the country select keeps its default.
    const page = await claimant.post("/automotive/claimant-info", { "claimantInfo.mailingCountry": "US" });
    expect(page.status).toBe(400);
    expect(summaryLines(page)).toEqual([
      // Every line starts with its question (decision 035), whatever its message says.
      "First name: Enter your first name",
      "Last name: Enter your last name",
      "Street address: Enter your street address",
      "City: Enter your city",
      "State: Select your state",
      "ZIP code: Enter your ZIP code",
      "Email address: Enter your email address",
      "Confirm email address: Enter your email address again",
      "Phone number: Enter your phone number",
      "Confirm phone number: Enter your phone number again",
      "How should we contact you: Select how we should contact you",
    ]);
    expect(page.document.querySelector(".error-summary a")?.getAttribute("href")).toBe("#field-claimantInfo-firstName");
    expect(fieldError(page, "claimantInfo.firstName")).toBe("Enter your first name");
    expect(page.document.querySelector("#field-claimantInfo-firstName")?.getAttribute("aria-describedby")).toBe(
      "field-claimantInfo-firstName-error",
    );
    expect(page.document.querySelector("#field-claimantInfo-firstName")?.getAttribute("aria-invalid")).toBe("true");
    expect(page.text("title")).toContain("About you");
  });

  test("what was typed comes back in the inputs", async () => {
    const claimant = await signedIn("automotive");
    await claimant.get("/automotive/claimant-info");
    const page = await claimant.post("/automotive/claimant-info", {
      ...AUTOMOTIVE_CLAIMANT,
      "claimantInfo.firstName": "Ana<script>",
    });
    expect(page.status).toBe(400);
    expect(page.document.querySelector("#field-claimantInfo-firstName")?.getAttribute("value")).toBe("Ana<script>");
    expect(
      page.document.querySelector("#field-claimantInfo-mailingSubDivision option[selected]")?.getAttribute("value"),
    ).toBe("WA");
    expect(
      page.document
        .querySelector('input[name="claimantInfo.contactPreference"][value="email"]')
        ?.hasAttribute("checked"),
    ).toBe(true);
  });

  test("messages follow the culture", async () => {
    const claimant = await signedIn("automotive");
    await claimant.get("/automotive/claimant-info?culture=es");
    const page = await claimant.post("/automotive/claimant-info?culture=es", { "claimantInfo.mailingCountry": "US" });
    expect(page.status).toBe(400);
    expect(summaryLines(page).slice(0, 5)).toEqual([
      "Nombre: Ingrese su nombre",
      "Apellido: Ingrese su apellido",
      "Dirección: Ingrese su dirección",
      "Ciudad: Ingrese su ciudad",
      "Estado: Seleccione su estado",
    ]);
    expect(fieldError(page, "claimantInfo.firstName")).toBe("Ingrese su nombre");
    expect(page.text(".error-summary h2")).toBe("Hay un problema");
    expect(page.document.querySelector("form.step-form")?.getAttribute("action")).toBe(
      "/automotive/claimant-info?culture=es",
    );
  });

  test("a POST without the CSRF token is refused and stores nothing", async () => {
    const claimant = await signedIn("automotive");
    await claimant.get("/automotive/claimant-info");
    const page = await claimant.post("/automotive/claimant-info", AUTOMOTIVE_CLAIMANT, { csrf: false });
    expect(page.status).toBe(403);
    const forged = await claimant.post(
      "/automotive/claimant-info",
      { ...AUTOMOTIVE_CLAIMANT, csrf: "forged" },
      { csrf: false },
    );
    expect(forged.status).toBe(403);
  });
});

describe("every rule on a real step: the exact message beside the field and in the summary", () => {
  // [rule, claimant at the step, step, answers, field, message, number of errors on the page (default 1)]
  const cases: Array<[string, () => Promise<Claimant>, string, Record<string, string>, string, string, number?]> = [
    [
      "required",
      () => signedIn("automotive"),
      "/automotive/claimant-info",
      { ...AUTOMOTIVE_CLAIMANT, "claimantInfo.lastName": "   " },
      "claimantInfo.lastName",
      "Enter your last name",
    ],
    [
      "maxLength",
      () => signedIn("automotive"),
      "/automotive/claimant-info",
      { ...AUTOMOTIVE_CLAIMANT, "claimantInfo.firstName": "A".repeat(51) },
      "claimantInfo.firstName",
      "The maximum length allowed is 50",
    ],
    [
      "characterSetRestriction",
      () => signedIn("automotive"),
      "/automotive/claimant-info",
      { ...AUTOMOTIVE_CLAIMANT, "claimantInfo.mailingCity": "Seattle <b>{x}" },
      "claimantInfo.mailingCity",
      "These characters are not allowed: < > { }",
    ],
    [
      "regularExpression",
      () => signedIn("automotive"),
      "/automotive/claimant-info",
      { ...AUTOMOTIVE_CLAIMANT, "claimantInfo.middleInitial": "MJ" },
      "claimantInfo.middleInitial",
      "Enter one letter",
    ],
    [
      "equalTo",
      () => signedIn("automotive"),
      "/automotive/claimant-info",
      { ...AUTOMOTIVE_CLAIMANT, "claimantInfo.confirmEmailAddress": "ana@example.org" },
      "claimantInfo.confirmEmailAddress",
      "The email addresses do not match",
    ],
    [
      "ZIP_CODE",
      () => signedIn("automotive"),
      "/automotive/claimant-info",
      { ...AUTOMOTIVE_CLAIMANT, "claimantInfo.mailingPostalCode": "9811" },
      "claimantInfo.mailingPostalCode",
      "Enter a 5-digit ZIP code, or ZIP+4 like 12345-6789",
    ],
    [
      "USA_PHONE_NUMBER",
      () => signedIn("automotive"),
      "/automotive/claimant-info",
      { ...AUTOMOTIVE_CLAIMANT, "claimantInfo.phoneNumber": "555-1234", "claimantInfo.confirmPhoneNumber": "555-1234" },
      "claimantInfo.phoneNumber",
      "Enter a 10-digit US phone number, like (123) 456-7890",
      2,
    ],
    [
      "ZIP_CODE_NON_US",
      () => signedIn("automotive"),
      "/automotive/claimant-info",
      {
        ...AUTOMOTIVE_CLAIMANT,
        "claimantInfo.mailingCountry": "GB",
        "claimantInfo.mailingPostalCodeNonUS": "SW1A-1AA",
        "claimantInfo.phoneNumberInternational": "+442079460958",
      },
      "claimantInfo.mailingPostalCodeNonUS",
      "Enter up to 10 letters, numbers and spaces",
    ],
    [
      "INTERNATIONAL_PHONE_NUMBER",
      () => signedIn("automotive"),
      "/automotive/claimant-info",
      {
        ...AUTOMOTIVE_CLAIMANT,
        "claimantInfo.mailingCountry": "GB",
        "claimantInfo.mailingPostalCodeNonUS": "SW1A 1AA",
        "claimantInfo.phoneNumberInternational": "+44 (20) 7946 0958 x12",
      },
      "claimantInfo.phoneNumberInternational",
      "Enter the phone number with up to 16 digits, like +44 20 7946 0958",
    ],
    [
      "select options",
      () => signedIn("automotive"),
      "/automotive/claimant-info",
      { ...AUTOMOTIVE_CLAIMANT, "claimantInfo.mailingSubDivision": "XX" },
      "claimantInfo.mailingSubDivision",
      "The value entered is not valid",
    ],
    [
      "VIN",
      automotiveDetails,
      "/automotive/claim-details",
      { ...AUTOMOTIVE_DETAILS, "claimDetails.vehicleVin": "1HGCM/82633" },
      "claimDetails.vehicleVin",
      // What the mask cannot read is told the field's own format message, not the mask's (decision 034).
      "A VIN has 17 letters and numbers and never the letters I, O or Q",
    ],
    [
      "regularExpression (VIN)",
      automotiveDetails,
      "/automotive/claim-details",
      { ...AUTOMOTIVE_DETAILS, "claimDetails.vehicleVin": "1HGCM82633A00435O" },
      "claimDetails.vehicleVin",
      "A VIN has 17 letters and numbers and never the letters I, O or Q",
    ],
    [
      "range (number)",
      automotiveDetails,
      "/automotive/claim-details",
      { ...AUTOMOTIVE_DETAILS, "claimDetails.repairVisits": "51" },
      "claimDetails.repairVisits",
      "Enter a number of repair visits between 0 and 50",
    ],
    [
      "range (date)",
      automotiveDetails,
      "/automotive/claim-details",
      { ...AUTOMOTIVE_DETAILS, "claimDetails.acquisitionDate": "12/31/2016" },
      "claimDetails.acquisitionDate",
      "The date you bought or leased the vehicle must be between 01/01/2017 and 12/31/2021",
    ],
    [
      "endDate",
      automotiveDetails,
      "/automotive/claim-details",
      { ...AUTOMOTIVE_DETAILS, "claimDetails.disposalDate": "4/2/2019" },
      "claimDetails.disposalDate",
      "The date you sold or returned the vehicle must be after the date you bought or leased it",
    ],
    [
      "preventFutureDate",
      automotiveDetails,
      "/automotive/claim-details",
      { ...AUTOMOTIVE_DETAILS, "claimDetails.disposalDate": "11/22/2026" },
      "claimDetails.disposalDate",
      "The date you sold or returned the vehicle must be today or in the past",
    ],
    [
      "preventFutureShortDate",
      automotiveDetails,
      "/automotive/claim-details",
      { ...AUTOMOTIVE_DETAILS, "claimDetails.firstNoticedMonth": "12/2026" },
      "claimDetails.firstNoticedMonth",
      "The month you first noticed the problem must be this month or earlier",
    ],
    // Every money field has an upper bound, and says it in dollars (issue 10).
    [
      "range (money, whole dollars)",
      automotiveDetails,
      "/automotive/claim-details",
      { ...AUTOMOTIVE_DETAILS, "claimDetails.repairCostEstimate": "100,001" },
      "claimDetails.repairCostEstimate",
      "Enter an amount of $0 to $100,000",
    ],
    [
      "range (money, repair)",
      reimbursementDetails,
      "/reimbursement/claim-details",
      { ...REIMBURSEMENT_DETAILS, "claimDetails.repairAmount": "25,000.01" },
      "claimDetails.repairAmount",
      "Enter a repair amount of $1 to $25,000",
    ],
    [
      "range (money, unit price)",
      () => standardAt("claim-details"),
      "/standard/claim-details",
      { ...STANDARD_DETAILS, "claimDetails.unitPrice": "10000.01" },
      "claimDetails.unitPrice",
      "Enter a price of $0.01 to $10,000",
    ],
    [
      "CURRENCY_COMMA_DELIMITED",
      automotiveDetails,
      "/automotive/claim-details",
      { ...AUTOMOTIVE_DETAILS, "claimDetails.repairCostEstimate": "1,250.75" },
      "claimDetails.repairCostEstimate",
      "Enter a whole-dollar amount, like 1,250",
    ],
    [
      "SLASH_DELIMITED_FULL_DATE",
      automotiveDetails,
      "/automotive/claim-details",
      { ...AUTOMOTIVE_DETAILS, "claimDetails.acquisitionDate": "2019.04.02" },
      "claimDetails.acquisitionDate",
      "Enter the date as month, day and year, for example 03/27/2021",
    ],
    [
      "radio options",
      automotiveDetails,
      "/automotive/claim-details",
      { ...AUTOMOTIVE_DETAILS, "claimDetails.ownershipType": "stolen" },
      "claimDetails.ownershipType",
      "The value entered is not valid",
    ],
    [
      "requireOnePropertyValTrue",
      () => standardAt("claim-details"),
      "/standard/claim-details",
      {
        ...STANDARD_DETAILS,
        "claimDetails.boughtPartsKit": "",
        "claimDetails.boughtWarranty": "",
        "claimDetails.warrantyPeriod": "",
      },
      "claimDetails.boughtPartsKit",
      "Select what you bought",
    ],
    [
      "confirmNone",
      () => standardAt("claim-details"),
      "/standard/claim-details",
      { ...STANDARD_DETAILS, "claimDetails.boughtOnline": "", "claimDetails.orderNumber": "" },
      "claimDetails.noneOfThese",
      "Select where you bought it, or select “None of these”",
    ],
    [
      "nestedRequiredIf",
      () => standardAt("claim-details"),
      "/standard/claim-details",
      { ...STANDARD_DETAILS, "claimDetails.orderNumber": "" },
      "claimDetails.orderNumber",
      "Enter the order or invoice number",
    ],
    [
      "requiredIfOtherPropertyMatchesRegex (across steps)",
      () => standardAt("claim-details"),
      "/standard/claim-details",
      { ...STANDARD_DETAILS, "claimDetails.employeeId": "" },
      "claimDetails.employeeId",
      "Enter your Acme Motors employee ID",
    ],
    [
      "requiredIf (checkbox)",
      () => standardAt("claim-details"),
      "/standard/claim-details",
      { ...STANDARD_DETAILS, "claimDetails.warrantyPeriod": "" },
      "claimDetails.warrantyPeriod",
      "Enter the dates your warranty starts and ends",
    ],
    [
      "beforeDate",
      () => standardAt("claim-details"),
      "/standard/claim-details",
      { ...STANDARD_DETAILS, "claimDetails.purchaseDate": "1/1/2024" },
      "claimDetails.purchaseDate",
      "The date of purchase must be before 01/01/2024",
    ],
    [
      "INTEGER_16",
      () => standardAt("claim-details"),
      "/standard/claim-details",
      { ...STANDARD_DETAILS, "claimDetails.quantity": "2.5" },
      "claimDetails.quantity",
      "Enter whole numbers only, up to 16 digits",
    ],
    [
      "CURRENCY_COMMA_DELIMITED_WITH_DECIMALS",
      () => standardAt("claim-details"),
      "/standard/claim-details",
      { ...STANDARD_DETAILS, "claimDetails.unitPrice": "1.234" },
      "claimDetails.unitPrice",
      "Enter an amount in dollars and cents, like 1,250.00",
    ],
    [
      "DECIMAL_15PRECISION",
      () => standardAt("claim-details"),
      "/standard/claim-details",
      { ...STANDARD_DETAILS, "claimDetails.totalWeight": "1.2.3" },
      "claimDetails.totalWeight",
      "Enter a number like 12.5, up to 16 characters with the decimal point",
    ],
    [
      "picker: range too long",
      () => standardAt("claim-details"),
      "/standard/claim-details",
      { ...STANDARD_DETAILS, "claimDetails.warrantyPeriod": "1/15/2021 - 1/16/2026" },
      "claimDetails.warrantyPeriod",
      "The period can be at most 1827 days",
    ],
    [
      "picker: disabled weekday",
      () => standardAt("claim-details"),
      "/standard/claim-details",
      { ...STANDARD_DETAILS, "claimDetails.serviceDates": "3/2/2022; 3/6/2022" },
      "claimDetails.serviceDates",
      "03/06/2022 cannot be chosen",
    ],
    [
      "picker: max time",
      () => standardAt("claim-details"),
      "/standard/claim-details",
      { ...STANDARD_DETAILS, "claimDetails.installationAppointment": "6/3/2022 19:00" },
      "claimDetails.installationAppointment",
      "Enter a time at or before 18:00",
    ],
  ];

  test.each(cases)("%s", async (_rule, start, path, fields, field, message, errorCount = 1) => {
    const claimant = await start();
    await claimant.get(path);
    const page = await claimant.post(path, fields);
    expect(page.status).toBe(400);
    expect(fieldError(page, field)).toBe(message);
    expect(summaryLines(page)).toContainEqual(
      // The message after its question ("Quantity: Enter a number").
      expect.stringMatching(new RegExp(`: ${message.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`)),
    );
    expect(summaryLines(page)).toHaveLength(errorCount);
  });
});

describe("date placeholders", () => {
  test("a month's spells its format in the claimant's language (mm/aaaa in Spanish); a date has none, its hint says it (decision 034)", async () => {
    const claimant = await automotiveDetails();
    const placeholders = async (culture: string) =>
      (await claimant.get(`/automotive/claim-details?culture=${culture}`)).document
        .querySelectorAll("input[placeholder]")
        .map((input) => input.getAttribute("placeholder")!)
        .filter((placeholder) => /mm\//.test(placeholder));
    const english = await placeholders("en");
    expect(english).toEqual(["mm/yyyy"]);
    const spanish = await placeholders("es");
    expect(spanish).toEqual(["mm/aaaa"]);
    expect(spanish.join(" ")).not.toContain("yyyy");
  });
});

describe("the required mark", () => {
  test("is on each question a rule asks to answer as the answers stand: a Claim ID and a PIN while no VIN is given", async () => {
    const claimant = new Claimant(portal);
    const marked = (page: Awaited<ReturnType<Claimant["get"]>>, path: string) => {
      const input = page.document.querySelector(`#field-${path.replace(".", "-")}`)!;
      const label = page.document.querySelector(`label[for="field-${path.replace(".", "-")}"]`)!;
      return { aria: input.getAttribute("aria-required") === "true", star: !!label.querySelector(".required-mark") };
    };
    const signIn = await claimant.get("/automotive");
    expect(marked(signIn, "credentials.claimId")).toEqual({ aria: true, star: true });
    expect(marked(signIn, "credentials.pin")).toEqual({ aria: true, star: true });
    const withoutPin = await claimant.post("/automotive", {
      "credentials.claimId": "10000001",
      captchaToken: "test-pass",
    });
    expect(withoutPin.status).toBe(400);
    expect(fieldError(withoutPin, "credentials.pin")).toBe("Enter the PIN from your notice");
    expect(marked(withoutPin, "credentials.pin")).toEqual({ aria: true, star: true });
  });
});

describe("a question answered by ticking boxes (GOV.UK checkboxes)", () => {
  test("its error is the question's: after its legend, described by its fieldset, named by the question in the summary, linking to its first box", async () => {
    const claimant = await standardAt("claim-details");
    await claimant.get("/standard/claim-details");
    const page = await claimant.post("/standard/claim-details", {
      ...STANDARD_DETAILS,
      "claimDetails.boughtPartsKit": "",
      "claimDetails.boughtWarranty": "",
      "claimDetails.warrantyPeriod": "",
    });
    expect(page.status).toBe(400);
    const error = page.document.querySelector("#field-claimDetails-boughtPartsKit-error")!;
    const fieldset = error.parentNode!;
    expect(fieldset.tagName).toBe("FIELDSET");
    const legend = fieldset.querySelector("legend")!.textContent.trim();
    expect(fieldset.getAttribute("aria-describedby")?.split(" ")).toContain(error.getAttribute("id"));
    // No box says it alone: the question has the error, not "AX-6 replacement parts kit".
    for (const box of fieldset.querySelectorAll('input[type="checkbox"]')) {
      expect(box.getAttribute("aria-describedby") ?? "").not.toContain("-error");
      expect(box.getAttribute("aria-invalid") ?? null).toBeNull();
    }
    expect(fieldset.querySelectorAll(".field-error")).toHaveLength(1);
    const link = page.document.querySelector(".error-summary li a")!;
    expect(link.textContent.trim()).toBe(`${legend.replace(/\?$/, "")}: Select what you bought`);
    expect(link.getAttribute("href")).toBe(`#${fieldset.querySelector('input[type="checkbox"]')!.getAttribute("id")}`);

    // "None of these" with a box ticked: the error is "Where did you buy it?"'s, linking to its first box.
    const both = await claimant.post("/standard/claim-details", {
      ...STANDARD_DETAILS,
      "claimDetails.noneOfThese": "on",
    });
    const whereError = both.document.querySelector("#field-claimDetails-noneOfThese-error")!;
    expect(whereError.parentNode!.tagName).toBe("FIELDSET");
    expect(both.document.querySelector(".error-summary li a")!.getAttribute("href")).toBe(
      "#field-claimDetails-boughtOnline",
    );
  });
});

describe("dates around Los Angeles midnight", () => {
  test("'today' is Los Angeles' today: 23:30 there is already tomorrow in UTC", async () => {
    const late = await signedIn("automotive", { "X-Test-Now": "2026-11-22T07:30:00Z" });
    await late.complete("/automotive/claimant-info", AUTOMOTIVE_CLAIMANT);
    await late.get("/automotive/claim-details");
    const refused = await late.post("/automotive/claim-details", {
      ...AUTOMOTIVE_DETAILS,
      "claimDetails.disposalDate": "11/22/2026",
    });
    expect(fieldError(refused, "claimDetails.disposalDate")).toBe(
      "The date you sold or returned the vehicle must be today or in the past",
    );
    const accepted = await late.post("/automotive/claim-details", {
      ...AUTOMOTIVE_DETAILS,
      "claimDetails.disposalDate": "11/21/2026",
    });
    expect(accepted.status).toBe(303);

    const afterMidnight = await signedIn("automotive", { "X-Test-Now": "2026-11-22T08:30:00Z" });
    await afterMidnight.complete("/automotive/claimant-info", AUTOMOTIVE_CLAIMANT);
    await afterMidnight.get("/automotive/claim-details");
    expect(
      (
        await afterMidnight.post("/automotive/claim-details", {
          ...AUTOMOTIVE_DETAILS,
          "claimDetails.disposalDate": "11/22/2026",
        })
      ).status,
    ).toBe(303);
  });
});

describe("valid answers", () => {
  test("are stored normalised, and the claimant moves to the next step", async () => {
    const claimant = await signedIn("automotive");
    await claimant.get("/automotive/claimant-info?culture=es");
    const page = await claimant.post("/automotive/claimant-info?culture=es", {
      ...AUTOMOTIVE_CLAIMANT,
      "claimantInfo.lastName": "Normalised",
    });
    expect(page.status).toBe(303);
    expect(page.headers.get("location")).toBe("/automotive/claim-details?saved=1&culture=es");

    const next = await claimant.get("/automotive/claim-details?saved=1&culture=es");
    // In a <noscript> of its live region, which a parser without scripts reads as markup (Toast.tsx).
    expect(next.text(".toast noscript").replace(/<[^>]*>/g, "")).toBe("Se guardaron sus respuestas.");
    await claimant.post("/automotive/claim-details", { ...AUTOMOTIVE_DETAILS, "claimDetails.leaseProgram": "FORGED" });

    const again = await claimant.get("/automotive/claimant-info");
    expect(again.document.querySelector("#field-claimantInfo-phoneNumber")?.getAttribute("value")).toBe(
      "(555) 123-4567",
    );
    expect(again.document.querySelector("#field-claimantInfo-mailingPostalCode")?.getAttribute("value")).toBe(
      "98111-0042",
    );

    const draft = storedDrafts(portal.dataDir).find(
      (row) => (row.data.models as Record<string, Record<string, unknown>>).claimantInfo?.lastName === "Normalised",
    );
    const models = draft!.data.models as Record<string, Record<string, unknown>>;
    expect(models.claimantInfo).toMatchObject({
      phoneNumber: "(555) 123-4567",
      confirmPhoneNumber: "(555) 123-4567",
      mailingPostalCode: "98111-0042",
      mailingCountry: "US",
    });
    // Fields for other countries do not apply, so nothing is stored for them.
    expect(models.claimantInfo).toMatchObject({ mailingPostalCodeNonUS: null, phoneNumberInternational: null });
    expect(models.claimDetails).toMatchObject({
      vehicleVin: "1HGCM82633A004352",
      acquisitionDate: "04/02/2019",
      disposalDate: "06/30/2023",
      repairCostEstimate: "1250",
      stillOwn: false,
      // The hidden lease field applies only to leased vehicles: a forged value is not stored.
      leaseProgram: null,
    });
    expect(draft!.data.completedSteps).toEqual(["claimant-info", "claim-details"]);
  });

  test("standard: currency, decimals, ranges of dates, several dates and a date with time", async () => {
    const claimant = await standardAt("payment-election");
    const page = await claimant.get("/standard/payment-election");
    expect(page.status).toBe(200);
    const draft = storedDrafts(portal.dataDir).find(
      (row) =>
        row.form_type === "standard" &&
        (row.data.models as Record<string, Record<string, unknown>>).claimDetails?.quantity === "2",
    );
    expect((draft!.data.models as Record<string, Record<string, unknown>>).claimDetails).toMatchObject({
      unitPrice: "1250.50",
      totalWeight: "12.5",
      purchaseDate: "03/07/2021",
      warrantyPeriod: "01/15/2021 - 01/14/2024",
      serviceDates: "03/02/2022; 09/14/2022",
      installationAppointment: "06/03/2022 14:30",
      boughtPartsKit: true,
      noneOfThese: false,
    });
  });

  test("a dependent field that does not apply is neither validated nor stored", async () => {
    const claimant = await standardAt("payment-election");
    await claimant.get("/standard/payment-election");
    const page = await claimant.post("/standard/payment-election", {
      "paymentElection.paymentMethod": "check",
      "paymentElection.paypalEmail": "not an email",
    });
    expect(page.status).toBe(303);
    const refused = await claimant.post("/standard/payment-election", {
      "paymentElection.paymentMethod": "paypal",
      "paymentElection.paypalEmail": "not an email",
    });
    expect(fieldError(refused, "paymentElection.paypalEmail")).toBe("Enter an email address like name@example.com");
  });
});

describe("dependent fields without JavaScript", () => {
  test("are on the page with a hint saying when they apply", async () => {
    const claimant = await standardAt("payment-election");
    const page = await claimant.get("/standard/payment-election");
    const hint = page.text("#field-paymentElection-paypalEmail-applies");
    expect(hint).toBe("Answer only if “Payment method” is “PayPal”.");
    expect(
      page.document.querySelector("#field-paymentElection-paypalEmail")?.getAttribute("aria-describedby"),
    ).toContain("field-paymentElection-paypalEmail-applies");
  });

  test("name a country as its list does, in the claimant's language, not by its code", async () => {
    const claimant = await signedIn("standard");
    for (const [culture, hint] of [
      ["en", "Answer only if “Country” is “United States”."],
      ["es", "Responda solo si «País» es «Estados Unidos»."],
    ]) {
      const page = await claimant.get(`/standard/claimant-info?culture=${culture}`);
      expect(page.text("#field-claimantInfo-mailingSubDivision-applies")).toBe(hint);
    }
  });
});

describe("navigation", () => {
  test("a later step opened first goes to the first incomplete step", async () => {
    const claimant = await signedIn("reimbursement");
    const early = await claimant.get("/reimbursement/payment-election?culture=es");
    expect(early.status).toBe(302);
    expect(early.headers.get("location")).toBe("/reimbursement/claimant-info?culture=es");
    expect((await claimant.get("/reimbursement/supporting-documents")).headers.get("location")).toBe(
      "/reimbursement/claimant-info",
    );
    // Without signing in, a step goes to the session-expired page of its flow (SPEC §4 authorization guard).
    const stranger = await new Claimant(portal).get("/standard/claim-details?culture=es");
    expect(stranger.status).toBe(303);
    expect(stranger.headers.get("location")).toBe("/session-expired?form=standard&culture=es");
  });

  test("an unknown step is a 404", async () => {
    expect((await new Claimant(portal).get("/standard/not-a-step")).status).toBe(404);
  });
});

/** Issue 11: what is stored is what the definition and the claimant say, nothing else. */
describe("fields keep to their definitions", () => {
  const draftOf = async (claimant: Claimant, formType: "automotive" | "standard") =>
    (await withStore(portal, (store) => store.getDraft(`member:${claimant.claimId}`, formType)))!.models;

  test("a hidden field stores the definition's value, whatever is posted", async () => {
    const claimant = await automotiveDetails();
    await claimant.complete("/automotive/claim-details", {
      ...AUTOMOTIVE_DETAILS,
      "claimDetails.ownershipType": "leased",
      "claimDetails.leaseProgram": "FREE-MONEY",
    });
    expect((await draftOf(claimant, "automotive")).claimDetails?.leaseProgram).toBe("AX6-LEASE");
  });

  test("'none of these' with one of the options is refused; either alone is taken", async () => {
    const claimant = await standardAt("claim-details");
    await claimant.get("/standard/claim-details");
    const both = await claimant.post("/standard/claim-details", {
      ...STANDARD_DETAILS,
      "claimDetails.noneOfThese": "on",
    });
    expect(both.status).toBe(400);
    expect(fieldError(both, "claimDetails.noneOfThese")).toBe(
      "Choose the options that apply, or confirm that none of them apply, but not both",
    );
    const {
      "claimDetails.boughtOnline": _online,
      "claimDetails.orderNumber": _order,
      ...withoutOnline
    } = STANDARD_DETAILS;
    expect(
      (await claimant.post("/standard/claim-details", { ...withoutOnline, "claimDetails.noneOfThese": "on" })).status,
    ).toBe(303);
  });

  test("a date range may be written with an en dash or an em dash", async () => {
    for (const range of ["1/15/2021 – 1/14/2024", "1/15/2021—1/14/2024", "1/15/2021-1/14/2024"]) {
      const claimant = await standardAt("claim-details");
      await claimant.complete("/standard/claim-details", { ...STANDARD_DETAILS, "claimDetails.warrantyPeriod": range });
      expect((await draftOf(claimant, "standard")).claimDetails?.warrantyPeriod).toBe("01/15/2021 - 01/14/2024");
    }
  });

  test("a phone's smart punctuation is read as the plain mark the settlement allows: O’Brien–Smith is O'Brien-Smith", async () => {
    // iOS and macOS type ’ for ' and turn -- into –; the demo's allowed characters have ' and -.
    const claimant = await signedIn("automotive");
    await claimant.complete("/automotive/claimant-info", {
      ...AUTOMOTIVE_CLAIMANT,
      "claimantInfo.lastName": "O’Brien–Smith",
      "claimantInfo.mailingStreetLine1": "12 Rue de l’Église\u00a0“B”",
      "claimantInfo.mailingCity": "St. John’s…",
    });
    const { claimantInfo } = await draftOf(claimant, "automotive");
    expect(claimantInfo).toMatchObject({
      lastName: "O'Brien-Smith",
      mailingStreetLine1: '12 Rue de l\'Église "B"',
      mailingCity: "St. John's...",
    });
    // A character with no plain counterpart is still refused, named as typed.
    await claimant.get("/automotive/claimant-info");
    const refused = await claimant.post("/automotive/claimant-info", {
      ...AUTOMOTIVE_CLAIMANT,
      "claimantInfo.lastName": "O’Brien «Jr»",
    });
    expect(fieldError(refused, "claimantInfo.lastName")).toBe("These characters are not allowed: « »");
  });

  test("the payment step shows the whole mailing address on file a check would go to, not its street alone", async () => {
    const claimant = await standardAt("payment-election");
    const page = await claimant.get("/standard/payment-election");
    expect(page.text(".labelled-value dd")).toBe("1 Main St, Austin, Texas, 73301, United States");
    const spanish = await claimant.get("/standard/payment-election?culture=es");
    expect(spanish.text(".labelled-value dd")).toBe("1 Main St, Austin, Texas, 73301, Estados Unidos");
  });

  test("countries are listed in the alphabetical order of the claimant's language", async () => {
    const claimant = await signedIn("automotive");
    for (const culture of ["en", "es"]) {
      const page = await claimant.get(`/automotive/claimant-info?culture=${culture}`);
      const names = page.document
        .querySelectorAll("#field-claimantInfo-mailingCountry option")
        .slice(1)
        .map((option) => option.textContent.trim());
      expect(names.length).toBeGreaterThan(190);
      expect(names).toEqual([...names].sort(new Intl.Collator(culture).compare));
    }
  });
});

describe("definitions that keep an answer, start ticked, or name no message", () => {
  let custom: PortalServer;
  beforeAll(async () => {
    const settlement = settlementWith();
    const file = path.join(settlement, "forms", "standard.json");
    const models = JSON.parse(readFileSync(file, "utf8")) as Array<{
      fields: Record<
        string,
        { defaultValue?: unknown; dependencies?: Record<string, unknown>; validations?: Array<{ message?: string }> }
      >;
    }>;
    for (const model of models) {
      if (model.fields.boughtOnline) model.fields.boughtOnline.defaultValue = true;
      if (model.fields.paypalEmail) model.fields.paypalEmail.dependencies!.resetOnUnfulfilled = false;
      // The first name's "required" rule as a settlement might write it: without a message of its own.
      if (model.fields.firstName) delete model.fields.firstName.validations![0]!.message;
    }
    writeFileSync(file, JSON.stringify(models));
    custom = await startPortal({ settlementDir: settlement });
  });
  afterAll(async () => {
    await custom.stop();
  });

  test("a checkbox whose default is true starts ticked; unticked and saved, it stays unticked", async () => {
    const claimant = new Claimant(custom);
    await claimant.signIn("standard", blankMember());
    await claimant.complete("/standard/claimant-info", STANDARD_CLAIMANT);
    expect(
      (await claimant.get("/standard/claim-details")).document
        .querySelector("#field-claimDetails-boughtOnline")
        ?.hasAttribute("checked"),
    ).toBe(true);
    const { "claimDetails.boughtOnline": _online, "claimDetails.orderNumber": _order, ...unticked } = STANDARD_DETAILS;
    await claimant.complete("/standard/claim-details", { ...unticked, "claimDetails.boughtInStore": "on" });
    expect(
      (await claimant.get("/standard/claim-details")).document
        .querySelector("#field-claimDetails-boughtOnline")
        ?.hasAttribute("checked"),
    ).toBe(false);
  });

  test("a rule naming no message shows SPEC's default text, in each culture; the others keep their own", async () => {
    const claimant = new Claimant(custom);
    await claimant.signIn("standard", blankMember());
    for (const [culture, firstName, lastName] of [
      ["en", "First name: Value is required", "Last name: Enter your last name"],
      ["es", "Nombre: Este valor es obligatorio", "Apellido: Ingrese su apellido"],
    ]) {
      await claimant.get(`/standard/claimant-info?culture=${culture}`);
      const page = await claimant.post(`/standard/claimant-info?culture=${culture}`, {
        "claimantInfo.mailingCountry": "US",
      });
      expect(page.status).toBe(400);
      expect(summaryLines(page).slice(0, 2)).toEqual([firstName, lastName]);
    }
  });

  /** A claimant paid by check who gave a PayPal e-mail (which then no longer applies, and is kept). */
  async function paidByCheckWithPaypalEmail() {
    const claimant = new Claimant(custom);
    await claimant.signIn("standard", blankMember());
    await claimant.complete("/standard/claimant-info", STANDARD_CLAIMANT);
    await claimant.complete("/standard/claim-details", STANDARD_DETAILS);
    await claimant.complete("/standard/payment-election", {
      "paymentElection.paymentMethod": "check",
      "paymentElection.paypalEmail": "bo@example.com",
    });
    return claimant;
  }

  test("resetOnUnfulfilled: false keeps the answer of a field that no longer applies, on the server as in the browser", async () => {
    const claimant = await paidByCheckWithPaypalEmail();
    const draft = await withStore(custom, (store) => store.getDraft(`member:${claimant.claimId}`, "standard"));
    expect(draft?.models.paymentElection).toMatchObject({ paymentMethod: "check", paypalEmail: "bo@example.com" });
  });

  test("resetOnUnfulfilled: false: without JavaScript the kept answer can be cleared, and the claim is filed with only the answers that apply", async () => {
    const claimant = await paidByCheckWithPaypalEmail();
    // The field is on the page (with its hint); the claimant empties it.
    await claimant.complete("/standard/payment-election", {
      "paymentElection.paymentMethod": "check",
      "paymentElection.paypalEmail": "",
    });
    const draft = () => withStore(custom, (store) => store.getDraft(`member:${claimant.claimId}`, "standard"));
    expect((await draft())?.models.paymentElection?.paypalEmail ?? null).toBeNull();
    // Kept again, then filed: the claim holds what applies, what the claimant signed on the summary.
    await claimant.complete("/standard/payment-election", {
      "paymentElection.paymentMethod": "check",
      "paymentElection.paypalEmail": "bo@example.com",
    });
    expect((await draft())?.models.paymentElection?.paypalEmail).toBe("bo@example.com");
    await claimant.complete("/standard/supporting-documents", {});
    await claimant.get("/standard/claim-summary");
    const filed = await claimant.post("/standard/claim-summary", {
      "signature.attestation": "on",
      "signature.signature": "Bo Lee",
      captchaToken: claimant.captchaToken,
    });
    expect(filed.status).toBe(303);
    const claim = await withStore(custom, (store) => store.latestClaim(`member:${claimant.claimId}`, "standard"));
    expect(claim?.models.paymentElection).toMatchObject({ paymentMethod: "check" });
    expect(claim?.models.paymentElection?.paypalEmail ?? null).toBeNull();
  });
});
