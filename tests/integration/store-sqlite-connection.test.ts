import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "vitest";
import { openSqliteStore } from "#app/storage/sqlite-store.server.ts";
import { emptyDraft } from "#app/storage/store.ts";
import { demoAnswers } from "#tests/support/server-state.ts";

/**
 * SQLite's store has one connection, and its transactions are async: statements and transactions
 * of other requests, started at the same moment, wait for an open transaction to end instead of
 * running inside it (or failing to begin one inside it).
 */
test("the sqlite store's one connection: concurrent saves, filings and reads each see their own work", async () => {
  const store = openSqliteStore(
    path.join(mkdtempSync(path.join(tmpdir(), "store-connection-")), "portal.sqlite"),
    demoAnswers(),
  );
  try {
    const members = Array.from({ length: 20 }, (_, index) => `member:${30000000 + index}` as const);
    const work = members.flatMap((owner, index) => [
      store.updateDraft(
        owner,
        "standard",
        () => ({ ...emptyDraft(`d${index}`), models: { a: { n: String(index) } } }),
        1,
      ),
      store.touchSession(`s${index}`, 1),
      store.getDraft(owner, "standard"),
      store.submitClaim(
        owner,
        "standard",
        {
          draftId: `d${index}`,
          member: { claimId: owner.slice(7), vin: null, verified: true, signInMethod: "claimIdPin" },
          models: { a: { n: String(index) } },
          records: {},
          documentIds: [],
          culture: "en",
        },
        "one",
        () => `STD-${index}`,
        2,
      ),
      store.latestClaim(owner, "standard"),
    ]);
    await Promise.all(work);
    for (const [index, owner] of members.entries()) {
      expect(await store.getDraft(owner, "standard")).toMatchObject({ draftId: `d${index}` });
      expect(await store.latestClaim(owner, "standard")).toMatchObject({ referenceCode: `STD-${index}` });
      expect(await store.getSession(`s${index}`)).toMatchObject({ lastSeenAt: 1 });
    }
  } finally {
    await store.close();
  }
});
