import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { NewReturnLink, Store } from "#app/storage/store.ts";
import { BACKENDS } from "#tests/support/backends.ts";
import { openFreshStore } from "#tests/support/server-state.ts";

/**
 * The store's return links (decision 032), the same on each backend: an open sign-in's draft and
 * uploads move from its session to the link's owner in the transaction that stores the link and
 * queues its message; one link per draft, replaced for a new address, and outliving the session
 * until the flow's drafts are purged.
 */
describe.each(BACKENDS)("the %s store's return links", (backend) => {
  let store: Store;
  beforeAll(async () => {
    store = await openFreshStore(backend);
  });
  afterAll(async () => {
    await store.close();
  });

  const link = (id: string, address: string): NewReturnLink => ({
    id,
    tokenHash: `hash-${id}`,
    addressKey: `key-${address}`,
    email: { key: `return-link:${id}`, to: address, subject: "Your link", text: "RETURN-LINK-TOKEN" },
  });
  /** An open sign-in's session with a draft of the standard flow and an upload. */
  const openSession = async (sessionId: string, now = 1_000) => {
    await store.authorize(sessionId, "standard", { at: now, method: "open" }, now);
    await store.updateDraft(
      `session:${sessionId}`,
      "standard",
      () => ({
        draftId: `d-${sessionId}`,
        models: { claimantInfo: { firstName: "Ana" } },
        records: {},
        completedSteps: ["claimant-info"],
        edited: [],
      }),
      now,
    );
    return store.putDocument(
      { name: "receipt.pdf", mediaType: "application/pdf", owner: `session:${sessionId}`, formType: "standard" },
      [Buffer.from("%PDF-1.4 receipt")],
      now,
    );
  };
  const queued = async (key: string) => {
    const later = Date.now() + 60 * 60_000;
    const keys: string[] = [];
    for (
      let taken = await store.takeDueEmail(later, later + 1);
      taken;
      taken = await store.takeDueEmail(later, later + 1)
    ) {
      keys.push(taken.key);
      await store.markEmailSent(taken, Date.now());
    }
    return keys.filter((each) => each.startsWith(key));
  };

  test("a link moves the session's draft and uploads to the link's owner, the session's sign-in naming it, and queues its message", async () => {
    const upload = await openSession("s-move");
    const given = await store.giveReturnLink("s-move", "standard", link("move-1", "ana@example.com"), 2_000);
    expect(given.issued).toBe(true);
    expect(given.owner).toMatch(/^link:[A-Za-z0-9_-]{22}$/);
    expect(await store.getDraft("session:s-move", "standard")).toBeUndefined();
    expect((await store.getDraft(given.owner, "standard"))?.models).toEqual({ claimantInfo: { firstName: "Ana" } });
    expect((await store.getDocument(upload.id))?.owner).toBe(given.owner);
    const signIn = (await store.getSession("s-move"))?.authorizations.standard;
    expect(signIn).toEqual({ at: 1_000, method: "open", returnLink: given.owner.slice("link:".length) });
    expect(await store.findReturnLink("hash-move-1")).toEqual({
      owner: given.owner,
      formType: "standard",
      createdAt: 2_000,
    });
    expect(await queued("return-link:move-1")).toEqual(["return-link:move-1"]);
  });

  test("the same address again gives no link and queues nothing; a new one replaces the link, the old one found no more", async () => {
    await openSession("s-again");
    const first = await store.giveReturnLink("s-again", "standard", link("again-1", "bo@example.com"), 2_000);
    const same = await store.giveReturnLink("s-again", "standard", link("again-2", "bo@example.com"), 3_000);
    expect(same).toEqual({ owner: first.owner, issued: false });
    expect(await store.findReturnLink("hash-again-2")).toBeUndefined();
    const other = await store.giveReturnLink("s-again", "standard", link("again-3", "cy@example.com"), 4_000);
    expect(other).toEqual({ owner: first.owner, issued: true });
    expect(await store.findReturnLink("hash-again-1")).toBeUndefined();
    expect(await store.findReturnLink("hash-again-3")).toMatchObject({ owner: first.owner });
    expect(await queued("return-link:again")).toEqual(["return-link:again-1", "return-link:again-3"]);
  });

  test("a link's draft outlives its session (ended, expired) until the flow's drafts are purged, and its link with it", async () => {
    const upload = await openSession("s-outlive");
    const { owner } = await store.giveReturnLink("s-outlive", "standard", link("outlive-1", "di@example.com"), 2_000);
    await store.endSession("s-outlive");
    await store.purgeExpired(Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER);
    expect(await store.getDraft(owner, "standard")).toBeDefined();
    expect(await store.getDocument(upload.id)).toBeDefined();
    expect(await store.findReturnLink("hash-outlive-1")).toBeDefined();
    await store.purgeDrafts(["standard"]);
    expect(await store.getDraft(owner, "standard")).toBeUndefined();
    expect(await store.getDocument(upload.id)).toBeUndefined();
    expect(await store.findReturnLink("hash-outlive-1")).toBeUndefined();
  });

  test("two saves of the address at once give the draft one owner and one link", async () => {
    await openSession("s-race");
    const both = await Promise.all([
      store.giveReturnLink("s-race", "standard", link("race-1", "ed@example.com"), 2_000),
      store.giveReturnLink("s-race", "standard", link("race-2", "ed@example.com"), 2_000),
    ]);
    expect(both[0].owner).toBe(both[1].owner);
    expect(both.filter((given) => given.issued)).toHaveLength(1);
    expect(await store.getDraft(both[0].owner, "standard")).toBeDefined();
    expect(await queued("return-link:race")).toHaveLength(1);
  });
});
