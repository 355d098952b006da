import type { DatabaseSync } from "node:sqlite";
import {
  MEMBER_LIST_COLUMNS,
  type MemberListRow,
  memberListFromRow,
  type MemberListMethods,
  type StoredMemberRow,
  storedMemberFromRow,
} from "./store.ts";

/** Rows removed per transaction when a list of millions is dropped: the write lock is held briefly each time. */
const REMOVE_BATCH = 20_000;

/** The class-member lists in SQLite (tables class_member_lists and class_members). */
export function sqliteMemberLists(db: DatabaseSync, transaction: <T>(work: () => T) => T): MemberListMethods {
  const statements = {
    current: db.prepare(`SELECT ${MEMBER_LIST_COLUMNS} FROM class_member_lists WHERE current = 1`),
    member: db.prepare(
      "SELECT claim_id, pin_hash, vin, prepopulated FROM class_members WHERE list_id = ? AND claim_id = ?",
    ),
    memberByVin: db.prepare(
      "SELECT claim_id, pin_hash, vin, prepopulated FROM class_members WHERE list_id = ? AND vin = ? LIMIT 1",
    ),
    start: db.prepare(
      `INSERT INTO class_member_lists (source, sha256, from_settlement_folder, pin_key_id, started_at)
       VALUES (?, ?, ?, ?, ?) RETURNING id`,
    ),
    add: db.prepare(
      "INSERT INTO class_members (list_id, claim_id, pin_hash, vin, prepopulated) VALUES (?, ?, ?, ?, ?)",
    ),
    retire: db.prepare("UPDATE class_member_lists SET current = 0 WHERE current = 1"),
    complete: db.prepare(
      "UPDATE class_member_lists SET current = 1, members = ?, with_vin = ?, completed_at = ? WHERE id = ?",
    ),
    unused: db.prepare(
      "SELECT id FROM class_member_lists WHERE current = 0 AND (completed_at IS NOT NULL OR started_at < ? OR id = ?)",
    ),
    removeBatch: db.prepare(
      "DELETE FROM class_members WHERE list_id = ? AND claim_id IN (SELECT claim_id FROM class_members WHERE list_id = ? LIMIT ?)",
    ),
    removeList: db.prepare("DELETE FROM class_member_lists WHERE id = ?"),
  };
  return {
    async currentMemberList() {
      return memberListFromRow(statements.current.get() as MemberListRow | undefined);
    },
    async findMember(listId, claimId) {
      return storedMemberFromRow(statements.member.get(listId, claimId) as StoredMemberRow | undefined);
    },
    async findMemberByVin(listId, vin) {
      return storedMemberFromRow(statements.memberByVin.get(listId, vin) as StoredMemberRow | undefined);
    },
    async startMemberList(list, now) {
      const row = statements.start.get(
        list.source,
        list.sha256,
        list.fromSettlementFolder ? 1 : 0,
        list.pinKeyId,
        now,
      ) as { id: number };
      return Number(row.id);
    },
    async addMembers(listId, members) {
      transaction(() => {
        for (const member of members)
          statements.add.run(listId, member.claimId, member.pinHash, member.vin, JSON.stringify(member.prepopulated));
      });
    },
    async completeMemberList(listId, { members, withVin }, now) {
      transaction(() => {
        statements.retire.run();
        statements.complete.run(members, withVin, now, listId);
      });
    },
    async removeMemberLists(abandonedBefore, discard = -1) {
      let removed = 0;
      const unused = statements.unused.all(abandonedBefore, discard) as Array<{ id: number }>;
      for (const { id } of unused) {
        for (;;) {
          const { changes } = transaction(() => statements.removeBatch.run(id, id, REMOVE_BATCH));
          removed += Number(changes);
          if (Number(changes) < REMOVE_BATCH) break;
          // Let the server's writes in between batches.
          await new Promise((resolve) => setImmediate(resolve));
        }
        statements.removeList.run(id);
      }
      return removed;
    },
  };
}
