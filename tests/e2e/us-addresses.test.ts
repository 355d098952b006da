import { expect, test } from "vitest";
import { readClaims } from "#tests/support/backends.ts";
import { fillForm, openPage, withBrowserAndPortal, untilEnhanced } from "#tests/support/browser.ts";
import { submitStep } from "#tests/support/browser-flows.ts";
import { Claimant } from "#tests/support/claimant.ts";
import { AUTOMOTIVE_CLAIMANT } from "#tests/support/demo-answers.ts";
import { blankMember } from "#tests/support/members.ts";
import { withStore } from "#tests/support/server-state.ts";
import { settlementWith } from "#tests/support/settlement.ts";

/**
 * Issue 11: with international addresses off (the default), "About you" asks for no country: the
 * address is in the US. With JavaScript the US fields (state, ZIP, phone) must stay shown and the
 * step must go through, as it does without.
 */
const started = withBrowserAndPortal({ settlementDir: settlementWith({ internationalAddresses: false }) });

test("with JavaScript, a claimant with a US address passes 'About you': state, ZIP and phone stay, the country is the US", async () => {
  const page = await openPage(started.browser, true);
  const member = blankMember();
  await page.goto(`${started.portal.url}/automotive`);
  await untilEnhanced(page);
  await fillForm(page, member);
  await submitStep(page);
  expect(new URL(page.url()).pathname).toBe("/automotive/claimant-info");
  expect(await page.locator('[name="claimantInfo.mailingCountry"]').count()).toBe(0);
  const { "claimantInfo.mailingCountry": _country, ...answers } = AUTOMOTIVE_CLAIMANT;
  await fillForm(page, answers);
  // Editing leaves the US fields where they are, and asks for no international phone.
  for (const name of ["mailingSubDivision", "mailingPostalCode", "phoneNumber"])
    expect(await page.locator(`#field-claimantInfo-${name}`).isVisible(), name).toBe(true);
  expect(await page.locator("#field-claimantInfo-phoneNumberInternational").isVisible()).toBe(false);
  await submitStep(page);
  expect(new URL(page.url()).pathname).toBe("/automotive/claim-details");
  const draft = await withStore(started.portal, (store) =>
    store.getDraft(`member:${member["credentials.claimId"]}`, "automotive"),
  );
  expect(draft?.models.claimantInfo).toMatchObject({
    mailingCountry: "US",
    mailingSubDivision: "WA",
    mailingPostalCode: "98111-0042",
    phoneNumber: "(555) 123-4567",
  });
  expect(await readClaims(started.portal)).toEqual([]);
  await page.context().close();
}, 60_000);

test("without JavaScript, a field that applies only outside the US is not shown, and no hint says 'if Country is …'", async () => {
  const claimant = new Claimant(started.portal);
  await claimant.signIn("automotive", blankMember());
  const page = await claimant.get("/automotive/claimant-info");
  const shown = page.document.querySelectorAll("[data-field]").filter((field) => !field.closest("[hidden]"));
  const labels = shown.map((field) => field.querySelector("label, legend")?.textContent ?? "");
  expect(labels.filter((label) => label.startsWith("Phone number"))).toEqual(["Phone number * (required)"]);
  expect(
    page.document
      .querySelectorAll(".field-applies")
      .map((hint) => hint.textContent)
      .filter((hint) => hint.includes("Country")),
  ).toEqual([]);
  // The step goes through as it does with JavaScript.
  const { "claimantInfo.mailingCountry": _country, ...answers } = AUTOMOTIVE_CLAIMANT;
  expect((await claimant.post("/automotive/claimant-info", answers)).status).toBe(303);
});
