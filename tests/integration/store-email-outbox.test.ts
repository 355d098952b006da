import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { NewClaim, NewEmail, Store } from "#app/storage/store.ts";
import { BACKENDS } from "#tests/support/backends.ts";
import { openFreshStore } from "#tests/support/server-state.ts";

/**
 * The store's e-mail outbox (decision 031), the same on each backend: one message per key, queued
 * in the filing's transaction or not at all, taken by one sender at a time under a lease.
 */
describe.each(BACKENDS)("the %s store's e-mail outbox", (backend) => {
  let store: Store;
  beforeAll(async () => {
    store = await openFreshStore(backend);
  });
  afterAll(async () => {
    await store.close();
  });

  const email = (key: string): NewEmail => ({ key, to: "bo@example.com", subject: `About ${key}`, text: "Hello" });
  /** Every message due until a while from now, taken and marked sent: what the test queues is all there is. */
  const drain = async () => {
    const later = Date.now() + 60 * 60_000;
    for (
      let taken = await store.takeDueEmail(later, later + 1);
      taken;
      taken = await store.takeDueEmail(later, later + 1)
    )
      await store.markEmailSent(taken, Date.now());
  };
  /** The keys of every message due now, taken in the order they are due. */
  const takeAll = async () => {
    const keys: string[] = [];
    for (let taken = await store.takeDueEmail(Date.now(), Date.now() + 60_000); taken; ) {
      keys.push(taken.key);
      taken = await store.takeDueEmail(Date.now(), Date.now() + 60_000);
    }
    return keys;
  };
  const claim = (draftId: string, extra: Partial<NewClaim> = {}): NewClaim => ({
    draftId,
    member: { claimId: draftId, vin: null, verified: true, signInMethod: "claimIdPin" },
    models: { claimantInfo: { emailAddress: "bo@example.com" } },
    records: {},
    documentIds: [],
    culture: "en",
    email: ({ referenceCode, outcome, version }) => email(`claim-${outcome}:${referenceCode}:${version}`),
    ...extra,
  });

  test("a key queues one message: the same event told again queues nothing more", async () => {
    await drain();
    expect(await store.queueEmail(email("once"))).toBe(true);
    expect(await store.queueEmail({ ...email("once"), subject: "Again" })).toBe(false);
    const taken = await store.takeDueEmail(Date.now(), Date.now() + 60_000);
    expect(taken).toMatchObject({ key: "once", subject: "About once", to: "bo@example.com", attempts: 1 });
    expect(await store.takeDueEmail(Date.now(), Date.now() + 60_000)).toBeUndefined();
  });

  test("filing queues its message in its transaction: a filing, an amendment; nothing for the same answers again or a filing that fails", async () => {
    await drain();
    const codes = ["STD-OUTBOX-1"];
    const filed = await store.submitClaim(
      "member:m-outbox",
      "standard",
      claim("d-outbox"),
      "amend",
      () => codes[0]!,
      1,
    );
    expect(filed.outcome).toBe("filed");
    // The same answers again (a retry): nothing new filed, nothing queued.
    await store.submitClaim("member:m-outbox", "standard", claim("d-outbox"), "amend", () => "unused", 2);
    const amended = await store.submitClaim(
      "member:m-outbox",
      "standard",
      claim("d-outbox", { models: { claimantInfo: { emailAddress: "bo@example.com", firstName: "Bo" } } }),
      "amend",
      () => "unused",
      3,
    );
    expect(amended.outcome).toBe("amended");
    // A filing whose transaction fails (a document not of the draft) stores no claim and queues no message.
    await expect(
      store.submitClaim(
        "member:m-other",
        "standard",
        claim("d-other", { documentIds: ["nope"] }),
        "amend",
        () => "STD-NOT",
        4,
      ),
    ).rejects.toThrow();
    expect(await takeAll()).toEqual(["claim-filed:STD-OUTBOX-1:1", "claim-amended:STD-OUTBOX-1:2"]);
  });

  test("senders taking at once take each message once", async () => {
    await drain();
    const queued = Array.from({ length: 30 }, (_, index) => `race-${String(index).padStart(2, "0")}`);
    for (const key of queued) await store.queueEmail(email(key));
    const now = Date.now();
    const taken = await Promise.all(Array.from({ length: 60 }, () => store.takeDueEmail(now, now + 60_000)));
    const keys = taken.flatMap((message) => (message ? [message.key] : []));
    expect(keys.sort()).toEqual(queued);
  });

  test("a lease: the message is no one else's until it runs out; then it is taken again and the old lease marks nothing", async () => {
    await drain();
    await store.queueEmail(email("leased"));
    const now = Date.now();
    const first = (await store.takeDueEmail(now, now + 1_000))!;
    expect(await store.takeDueEmail(now + 999, now + 2_000)).toBeUndefined();
    // The instance that took it died mid-send: once its lease runs out, another takes it.
    const second = (await store.takeDueEmail(now + 1_000, now + 61_000))!;
    expect(second).toMatchObject({ key: "leased", attempts: 2 });
    expect(await store.markEmailSent(first, now + 1_001)).toBe(false);
    expect(await store.markEmailSent(second, now + 1_002)).toBe(true);
    expect(await store.takeDueEmail(now + 10 * 60_000, now + 11 * 60_000)).toBeUndefined();
  });

  test("a retry waits until it is due; a message given up is never taken again; done ones are purged after their time", async () => {
    await drain();
    await store.queueEmail(email("retried"));
    await store.queueEmail(email("given-up"));
    const now = Date.now();
    const retried = (await store.takeDueEmail(now, now + 60_000))!;
    const givenUp = (await store.takeDueEmail(now, now + 60_000))!;
    await store.retryEmail(retried, now + 5_000, "connect ECONNREFUSED");
    await store.giveUpEmail(givenUp, now, "550 no such user");
    expect(await store.emailBacklog()).toEqual({ waiting: 1, oldestQueuedAt: expect.any(Number) });
    expect(await store.takeDueEmail(now + 4_999, now + 60_000)).toBeUndefined();
    const again = (await store.takeDueEmail(now + 5_000, now + 60_000))!;
    expect(again).toMatchObject({ key: "retried", attempts: 2 });
    expect(await store.markEmailSent(again, now + 5_001)).toBe(true);
    expect(await store.emailBacklog()).toEqual({ waiting: 0, oldestQueuedAt: null });
    // Kept until their time (its key still taken), then purged.
    await store.purgeSentEmails(now - 60_000);
    expect(await store.queueEmail(email("given-up"))).toBe(false);
    expect(await store.purgeSentEmails(now + 10_000)).toBeGreaterThanOrEqual(2);
    // Purged: the key is free again (an event long past is not told twice: its key never recurs).
    expect(await store.queueEmail(email("retried"))).toBe(true);
  });
});
