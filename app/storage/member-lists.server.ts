import type { Statements, Transaction } from "./database.ts";
import {
  MEMBER_LIST_COLUMNS,
  type MemberListMethods,
  type MemberListRow,
  memberListFromRow,
  type StoredMemberRow,
  storedMemberFromRow,
} from "./store.ts";

/** Rows removed per statement when a list of millions is dropped: each holds its locks briefly. */
const REMOVE_BATCH = 20_000;

const MEMBER_COLUMNS = "claim_id, pin_hash, vin, prepopulated";

/**
 * The class-member lists (tables class_member_lists and class_members), but for adding a batch of
 * members: each backend loads rows its own fastest way (Database.addMembers).
 */
export function memberLists(
  q: Statements,
  transaction: <T>(work: (tx: Transaction) => Promise<T>) => Promise<T>,
): Omit<MemberListMethods, "addMembers"> {
  return {
    async currentMemberList() {
      return memberListFromRow(
        await q.get<MemberListRow>(`SELECT ${MEMBER_LIST_COLUMNS} FROM class_member_lists WHERE current = TRUE`),
      );
    },
    async findMember(listId, claimId) {
      return storedMemberFromRow(
        await q.get<StoredMemberRow>(
          `SELECT ${MEMBER_COLUMNS} FROM class_members WHERE list_id = $1 AND claim_id = $2`,
          [listId, claimId],
        ),
      );
    },
    async findMemberByVin(listId, vin) {
      return storedMemberFromRow(
        await q.get<StoredMemberRow>(
          `SELECT ${MEMBER_COLUMNS} FROM class_members WHERE list_id = $1 AND vin = $2 LIMIT 1`,
          [listId, vin],
        ),
      );
    },
    async startMemberList(list, now) {
      const row = await q.get<{ id: number | string }>(
        `INSERT INTO class_member_lists (source, sha256, from_settlement_folder, pin_key_id, started_at)
         VALUES ($1, $2, $3, $4, $5) RETURNING id`,
        [list.source, list.sha256, list.fromSettlementFolder, list.pinKeyId, now],
      );
      return Number(row!.id);
    },
    async completeMemberList(listId, { members, withVin }, now) {
      await transaction(async (tx) => {
        // Two imports finishing at once (instances starting together on a changed list) take turns:
        // each retires the list current when it runs, and the last one made current serves.
        await tx.lock("class_member_lists");
        await tx.run("UPDATE class_member_lists SET current = FALSE WHERE current = TRUE");
        await tx.run(
          "UPDATE class_member_lists SET current = TRUE, members = $1, with_vin = $2, completed_at = $3 WHERE id = $4",
          [members, withVin, now, listId],
        );
      });
    },
    async removeMemberLists(abandonedBefore, discard = -1) {
      let removed = 0;
      const unused = await q.all<{ id: number | string }>(
        "SELECT id FROM class_member_lists WHERE current = FALSE AND (completed_at IS NOT NULL OR started_at < $1 OR id = $2)",
        [abandonedBefore, discard],
      );
      for (const { id } of unused) {
        for (;;) {
          const changes = await q.run(
            "DELETE FROM class_members WHERE list_id = $1 AND claim_id IN (SELECT claim_id FROM class_members WHERE list_id = $1 LIMIT $2)",
            [Number(id), REMOVE_BATCH],
          );
          removed += changes;
          if (changes < REMOVE_BATCH) break;
          // Let the server's requests in between batches (SQLite's are on this thread).
          await new Promise((resolve) => setImmediate(resolve));
        }
        await q.run("DELETE FROM class_member_lists WHERE id = $1", [Number(id)]);
      }
      return removed;
    },
  };
}
