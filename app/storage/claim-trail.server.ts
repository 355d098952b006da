import {
  type ClaimEvent,
  type ClaimEventActor,
  type ClaimEventKind,
  type ClaimSignal,
  CLUSTER_CODES_SHOWN,
  HOUR_MS,
  type SignInOutcome,
} from "./claim-events.ts";
import { type Dialect, fromJson, type Statements } from "./database.ts";
import type { Store } from "./store.ts";

/** How many events or signals one INSERT adds (5 and 3 parameters each). */
const ROWS_PER_STATEMENT = 100;

/** An event to append: the claim it is of, what, who, when, and what changed (claim-events.ts). */
export interface NewClaimEvent {
  referenceCode: string;
  kind: ClaimEventKind;
  actor: ClaimEventActor;
  at: number;
  detail: Record<string, unknown>;
}

/** Appends events to the trail, in the transaction of the change they tell of (`tx`). */
export async function appendEvents(tx: Statements, events: readonly NewClaimEvent[]): Promise<void> {
  for (let start = 0; start < events.length; start += ROWS_PER_STATEMENT) {
    const rows = events.slice(start, start + ROWS_PER_STATEMENT);
    await tx.run(
      `INSERT INTO claim_events (reference_code, kind, actor, at, detail) VALUES ${rows
        .map((_, row) => `(${[1, 2, 3, 4, 5].map((column) => `$${row * 5 + column}`).join(", ")})`)
        .join(", ")}`,
      rows.flatMap((event) => [event.referenceCode, event.kind, event.actor, event.at, JSON.stringify(event.detail)]),
    );
  }
}

/** Keeps a claim's signals (those it had stay: a claim that ever gave an address shares it). */
export async function keepSignals(tx: Statements, referenceCode: string, signals: readonly ClaimSignal[]) {
  const distinct = [...new Map(signals.map((signal) => [`${signal.kind} ${signal.value}`, signal])).values()];
  for (let start = 0; start < distinct.length; start += ROWS_PER_STATEMENT) {
    const rows = distinct.slice(start, start + ROWS_PER_STATEMENT);
    await tx.run(
      `INSERT INTO claim_signals (reference_code, kind, value) VALUES ${rows
        .map((_, row) => `($${row * 3 + 1}, $${row * 3 + 2}, $${row * 3 + 3})`)
        .join(", ")} ON CONFLICT (reference_code, kind, value) DO NOTHING`,
      rows.flatMap((signal) => [referenceCode, signal.kind, signal.value]),
    );
  }
}

interface EventRow {
  id: number | string;
  reference_code: string;
  kind: ClaimEventKind;
  actor: ClaimEventActor;
  at: number | string;
  detail: Record<string, unknown> | string;
}

/** The trail and the signals, as read (Store.claimEvents, claimSignals, signalClusters, networkBursts). */
export function claimTrail(
  q: Statements,
  dialect: Dialect,
): Pick<
  Store,
  "claimEvents" | "claimSignals" | "signalClusters" | "networkBursts" | "countSignIn" | "signInsByHour" | "statusCounts"
> {
  return {
    async claimEvents(referenceCodes) {
      const codes = typeof referenceCodes === "string" ? [referenceCodes] : referenceCodes;
      const rows = await q.all<EventRow>(
        `SELECT id, reference_code, kind, actor, at, detail FROM claim_events
         WHERE ${dialect.oneOf("reference_code", "$1")} ORDER BY reference_code, id`,
        [codes],
      );
      return rows.map(
        (row): ClaimEvent => ({
          referenceCode: row.reference_code,
          id: Number(row.id),
          kind: row.kind,
          actor: row.actor,
          at: Number(row.at),
          detail: fromJson(row.detail),
        }),
      );
    },
    async claimSignals(referenceCodes) {
      const rows = await q.all<{
        reference_code: string;
        kind: ClaimSignal["kind"];
        value: string;
        claims: number | string;
      }>(
        `SELECT s.reference_code, s.kind, s.value,
           (SELECT COUNT(*) FROM claim_signals t WHERE t.kind = s.kind AND t.value = s.value) AS claims
         FROM claim_signals s WHERE ${dialect.oneOf("s.reference_code", "$1")} ORDER BY s.reference_code, s.kind, s.value`,
        [referenceCodes],
      );
      return rows.map((row) => ({
        referenceCode: row.reference_code,
        kind: row.kind,
        value: row.value,
        claims: Number(row.claims),
      }));
    },
    async signalClusters(kind, minClaims, limit) {
      const clusters = await q.all<{ value: string; claims: number | string }>(
        `SELECT value, COUNT(*) AS claims FROM claim_signals WHERE kind = $1
         GROUP BY value HAVING COUNT(*) >= $2 ORDER BY COUNT(*) DESC, value LIMIT $3`,
        [kind, minClaims, limit],
      );
      const result = [];
      for (const cluster of clusters) {
        const codes = await q.all<{ reference_code: string }>(
          `SELECT s.reference_code FROM claim_signals s JOIN claims c ON c.reference_code = s.reference_code
           WHERE s.kind = $1 AND s.value = $2 ORDER BY c.submitted_at, s.reference_code LIMIT $3`,
          [kind, cluster.value, CLUSTER_CODES_SHOWN],
        );
        result.push({
          kind,
          value: cluster.value,
          claims: Number(cluster.claims),
          referenceCodes: codes.map((row) => row.reference_code),
        });
      }
      return result;
    },
    async networkBursts(minClaims, limit) {
      // The hour a claim was filed in (its latest version's, for an amended one): one per claim.
      const rows = await q.all<{ value: string; hour: number | string; claims: number | string }>(
        `SELECT s.value, c.version_at / ${HOUR_MS} AS hour, COUNT(*) AS claims
         FROM claim_signals s JOIN claims c ON c.reference_code = s.reference_code
         WHERE s.kind = 'network' GROUP BY s.value, c.version_at / ${HOUR_MS}
         HAVING COUNT(*) >= $1 ORDER BY COUNT(*) DESC, s.value, hour LIMIT $2`,
        [minClaims, limit],
      );
      return rows.map((row) => ({
        network: row.value,
        hourStart: Math.trunc(Number(row.hour)) * HOUR_MS,
        claims: Number(row.claims),
      }));
    },
    async countSignIn(outcome, now) {
      await q.run(
        `INSERT INTO sign_in_hours (hour, outcome, attempts) VALUES ($1, $2, 1)
         ON CONFLICT (hour, outcome) DO UPDATE SET attempts = sign_in_hours.attempts + 1`,
        [Math.floor(now / HOUR_MS) * HOUR_MS, outcome],
      );
    },
    async signInsByHour(since) {
      const rows = await q.all<{ hour: number | string; outcome: SignInOutcome; attempts: number | string }>(
        "SELECT hour, outcome, attempts FROM sign_in_hours WHERE hour >= $1 ORDER BY hour, outcome",
        [Math.floor(since / HOUR_MS) * HOUR_MS],
      );
      return rows.map((row) => ({ hourStart: Number(row.hour), outcome: row.outcome, attempts: Number(row.attempts) }));
    },
    async statusCounts() {
      // Each claim's latest status (by its date, then as imported), counted; a claim with none is received.
      const rows = await q.all<{ status: string; claims: number | string }>(
        `SELECT status, COUNT(*) AS claims FROM (
           SELECT status, ROW_NUMBER() OVER (PARTITION BY reference_code ORDER BY status_date DESC, id DESC) AS latest
           FROM claim_statuses) AS statuses
         WHERE latest = 1 GROUP BY status
         UNION ALL
         SELECT 'received', COUNT(*) FROM claims WHERE reference_code NOT IN (SELECT reference_code FROM claim_statuses)`,
      );
      return Object.fromEntries(
        rows.filter((row) => Number(row.claims) > 0).map((row) => [row.status, Number(row.claims)]),
      );
    },
  };
}
