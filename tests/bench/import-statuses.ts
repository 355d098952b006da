/**
 * `node tests/bench/import-statuses.ts`: import-statuses (issue 25) over a file of a status per
 * claim. Not pass/fail: it prints the time and the process's peak memory.
 *
 *   BENCH_CLAIMS (200000)   claims in the store, and rows in the file
 *   DATABASE_URL            a PostgreSQL server to make a database on (else only SQLite)
 *
 * The claims are written straight by SQL (only what a status needs of them: their codes); the file
 * is read, checked and applied by the use case the command runs (importStatuses), in this process,
 * then again (every row already imported).
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import pg from "pg";
import { claimantDay, importStatuses } from "#app/operator/import-statuses.server.ts";
import { openPostgresStore } from "#app/storage/postgres-store.server.ts";
import { openSqliteStore } from "#app/storage/sqlite-store.server.ts";
import type { Store } from "#app/storage/store.ts";
import { freshDatabaseUrl } from "#tests/support/backends.ts";
import { demoAnswers } from "#tests/support/server-state.ts";

const CLAIMS = Number(process.env.BENCH_CLAIMS ?? 200_000);
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const codeOf = (index: number) => {
  const digits = Array.from({ length: 12 }, (_, at) => ALPHABET[Math.floor(index / 32 ** (11 - at)) % 32]).join("");
  return `STD-${digits.slice(0, 4)}-${digits.slice(4, 8)}-${digits.slice(8)}`;
};
const INSERT = `INSERT INTO claims (reference_code, form_type, draft_id, owner, claim_id, vin, verified, sign_in_method, models, records, culture, submitted_at, version, version_at)
  VALUES ($1, 'standard', $1, NULL, NULL, NULL, FALSE, 'open', '{}', '{}', 'en', 0, 1, 0)`;

const work = mkdtempSync(path.join(tmpdir(), "bench-statuses-"));
const file = path.join(work, "statuses.csv");
const today = claimantDay(Date.now());
const rows = ["ReferenceCode,Status,Date,ReasonCode,DueDate"];
for (let index = 0; index < CLAIMS; index++)
  rows.push(
    index % 2 === 0
      ? `${codeOf(index)},under_review,${today},,`
      : `${codeOf(index)},documents_needed,${today},PROOF_OF_PURCHASE,${today}`,
  );
writeFileSync(file, `${rows.join("\n")}\n`);
const settlement = { statusReasons: { PROOF_OF_PURCHASE: "a receipt" } };

async function run(name: string, store: Store) {
  for (const round of ["first", "again"]) {
    const started = performance.now();
    const imported = await importStatuses(store, file, settlement, Date.now());
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `${name}, ${round}: ${imported.rows} rows in ${seconds.toFixed(1)} s (${Math.round(imported.rows / seconds)} a second), ${imported.added} added, ${imported.alreadyImported} already imported; peak RSS ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`,
    );
  }
  await store.close();
}

{
  const sqliteFile = path.join(work, "portal.sqlite");
  await openSqliteStore(sqliteFile, demoAnswers()).close();
  const db = new DatabaseSync(sqliteFile);
  db.exec("BEGIN");
  const insert = db.prepare(INSERT.replace("$1", "?1").replace("$1", "?1"));
  for (let index = 0; index < CLAIMS; index++) insert.run(codeOf(index));
  db.exec("COMMIT");
  db.close();
  await run("SQLite", openSqliteStore(sqliteFile, demoAnswers()));
}
if (process.env.DATABASE_URL) {
  const url = await freshDatabaseUrl();
  await openPostgresStore(url, demoAnswers()).close();
  const client = new pg.Client(url);
  await client.connect();
  await client.query(
    `INSERT INTO claims (reference_code, form_type, draft_id, owner, claim_id, vin, verified, sign_in_method, models, records, culture, submitted_at, version, version_at)
     SELECT code, 'standard', code, NULL, NULL, NULL, FALSE, 'open', '{}', '{}', 'en', 0, 1, 0 FROM unnest($1::text[]) AS code`,
    [Array.from({ length: CLAIMS }, (_, index) => codeOf(index))],
  );
  await client.end();
  await run("PostgreSQL", openPostgresStore(url, demoAnswers()));
}
