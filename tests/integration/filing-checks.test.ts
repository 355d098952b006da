import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { BACKENDS, readClaims } from "#tests/support/backends.ts";
import { Claimant, fieldError } from "#tests/support/claimant.ts";
import { STANDARD_CLAIMANT, STANDARD_DETAILS } from "#tests/support/demo-answers.ts";
import { blankMember } from "#tests/support/members.ts";
import { type PortalServer, startPortal } from "#tests/support/portal-server.ts";
import { settlementWith } from "#tests/support/settlement.ts";

/**
 * Issue 24: a claim's answers are checked as one claim when it is filed, by the pages as by the
 * JSON API (app/claims/claim-answers.ts): every step's rules, each seeing the answers of the steps
 * before it. Here a later step's field is required by an earlier step's answer, changed from the
 * summary after the later step was saved.
 */

const SIGNED = { "signature.attestation": "on", "signature.signature": "Bo Lee", captchaToken: "test-pass" };

/** The demo settlement with the warranty period asked on the payment step, after "I bought a warranty" on the details step. */
function warrantyPeriodAskedLater(): string {
  const dir = settlementWith();
  const file = path.join(dir, "forms", "standard.pages.json");
  const pages = JSON.parse(readFileSync(file, "utf8"));
  const isWarrantyPeriod = (block: { field?: string }) => block.field === "claimDetails.warrantyPeriod";
  const without = (blocks: Array<{ field?: string; blocks?: unknown[] }>): unknown[] =>
    blocks
      .filter((block) => !isWarrantyPeriod(block))
      .map((block) => (block.blocks ? { ...block, blocks: without(block.blocks as typeof blocks) } : block));
  pages["claim-details"].blocks = without(pages["claim-details"].blocks);
  pages["payment-election"].blocks.push({ kind: "field", field: "claimDetails.warrantyPeriod" });
  writeFileSync(file, JSON.stringify(pages));
  return dir;
}

describe.each(BACKENDS)("filing from the summary, on %s", (backend) => {
  let portal: PortalServer;
  beforeAll(async () => {
    portal = await startPortal({ backend, settlementDir: warrantyPeriodAskedLater() });
  });
  afterAll(async () => {
    await portal.stop();
  });

  test("an answer changed from the summary that makes a later step's field required sends the claimant to that step, not to a claim filed without it", async () => {
    const member = blankMember();
    const claimant = new Claimant(portal);
    await claimant.signIn("standard", member);
    const {
      "claimDetails.boughtWarranty": _bought,
      "claimDetails.warrantyPeriod": _period,
      ...details
    } = STANDARD_DETAILS;
    await claimant.complete("/standard/claimant-info", STANDARD_CLAIMANT);
    await claimant.complete("/standard/claim-details", details);
    await claimant.complete("/standard/payment-election", { "paymentElection.paymentMethod": "check" });
    await claimant.complete("/standard/supporting-documents", {});
    await claimant.get("/standard/claim-summary");
    // From the summary: "I bought a warranty" after all. The details step itself does not ask its period.
    const changed = await claimant.complete("/standard/claim-details?return=summary", {
      ...details,
      "claimDetails.boughtWarranty": "on",
    });
    expect(changed.headers.get("location")).toBe("/standard/claim-summary?saved=1");

    await claimant.get("/standard/claim-summary");
    const submitted = await claimant.post("/standard/claim-summary", SIGNED);
    expect(submitted.status).toBe(303);
    expect(submitted.headers.get("location")).toBe("/standard/payment-election");
    const ofMember = async () =>
      (await readClaims(portal)).filter((claim) => claim.claim_id === member["credentials.claimId"]);
    expect(await ofMember()).toEqual([]);

    // The step asks for the period now, and once it is given the claim is filed with it.
    await claimant.get("/standard/payment-election");
    const refused = await claimant.post("/standard/payment-election", { "paymentElection.paymentMethod": "check" });
    expect(refused.status).toBe(400);
    expect(fieldError(refused, "claimDetails.warrantyPeriod")).not.toBe("");
    await claimant.complete("/standard/payment-election", {
      "paymentElection.paymentMethod": "check",
      "claimDetails.warrantyPeriod": STANDARD_DETAILS["claimDetails.warrantyPeriod"],
    });
    await claimant.get("/standard/claim-summary");
    const filed = await claimant.post("/standard/claim-summary", SIGNED);
    expect(filed.headers.get("location")).toBe("/standard/confirmation");
    const [claim] = await ofMember();
    expect(claim?.models.claimDetails).toMatchObject({
      boughtWarranty: true,
      warrantyPeriod: "01/15/2021 - 01/14/2024",
    });
  });
});
