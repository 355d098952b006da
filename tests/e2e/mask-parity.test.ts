import fc from "fast-check";
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { openPage, withBrowserAndPortal } from "#tests/support/browser.ts";
import { Claimant, fieldError } from "#tests/support/claimant.ts";
import {
  AUTOMOTIVE_CLAIMANT,
  AUTOMOTIVE_DETAILS,
  REIMBURSEMENT_DETAILS,
  STANDARD_CLAIMANT,
  STANDARD_DETAILS,
} from "#tests/support/demo-answers.ts";
import { blankMember } from "#tests/support/members.ts";
import { withStore } from "#tests/support/server-state.ts";

/**
 * The parity rule (issue 11, docs/forms.md), end to end: for every mask, what people type is typed
 * into Chromium with JavaScript (key by key, then Tab and "Save and continue") by one session, and
 * posted as the same characters without JavaScript by another session of the same class member;
 * the store holds the same value from both, or both are refused with the same message.
 */
const started = withBrowserAndPortal();

type Flow = "standard" | "automotive" | "reimbursement";
interface Case {
  mask: string;
  flow: Flow;
  step: "claimant-info" | "claim-details";
  /** The field under test, and any field that must repeat it (a confirmation). */
  fields: string[];
  /** The rest of the step, answered validly. */
  answers: Record<string, string>;
  /** Steps to complete first. */
  before: Array<[string, Record<string, string>]>;
  typed: string[];
  /** The page's language, when not English: dates are typed in its order (decision 034). */
  culture?: "es";
}

const GB = {
  "claimantInfo.mailingCountry": "GB",
  "claimantInfo.mailingSubDivisionNonUS": "London",
  "claimantInfo.mailingPostalCodeNonUS": "SW1A 1AA",
};
/** A few inputs drawn at random (with a fixed seed) from what people type into such a field. */
const drawn = (units: string, length = 14) =>
  fc.sample(fc.string({ unit: fc.constantFrom(...units), minLength: 1, maxLength: length }), { numRuns: 3, seed: 11 });

const CASES: Case[] = [
  {
    mask: "none",
    flow: "standard",
    step: "claimant-info",
    fields: ["claimantInfo.firstName"],
    answers: STANDARD_CLAIMANT,
    before: [],
    typed: ["Bo", "  Bo  ", "Anne-Marie", "O'Brien", "José", "Łukasz", "Bo<script>", "D'Angelo Jr.", "Mary Ann", "X"],
  },
  {
    mask: "DECIMAL_15PRECISION",
    flow: "standard",
    step: "claim-details",
    fields: ["claimDetails.totalWeight"],
    answers: STANDARD_DETAILS,
    before: [["claimant-info", STANDARD_CLAIMANT]],
    typed: [
      "12.5",
      "1.2.3",
      "-12,5",
      ".5",
      "12.",
      " 12 . 5",
      "1e5",
      "12345678901234.5",
      "1234567890123456.7",
      "0",
      ...drawn("0123456789., -"),
    ],
  },
  {
    mask: "CURRENCY_COMMA_DELIMITED",
    flow: "automotive",
    step: "claim-details",
    fields: ["claimDetails.repairCostEstimate"],
    answers: AUTOMOTIVE_DETAILS,
    before: [["claimant-info", AUTOMOTIVE_CLAIMANT]],
    typed: [
      "99.50",
      "1250",
      "1,250",
      "$1,250",
      "1250.75",
      "1,250.00",
      "12,30",
      "1e+25",
      "007",
      "99999",
      ...drawn("0123456789.,$ "),
    ],
  },
  {
    mask: "CURRENCY_COMMA_DELIMITED_WITH_DECIMALS",
    flow: "standard",
    step: "claim-details",
    fields: ["claimDetails.unitPrice"],
    answers: STANDARD_DETAILS,
    before: [["claimant-info", STANDARD_CLAIMANT]],
    typed: [
      "1250.5",
      "12,30",
      "1,250.50",
      "$ 19.99",
      ".99",
      "1.234",
      "9,999.99",
      "10000.01",
      "0.00",
      "1 250,75",
      ...drawn("0123456789.,$ "),
    ],
  },
  {
    mask: "SLASH_DELIMITED_FULL_DATE",
    flow: "standard",
    step: "claim-details",
    fields: ["claimDetails.purchaseDate"],
    answers: STANDARD_DETAILS,
    before: [["claimant-info", STANDARD_CLAIMANT]],
    typed: [
      "3/7/2021",
      "03/07/2021",
      "372021",
      "3-7-2021",
      "2021-03-07",
      "12/31/9999",
      "2/30/2021",
      " 3/7/2021 ",
      "13/1/2021",
      "3/7/21",
      ...drawn("0123456789/ ", 10),
    ],
  },
  {
    // In Spanish the day comes first: 7/3/2021 is 7 March, stored 03/07/2021 as in English.
    mask: "SLASH_DELIMITED_FULL_DATE",
    culture: "es",
    flow: "standard",
    step: "claim-details",
    fields: ["claimDetails.purchaseDate"],
    answers: {
      ...STANDARD_DETAILS,
      "claimDetails.purchaseDate": "7/3/2021",
      "claimDetails.warrantyPeriod": "15/1/2021 - 14/1/2024",
      "claimDetails.serviceDates": "2/3/2022;14/9/2022",
      "claimDetails.installationAppointment": "3/6/2022 14:30",
    },
    before: [["claimant-info", STANDARD_CLAIMANT]],
    typed: [
      "7/3/2021",
      "07/03/2021",
      "07032021",
      "2021-03-07",
      "1/2/2021",
      "3/27/2021",
      "30/2/2021",
      " 27/3/2021 ",
      "31/12/9999",
      "7/3/21",
      ...drawn("0123456789/- ", 10),
    ],
  },
  {
    mask: "USA_PHONE_NUMBER",
    flow: "automotive",
    step: "claimant-info",
    fields: ["claimantInfo.phoneNumber", "claimantInfo.confirmPhoneNumber"],
    answers: AUTOMOTIVE_CLAIMANT,
    before: [],
    typed: [
      "1 206 555 0100",
      "12065550100",
      "+1 (206) 555-0100",
      "206.555.0100",
      "(206) 555-0100",
      "206-555-010",
      "055 555 0100",
      "206 555 0100 x2",
      "2065550100",
      "555-0100",
      ...drawn("0123456789()-. +"),
    ],
  },
  {
    mask: "INTEGER_16",
    flow: "standard",
    step: "claim-details",
    fields: ["claimDetails.quantity"],
    answers: STANDARD_DETAILS,
    before: [["claimant-info", STANDARD_CLAIMANT]],
    typed: [
      "2",
      " 2 ",
      "12a3",
      "1,000",
      "1.5",
      "0",
      "100",
      "101",
      "00012",
      "12345678901234567",
      ...drawn("0123456789 ,."),
    ],
  },
  {
    mask: "INTERNATIONAL_PHONE_NUMBER",
    flow: "reimbursement",
    step: "claim-details",
    fields: ["claimDetails.repairShopPhone"],
    answers: REIMBURSEMENT_DETAILS,
    before: [["claimant-info", AUTOMOTIVE_CLAIMANT]],
    typed: [
      "+44 20 7946 0958",
      "+44 (20) 7946-0958",
      "0044 20 7946 0958",
      "+1.206.555.0100",
      "20 7946 0958 ext 9",
      "++44",
      "12345678901234567",
      "+",
      "(020) 7946 0958",
      "+49-30-123456",
      ...drawn("0123456789+()-. "),
    ],
  },
  {
    mask: "VIN",
    flow: "automotive",
    step: "claim-details",
    fields: ["claimDetails.vehicleVin"],
    answers: AUTOMOTIVE_DETAILS,
    before: [["claimant-info", AUTOMOTIVE_CLAIMANT]],
    typed: [
      "1HGCM-82633-A004352",
      "1hgcm82633a004352",
      "1HGCM 82633 A004352",
      "1HGCM82633A00435",
      "1HGCM82633A0043521",
      "1HGCM82633A00435O",
      "1HGCM/82633A004352",
      " 1HGCM82633A004352 ",
      "2t1burhe0jc012345",
      "1-H-G-C-M-8-2-6-3-3-A-0-0-4-3-5-2",
      ...drawn("0123456789ABCDEFGHJKLMNPRSTUVWXYZabc- ", 20),
    ],
  },
  {
    mask: "ZIP_CODE",
    flow: "standard",
    step: "claimant-info",
    fields: ["claimantInfo.mailingPostalCode"],
    answers: STANDARD_CLAIMANT,
    before: [],
    typed: [
      "98111 - 0042",
      "98111 0042",
      "981110042",
      "98111-0042",
      "98111",
      "9811",
      "98111-004",
      " 98111 ",
      "98111--0042",
      "ABCDE",
      ...drawn("0123456789- ", 11),
    ],
  },
  {
    mask: "ZIP_CODE_NON_US",
    flow: "standard",
    step: "claimant-info",
    fields: ["claimantInfo.mailingPostalCodeNonUS"],
    answers: { ...STANDARD_CLAIMANT, ...GB },
    before: [],
    typed: [
      "sw1a 1aa",
      "SW1A  1AA",
      "SW1A-1AA",
      "EC1A1BB",
      " w1a 0ax ",
      "12345678901",
      "K1A 0B1",
      "D02 X285",
      "sw1a 1aa!",
      "75008",
      ...drawn("0123456789ABCxyz -", 12),
    ],
  },
];

/** What the store holds for a field of the member's draft now. */
async function stored(memberId: string, flow: Flow, path: string) {
  const [model, key] = path.split(".") as [string, string];
  const draft = await withStore(started.portal, (store) => store.getDraft(`member:${memberId}`, flow));
  return draft?.models[model]?.[key] ?? null;
}

type Outcome = { stored: unknown } | { refused: string };

/** With JavaScript: the claimant types into the field(s), leaves, and presses Save and continue. */
async function typeAndSave(
  page: Page,
  stepUrl: string,
  fields: string[],
  typed: string,
  memberId: string,
  flow: Flow,
): Promise<Outcome> {
  await page.goto(stepUrl);
  await page.waitForFunction(
    () =>
      document.querySelector("form.step-form .required-note") && document.documentElement.hasAttribute("data-enhanced"),
  );
  await page.waitForFunction(() => !document.querySelector(".field-applies"));
  for (const path of fields) {
    const input = page.locator(`[name="${path}"]`);
    await input.click();
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.press("Backspace");
    await input.pressSequentially(typed);
    await page.keyboard.press("Tab");
  }
  const error = page.locator(`#field-${fields[0]!.replace(".", "-")}-error`);
  const before = page.url();
  await page.locator('form.step-form button[name="intent"][value="continue"]').click();
  await Promise.race([page.waitForURL((url) => url.toString() !== before), error.waitFor()]);
  if (page.url() === before) return { refused: ((await error.textContent()) ?? "").replace(/^Error:\s*/, "") };
  return { stored: await stored(memberId, flow, fields[0]!) };
}

describe.each(CASES)("the parity rule: $mask", ({ flow, step, fields, answers, before, typed, culture }) => {
  test(`${typed.length} inputs typed with JavaScript and posted without it are stored alike, or refused alike`, async () => {
    expect(typed.length).toBeGreaterThanOrEqual(10);
    const member = blankMember();
    const memberId = member["credentials.claimId"];
    const scriptless = new Claimant(started.portal);
    await scriptless.signIn(flow, member);
    for (const [earlier, earlierAnswers] of before) await scriptless.complete(`/${flow}/${earlier}`, earlierAnswers);
    const stepPath = `/${flow}/${step}${culture ? `?culture=${culture}` : ""}`;
    await scriptless.complete(stepPath, answers);
    // The same member in a browser with JavaScript (a second session: drafts are the member's).
    const browserSession = new Claimant(started.portal);
    await browserSession.signIn(flow, member);
    const page = await openPage(started.browser, true);
    await page.context().addCookies([browserSession.sessionCookie()]);
    const stepUrl = `${started.portal.url}${stepPath}`;

    for (const text of typed) {
      await scriptless.get(stepPath);
      const posted = await scriptless.post(stepPath, {
        ...answers,
        ...Object.fromEntries(fields.map((path) => [path, text])),
      });
      const withoutJs: Outcome =
        posted.status === 303
          ? { stored: await stored(memberId, flow, fields[0]!) }
          : { refused: fieldError(posted, fields[0]!) };
      const withJs = await typeAndSave(page, stepUrl, fields, text, memberId, flow);
      expect(withJs, `typed ${JSON.stringify(text)}`).toEqual(withoutJs);
    }
    await page.context().close();
  }, 120_000);
});

/**
 * Editing after leaving a field: the claimant types, leaves (the field shows the value formatted),
 * comes back to the end of the field and types or deletes. The store holds what the same
 * keystrokes make of the plain text without JavaScript (`afterwards` is appended; each "⌫" deletes one).
 * Each edit is made on its mask's field in CASES, with that case's flow, step and other answers.
 */
const EDITS: Array<{ mask: string; typed: string; afterwards: string }> = [
  { mask: "CURRENCY_COMMA_DELIMITED", typed: "1250", afterwards: "0" },
  { mask: "CURRENCY_COMMA_DELIMITED", typed: "1000", afterwards: "⌫" },
  { mask: "CURRENCY_COMMA_DELIMITED_WITH_DECIMALS", typed: "99", afterwards: "5" },
  { mask: "CURRENCY_COMMA_DELIMITED_WITH_DECIMALS", typed: "1250.5", afterwards: "⌫" },
  { mask: "ZIP_CODE", typed: "981110042", afterwards: "⌫⌫⌫⌫" },
];

/** The keys for an edit: "⌫" is Backspace, anything else is typed. */
async function pressEdit(page: Page, edit: string) {
  for (const key of edit) await (key === "⌫" ? page.keyboard.press("Backspace") : page.keyboard.type(key));
}
const editedPlainly = (text: string, edit: string) =>
  [...edit].reduce((value, key) => (key === "⌫" ? value.slice(0, -1) : value + key), text);

describe("the parity rule when a claimant comes back to a field", () => {
  test.each(EDITS)("$mask: $typed, leave, come back, $afterwards", async ({ mask, typed, afterwards }) => {
    const { flow, step, fields, answers, before } = CASES.find((candidate) => candidate.mask === mask)!;
    const field = fields[0]!;
    const member = blankMember();
    const memberId = member["credentials.claimId"];
    const scriptless = new Claimant(started.portal);
    await scriptless.signIn(flow, member);
    for (const [earlier, earlierAnswers] of before) await scriptless.complete(`/${flow}/${earlier}`, earlierAnswers);
    await scriptless.get(`/${flow}/${step}`);
    const posted = await scriptless.post(`/${flow}/${step}`, {
      ...answers,
      [field]: editedPlainly(typed, afterwards),
    });
    const withoutJs: Outcome =
      posted.status === 303 ? { stored: await stored(memberId, flow, field) } : { refused: fieldError(posted, field) };

    const browserSession = new Claimant(started.portal);
    await browserSession.signIn(flow, member);
    const page = await openPage(started.browser, true);
    await page.context().addCookies([browserSession.sessionCookie()]);
    await page.goto(`${started.portal.url}/${flow}/${step}`);
    await page.waitForFunction(
      () => document.documentElement.hasAttribute("data-enhanced") && !document.querySelector(".field-applies"),
    );
    const input = page.locator(`[name="${field}"]`);
    await input.fill("");
    await input.pressSequentially(typed);
    await page.keyboard.press("Tab");
    await input.click();
    await page.keyboard.press("End");
    await pressEdit(page, afterwards);
    await page.keyboard.press("Tab");
    const error = page.locator(`#field-${field.replace(".", "-")}-error`);
    await page.locator('form.step-form button[name="intent"][value="continue"]').click();
    await Promise.race([page.waitForURL((url) => !url.pathname.endsWith(step)), error.waitFor()]);
    const withJs: Outcome = page.url().endsWith(step)
      ? { refused: ((await error.textContent()) ?? "").replace(/^Error:\s*/, "") }
      : { stored: await stored(memberId, flow, field) };
    expect(withJs).toEqual(withoutJs);
    await page.context().close();
  });

  test("a saved amount is edited at its end alike with and without JavaScript", async () => {
    const member = blankMember();
    const memberId = member["credentials.claimId"];
    const field = "claimDetails.repairCostEstimate";
    const scriptless = new Claimant(started.portal);
    await scriptless.signIn("automotive", member);
    await scriptless.complete("/automotive/claimant-info", AUTOMOTIVE_CLAIMANT);
    await scriptless.complete("/automotive/claim-details", { ...AUTOMOTIVE_DETAILS, [field]: "1250" });
    // Without JavaScript the claimant edits the text the page shows, at its end.
    const page = await scriptless.get("/automotive/claim-details");
    const shown = page.document.querySelector(`[name="${field}"]`)?.getAttribute("value");
    expect(shown).toBeTypeOf("string");
    const posted = await scriptless.post("/automotive/claim-details", { ...AUTOMOTIVE_DETAILS, [field]: `${shown}0` });
    expect(posted.status).toBe(303);
    expect(await stored(memberId, "automotive", field)).toBe("12500");
  });
});
