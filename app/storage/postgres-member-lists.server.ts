import type pg from "pg";
import {
  MEMBER_LIST_COLUMNS,
  type MemberListRow,
  memberListFromRow,
  type MemberListMethods,
  type StoredMemberRow,
  storedMemberFromRow,
} from "./store.ts";

/** Rows removed per statement when a list of millions is dropped: each holds its locks briefly. */
const REMOVE_BATCH = 50_000;

type Query = <Row extends pg.QueryResultRow>(sql: string, values?: unknown[]) => Promise<pg.QueryResult<Row>>;
type Transaction = <T>(work: (client: pg.PoolClient) => Promise<T>) => Promise<T>;

const MEMBER_COLUMNS = "claim_id, pin_hash, vin, prepopulated";

/** The class-member lists in PostgreSQL (tables class_member_lists and class_members). */
export function postgresMemberLists(query: Query, transaction: Transaction): MemberListMethods {
  return {
    async currentMemberList() {
      const { rows } = await query<MemberListRow>(
        `SELECT ${MEMBER_LIST_COLUMNS} FROM class_member_lists WHERE current`,
      );
      return memberListFromRow(rows[0]);
    },
    async findMember(listId, claimId) {
      const { rows } = await query<StoredMemberRow>(
        `SELECT ${MEMBER_COLUMNS} FROM class_members WHERE list_id = $1 AND claim_id = $2`,
        [listId, claimId],
      );
      return storedMemberFromRow(rows[0]);
    },
    async findMemberByVin(listId, vin) {
      const { rows } = await query<StoredMemberRow>(
        `SELECT ${MEMBER_COLUMNS} FROM class_members WHERE list_id = $1 AND vin = $2 LIMIT 1`,
        [listId, vin],
      );
      return storedMemberFromRow(rows[0]);
    },
    async startMemberList(list, now) {
      const { rows } = await query<{ id: string }>(
        `INSERT INTO class_member_lists (source, sha256, from_settlement_folder, pin_key_id, started_at)
         VALUES ($1, $2, $3, $4, $5) RETURNING id`,
        [list.source, list.sha256, list.fromSettlementFolder, list.pinKeyId, now],
      );
      return Number(rows[0]!.id);
    },
    async addMembers(listId, members) {
      // One statement a batch: the rows go as arrays, unnested by the server.
      await query(
        `INSERT INTO class_members (list_id, ${MEMBER_COLUMNS})
         SELECT $1::bigint, claim_id, pin_hash, vin, prepopulated::jsonb
         FROM unnest($2::text[], $3::bytea[], $4::text[], $5::text[]) AS batch (claim_id, pin_hash, vin, prepopulated)`,
        [
          listId,
          members.map((member) => member.claimId),
          members.map((member) => member.pinHash),
          members.map((member) => member.vin),
          members.map((member) => JSON.stringify(member.prepopulated)),
        ],
      );
    },
    async completeMemberList(listId, { members, withVin }, now) {
      await transaction(async (client) => {
        // Two imports finishing at once (instances starting together on a changed list) take turns:
        // each retires the list current when it runs, and the last one made current serves.
        await client.query("SELECT pg_advisory_xact_lock(hashtextextended('class_member_lists', 0))");
        await client.query("UPDATE class_member_lists SET current = FALSE WHERE current");
        await client.query(
          "UPDATE class_member_lists SET current = TRUE, members = $1, with_vin = $2, completed_at = $3 WHERE id = $4",
          [members, withVin, now, listId],
        );
      });
    },
    async removeMemberLists(abandonedBefore, discard = -1) {
      let removed = 0;
      const { rows } = await query<{ id: string }>(
        "SELECT id FROM class_member_lists WHERE NOT current AND (completed_at IS NOT NULL OR started_at < $1 OR id = $2)",
        [abandonedBefore, discard],
      );
      for (const { id } of rows) {
        for (;;) {
          const { rowCount } = await query(
            "DELETE FROM class_members WHERE list_id = $1 AND claim_id IN (SELECT claim_id FROM class_members WHERE list_id = $1 LIMIT $2)",
            [id, REMOVE_BATCH],
          );
          removed += rowCount ?? 0;
          if ((rowCount ?? 0) < REMOVE_BATCH) break;
        }
        await query("DELETE FROM class_member_lists WHERE id = $1", [id]);
      }
      return removed;
    },
  };
}
