/**
 * `node tests/bench/export.ts`: the claims export (issue 23) over a settlement's worth of claims.
 * Not pass/fail: docs/performance.md records a run.
 *
 *   BENCH_CLAIMS (1000000)   claims in the store
 *   BENCH_FORMATS            some of jsonl, json, csv (comma-separated; all by default)
 *   BENCH_STORES             some of sqlite, postgresql (comma-separated; both by default)
 *   DATABASE_URL             a PostgreSQL server to make a database on (else PostgreSQL is skipped)
 *
 * The store is filled fast: three claims are filed through the store (one per form type, from the
 * demo answers, bank numbers encrypted as the portal stores them), then copied row by row by SQL,
 * in batches of one transaction each, each copy its own reference code, member and time. Each
 * format is then exported by the operator's command (`node cli/portal.ts export`) as a separate
 * process, timed, its peak resident memory read from the kernel; every export is read back and
 * its claims counted (each reference code once) before its figure is printed. One more run times
 * an incremental export of the last 1% of claims (--since).
 */
import { spawn, spawnSync } from "node:child_process";
import { createReadStream, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import pg from "pg";
import { openPostgresStore } from "#app/storage/postgres-store.server.ts";
import { openSqliteStore } from "#app/storage/sqlite-store.server.ts";
import type { NewClaim, Store } from "#app/storage/store.ts";
import { type Backend, BACKENDS, freshDatabaseUrl } from "#tests/support/backends.ts";
import {
  AUTOMOTIVE_CLAIMANT,
  AUTOMOTIVE_DETAILS,
  REIMBURSEMENT_DETAILS,
  STANDARD_CLAIMANT,
  STANDARD_DETAILS,
} from "#tests/support/demo-answers.ts";
import { demoAnswers } from "#tests/support/server-state.ts";
import { DEMO_SETTLEMENT } from "#tests/support/settlement.ts";

const CLAIMS = Number(process.env.BENCH_CLAIMS ?? 1_000_000);
const FORMATS = (process.env.BENCH_FORMATS ?? "jsonl,json,csv").split(",").map((format) => format.trim());
/** The key demoAnswers encrypts with (tests/support/server-state.ts TEST_FIELD_KEYS): the export reads with it. */
const FIELD_ENCRYPTION_KEYS = "YSBmaXhlZCB0ZXN0IGtleSwgMzIgYnl0ZXMgbG9uZyE=";
const BATCH = 50_000;
/** The copies are filed one a second from here on. */
const FIRST_FILED = Date.parse("2026-01-01T00:00:00Z");

/** "model.field" answers as the store keeps them: { model: { field: value } }. */
function models(...answers: Array<Record<string, string>>) {
  const result: Record<string, Record<string, string>> = {};
  for (const [key, value] of answers.flatMap((part) => Object.entries(part))) {
    const [model, field] = key.split(".") as [string, string];
    result[model] = { ...result[model], [field]: value };
  }
  return result;
}
const PAYMENT = {
  "paymentElection.paymentMethod": "directDeposit",
  "paymentElection.routingNumber": "021000021",
  "paymentElection.accountNumber": "987654321012",
  "paymentElection.accountType": "checking",
};
const SIGNED = { "signature.signature": "Bo Lee", "signature.signatureDate": "3/1/2026" };
const TEMPLATES = [
  ["standard", "STD-TEMPLATE", models(STANDARD_CLAIMANT, STANDARD_DETAILS, PAYMENT, SIGNED)],
  ["automotive", "AUT-TEMPLATE", models(AUTOMOTIVE_CLAIMANT, AUTOMOTIVE_DETAILS, PAYMENT, SIGNED)],
  ["reimbursement", "RMB-TEMPLATE", models(STANDARD_CLAIMANT, REIMBURSEMENT_DETAILS, PAYMENT, SIGNED)],
] as const;

async function fileTemplates(store: Store) {
  for (const [formType, code, answers] of TEMPLATES) {
    const claim: NewClaim = {
      draftId: `template-${formType}`,
      member: { claimId: "19999999", vin: null, verified: true, signInMethod: "claimIdPin" },
      models: answers,
      records: {},
      documentIds: [],
      culture: "en",
    };
    await store.submitClaim(`member:template-${formType}`, formType, claim, "one", () => code, FIRST_FILED - 1000);
  }
}

/** The copies' columns, from the template they copy (n: the copy's number, 1-based). */
const COPY_COLUMNS =
  "reference_code, form_type, draft_id, owner, claim_id, vin, verified, sign_in_method, models, records, culture, submitted_at, version, version_at";

function fillSqlite(file: string) {
  const db = new DatabaseSync(file);
  const copy = db.prepare(
    `WITH RECURSIVE n(i) AS (SELECT ? UNION ALL SELECT i + 1 FROM n WHERE i < ?)
     INSERT INTO claims (${COPY_COLUMNS})
     SELECT printf('BEN-%09d', i), form_type, 'bench-' || i, 'member:' || printf('%08d', 30000000 + i), printf('%08d', 30000000 + i),
       vin, verified, sign_in_method, models, records, culture, ? + i * 1000, 1, ? + i * 1000
     FROM n JOIN claims ON claims.reference_code = (CASE i % 3 WHEN 0 THEN 'STD-TEMPLATE' WHEN 1 THEN 'AUT-TEMPLATE' ELSE 'RMB-TEMPLATE' END)`,
  );
  for (let first = 1; first <= CLAIMS; first += BATCH) {
    db.exec("BEGIN");
    copy.run(first, Math.min(first + BATCH - 1, CLAIMS), FIRST_FILED, FIRST_FILED);
    db.exec("COMMIT");
  }
  // The templates are not part of the count.
  db.exec("DELETE FROM claims WHERE reference_code LIKE '%-TEMPLATE'");
  db.close();
}

async function fillPostgres(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  for (let first = 1; first <= CLAIMS; first += BATCH) {
    await client.query(
      `INSERT INTO claims (${COPY_COLUMNS})
       SELECT 'BEN-' || lpad(i::text, 9, '0'), form_type, 'bench-' || i, 'member:' || (30000000 + i), (30000000 + i)::text,
         vin, verified, sign_in_method, models, records, culture, $3 + i * 1000, 1, $3 + i * 1000
       FROM generate_series($1::bigint, $2::bigint) AS i
       JOIN claims ON claims.reference_code = (CASE i % 3 WHEN 0 THEN 'STD-TEMPLATE' WHEN 1 THEN 'AUT-TEMPLATE' ELSE 'RMB-TEMPLATE' END)`,
      [first, Math.min(first + BATCH - 1, CLAIMS), FIRST_FILED],
    );
  }
  await client.query("DELETE FROM claims WHERE reference_code LIKE '%-TEMPLATE'");
  await client.query("VACUUM ANALYZE claims");
  await client.end();
}

/** The operator's export command as a process of its own: its time, and its peak resident memory (VmHWM, read until it exits). */
async function runExport(env: Record<string, string>, args: string[]) {
  const started = performance.now();
  // DATABASE_URL in the bench's environment names the server to make databases on, not a store.
  const { DATABASE_URL: _server, ...inherited } = process.env;
  const child = spawn(process.execPath, ["cli/portal.ts", "export", ...args], {
    env: { ...inherited, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  let peak = 0;
  let cpu = 0;
  const poll = setInterval(() => {
    try {
      const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
      peak = Math.max(peak, Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024);
      cpu = cpuSeconds(child.pid!);
    } catch {}
  }, 50);
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  clearInterval(poll);
  if (code !== 0) throw new Error(`export ${args.join(" ")} failed (${code}): ${output}`);
  return { seconds: (performance.now() - started) / 1000, cpu, peak, output };
}

/**
 * CPU time a process has used so far, user and system, in seconds (Linux: /proc/<pid>/stat, in
 * clock ticks): on a machine shared with other work, claims per CPU second are steadier than per
 * second of the clock.
 */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // After the command's name, which may itself hold ") ": utime is field 14, stime 15.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}
const CLOCK_TICKS = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout.trim()) || 100;

/** Lines of a file, read as a stream. */
async function* lines(file: string) {
  let rest = "";
  for await (const chunk of createReadStream(file, { encoding: "utf8" })) {
    const parts = (rest + chunk).split(/\r?\n/);
    rest = parts.pop()!;
    yield* parts;
  }
  if (rest) yield rest;
}

/** The claims an export holds, each reference code counted once: a claim twice or missing stops the bench. */
async function readBack(out: string, format: string): Promise<number> {
  const codes = new Set<string>();
  const add = (code: string | undefined) => {
    if (!code?.startsWith("BEN-") || codes.has(code)) throw new Error(`${format}: ${code} is not a claim, or is twice`);
    codes.add(code);
  };
  if (format === "jsonl")
    for await (const line of lines(path.join(out, "claims.jsonl"))) add(JSON.parse(line).referenceCode);
  if (format === "json")
    for await (const line of lines(path.join(out, "claims.json")))
      if (line !== "[" && line !== "]") add(JSON.parse(line.replace(/,$/, "")).referenceCode);
  if (format === "csv")
    for (const file of readdirSync(out).filter((name) => name.startsWith("claims-")))
      for await (const line of lines(path.join(out, file)))
        if (line.startsWith("BEN-")) add(line.slice(0, line.indexOf(",")));
  return codes.size;
}

const sizeOf = (out: string) =>
  readdirSync(out)
    .map((name) => statSync(path.join(out, name)).size)
    .reduce((sum, size) => sum + size, 0);
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;

async function bench(backend: Backend) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-export-"));
  const databaseUrl = backend === "postgresql" ? await freshDatabaseUrl() : undefined;
  const store = databaseUrl
    ? openPostgresStore(databaseUrl, demoAnswers())
    : openSqliteStore(path.join(dataDir, "portal.sqlite"), demoAnswers());
  await fileTemplates(store);
  await store.close();
  const filling = performance.now();
  if (databaseUrl) await fillPostgres(databaseUrl);
  else fillSqlite(path.join(dataDir, "portal.sqlite"));
  console.log(`${backend}: ${CLAIMS} claims stored in ${((performance.now() - filling) / 1000).toFixed(0)} s`);
  const env = {
    DATA_DIR: dataDir,
    SETTLEMENT_DIR: DEMO_SETTLEMENT,
    FIELD_ENCRYPTION_KEYS,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  const rows: string[] = [];
  const measure = async (label: string, format: string, extra: string[], expected: number) => {
    const out = mkdtempSync(path.join(tmpdir(), "bench-export-out-"));
    const run = await runExport(env, ["--out", out, "--format", format, ...extra]);
    const counted = await readBack(out, format);
    if (counted !== expected) throw new Error(`${label}: ${counted} claims read back, ${expected} expected`);
    rows.push(
      `| ${backend} | ${label} | ${counted} | ${run.seconds.toFixed(0)} s | ${Math.round(counted / run.seconds)} | ${run.cpu.toFixed(0)} s | ${Math.round(counted / run.cpu)} | ${mb(run.peak)} | ${mb(sizeOf(out))} |`,
    );
    console.log(rows.at(-1));
    rmSync(out, { recursive: true, force: true });
  };
  for (const format of FORMATS) await measure(format, format, [], CLAIMS);
  // The last 1% of claims: what a daily export of a settlement taking claims for 100 days reads.
  const recent = Math.floor(CLAIMS / 100);
  const since = new Date(FIRST_FILED + (CLAIMS - recent + 1) * 1000).toISOString();
  await measure(`jsonl --since (last 1%)`, "jsonl", ["--since", since], recent);
  rmSync(dataDir, { recursive: true, force: true });
  return rows;
}

const STORES = process.env.BENCH_STORES?.split(",").map((store) => store.trim());
const rows: string[] = [];
for (const backend of BACKENDS.filter((candidate) => !STORES || STORES.includes(candidate)))
  rows.push(...(await bench(backend)));
console.log(
  `\n| store | format | claims | time | claims/s | CPU time | claims per CPU s | peak RSS | output |\n|---|---|---|---|---|---|---|---|---|\n${rows.join("\n")}`,
);
