import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { ClaimSignal } from "#app/storage/claim-events.ts";
import type { NewClaimStatus, Store } from "#app/storage/store.ts";
import { BACKENDS } from "#tests/support/backends.ts";
import { openFreshStore } from "#tests/support/server-state.ts";

const HOUR = 3_600_000;
/** A clock hour's start, as the store counts bursts. */
const NOON = 1_790_000 * HOUR;

/** The store's audit trail and signals across claims (issue 27), the same on each backend. */
describe.each(BACKENDS)("the %s store's audit trail and signals", (backend) => {
  let store: Store;
  beforeAll(async () => {
    store = await openFreshStore(backend);
  });
  afterAll(async () => {
    await store.close();
  });

  let filed = 0;
  const file = async (code: string, at: number, signals: ClaimSignal[] = [], city = "Austin") => {
    const claimId = String(30_000_000 + ++filed);
    await store.submitClaim(
      `member:${claimId}`,
      "standard",
      {
        draftId: `draft-${code}`,
        member: { claimId, vin: null, verified: true, signInMethod: "claimIdPin" },
        models: { claimantInfo: { lastName: "Lee", mailingCity: city } },
        records: {},
        documentIds: [],
        culture: "en",
        signals,
      },
      "amend",
      () => code,
      at,
    );
    return claimId;
  };

  test("a change of address is an event naming the fields that changed, and an import adds a status's event once", async () => {
    await file("STD-TRL1-TRL1-TRL1", NOON);
    await store.addContactChange(
      "STD-TRL1-TRL1-TRL1",
      "standard",
      { models: { claimantInfo: { mailingCity: "Tacoma", mailingStreetLine1: null } }, culture: "es" },
      NOON + 10,
    );
    await store.addContactChange(
      "STD-TRL1-TRL1-TRL1",
      "standard",
      { models: { claimantInfo: { mailingCity: "Tacoma", mailingStreetLine1: "9 Elm St" } }, culture: "es" },
      NOON + 20,
    );
    const status: NewClaimStatus = {
      referenceCode: "STD-TRL1-TRL1-TRL1",
      status: "approved",
      date: "2026-01-02",
      reasonCode: null,
      reasonText: null,
      dueDate: null,
      paymentMethod: null,
    };
    const batches = async function* () {
      yield [status];
    };
    await store.importClaimStatuses(batches(), NOON + 30);
    await store.importClaimStatuses(batches(), NOON + 40);
    expect(
      (await store.claimEvents("STD-TRL1-TRL1-TRL1")).map(({ kind, actor, at, detail }) => ({
        kind,
        actor,
        at,
        detail,
      })),
    ).toEqual([
      { kind: "filed", actor: "claimant", at: NOON, detail: { version: 1, documents: 0 } },
      {
        kind: "addressChanged",
        actor: "claimant",
        at: NOON + 10,
        detail: { version: 1, changed: ["claimantInfo.mailingCity"] },
      },
      {
        kind: "addressChanged",
        actor: "claimant",
        at: NOON + 20,
        detail: { version: 2, changed: ["claimantInfo.mailingStreetLine1"] },
      },
      {
        kind: "statusImported",
        actor: "operator",
        at: NOON + 30,
        // Every field of the status but its claim's code, once though it was imported twice.
        detail: (({ referenceCode: _code, ...detail }) => detail)(status),
      },
    ]);
  });

  test("values claims share cluster by kind; a network's filings within an hour are a burst; a claim's signals say how many share each", async () => {
    const network: ClaimSignal = { kind: "network", value: "198.51.100.0/24" };
    const account: ClaimSignal = { kind: "bankAccount", value: "k:shared-account" };
    // Ten filings from one network within the hour, three of them into one account; one more the hour after.
    for (let index = 0; index < 10; index++)
      await file(`STD-BRS${index}-BRST-BRST`, NOON + 2 * HOUR + index * 60_000, [
        network,
        ...(index < 3 ? [account] : []),
      ]);
    await file("STD-BRSX-BRST-BRST", NOON + 3 * HOUR + 1, [network]);
    expect(await store.networkBursts(10, 5)).toEqual([
      { network: "198.51.100.0/24", hourStart: NOON + 2 * HOUR, claims: 10 },
    ]);
    expect(await store.networkBursts(11, 5)).toEqual([]);
    expect(await store.signalClusters("bankAccount", 2, 5)).toEqual([
      {
        kind: "bankAccount",
        value: "k:shared-account",
        claims: 3,
        referenceCodes: ["STD-BRS0-BRST-BRST", "STD-BRS1-BRST-BRST", "STD-BRS2-BRST-BRST"],
      },
    ]);
    expect(await store.claimSignals(["STD-BRS0-BRST-BRST", "STD-BRS9-BRST-BRST"])).toEqual([
      { referenceCode: "STD-BRS0-BRST-BRST", kind: "bankAccount", value: "k:shared-account", claims: 3 },
      { referenceCode: "STD-BRS0-BRST-BRST", kind: "network", value: "198.51.100.0/24", claims: 11 },
      { referenceCode: "STD-BRS9-BRST-BRST", kind: "network", value: "198.51.100.0/24", claims: 11 },
    ]);
  });

  test("an amendment is an event naming the answers it changed; the claim keeps the values of every version", async () => {
    const claimId = await file("STD-AMD1-AMD1-AMD1", NOON, [{ kind: "email", value: "k:first" }]);
    // The same member's draft again (same draft id), another city and another e-mail address.
    await store.submitClaim(
      `member:${claimId}`,
      "standard",
      {
        draftId: "draft-STD-AMD1-AMD1-AMD1",
        member: { claimId, vin: null, verified: true, signInMethod: "claimIdPin" },
        models: { claimantInfo: { lastName: "Lee", mailingCity: "Dallas" } },
        records: {},
        documentIds: [],
        culture: "en",
        signals: [{ kind: "email", value: "k:second" }],
      },
      "amend",
      () => "unused",
      NOON + 5,
    );
    const events = await store.claimEvents("STD-AMD1-AMD1-AMD1");
    expect(events.map((event) => [event.kind, event.detail.changed])).toEqual([
      ["filed", undefined],
      ["amended", ["claimantInfo.mailingCity"]],
    ]);
    expect((await store.claimSignals(["STD-AMD1-AMD1-AMD1"])).map((signal) => signal.value)).toEqual([
      "k:first",
      "k:second",
    ]);
  });

  test("sign-ins are counted per hour by how they ended; claims are counted by their current status", async () => {
    for (const [outcome, at] of [
      ["succeeded", NOON + 5],
      ["succeeded", NOON + HOUR - 1],
      ["failed", NOON + 7],
      ["refused", NOON + HOUR],
    ] as const)
      await store.countSignIn(outcome, at);
    expect(await store.signInsByHour(NOON + 10)).toEqual([
      { hourStart: NOON, outcome: "failed", attempts: 1 },
      { hourStart: NOON, outcome: "succeeded", attempts: 2 },
      { hourStart: NOON + HOUR, outcome: "refused", attempts: 1 },
    ]);
    // STD-TRL1 approved above; its latest status counts, the others are received.
    const counts = await store.statusCounts();
    expect(counts.approved).toBe(1);
    const filedHere = (await store.claimsPage(undefined, 100)).length;
    expect(counts.received).toBe(filedHere - 1);
    const later = async function* () {
      yield [
        {
          referenceCode: "STD-TRL1-TRL1-TRL1",
          status: "paid" as const,
          date: "2026-02-01",
          reasonCode: null,
          reasonText: null,
          dueDate: null,
          paymentMethod: "check" as const,
        },
      ];
    };
    await store.importClaimStatuses(later(), NOON + 50);
    expect(await store.statusCounts()).toEqual({ paid: 1, received: filedHere - 1 });
  });
});
