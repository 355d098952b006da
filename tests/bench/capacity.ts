/**
 * Capacity planning from measured figures (issue 23): `npm run bench:capacity`. docs/operating.md
 * ("Capacity planning") works from what it prints; docs/performance.md records a run.
 *
 *   CAPACITY_CLAIMS (300)                standard claims filed through the pages, no document (0: that flow not run)
 *   CAPACITY_DOCUMENT_CLAIMS (100)       reimbursement claims, each an expense with its receipt uploaded (0: not run)
 *   CAPACITY_DOCUMENT_BYTES (1048576)    the receipt's size
 *   CAPACITY_MEMBERS (100000)            the class-member list imported to measure its bytes per member (PostgreSQL)
 *   DATABASE_URL                         a PostgreSQL server to make databases on (else SQLite only, and no bytes)
 *
 * The production server (NODE_ENV=production) on each store; claimants without JavaScript, 8 at
 * a time, each a class member of its own, sign in, open and answer every step as a browser does
 * (each redirect followed) and file. For each flow, after a warm-up of its own: the server
 * process's CPU (user + system, /proc/<pid>/stat) per claim and per request made; on
 * PostgreSQL, the database's CPU the same way when it runs on this machine (its postmaster with
 * every process it started, those that ended included), and the bytes the claim tables and the
 * document tables grew by (pg_total_relation_size: indexes and TOAST included), and the
 * write-ahead log it wrote (what a replica and a WAL archive receive).
 *
 * What it counts is checked: every claim is read back from the store with its document byte for
 * byte, the server's log must hold a line for every request made, each answered 2xx or 3xx, and
 * a run that filed, served or spent nothing stops the bench with exit code 1 and no figures.
 */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { appendFileSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { newFieldKey } from "#app/security/field-keys.server.ts";
import { type Backend, BACKENDS, freshDatabaseUrl } from "#tests/support/backends.ts";
import { Claimant } from "#tests/support/claimant.ts";
import {
  AUTOMOTIVE_CLAIMANT,
  REIMBURSEMENT_DETAILS,
  STANDARD_CLAIMANT,
  STANDARD_DETAILS,
} from "#tests/support/demo-answers.ts";
import { PDF } from "#tests/support/documents.ts";
import { startFakeSiteverify } from "#tests/support/fake-siteverify.ts";
import { addExpense, DOCUMENTS_STEP, uploadReceipt } from "#tests/support/filing.ts";
import { type PortalServer, startPortal, TEST_FIELD_KEY } from "#tests/support/portal-server.ts";
import { settlementWith } from "#tests/support/settlement.ts";
import {
  type BenchMember,
  benchMemberRows,
  CAPTCHA_TOKEN,
  type FiledClaim,
  memberPool,
  UnexpectedReply,
} from "./flows.ts";
import { readBack } from "./read-back.ts";

const CLAIMS = Number(process.env.CAPACITY_CLAIMS ?? 300);
const DOCUMENT_CLAIMS = Number(process.env.CAPACITY_DOCUMENT_CLAIMS ?? 100);
const DOCUMENT_BYTES = Number(process.env.CAPACITY_DOCUMENT_BYTES ?? 2 ** 20);
const LIST_MEMBERS = Number(process.env.CAPACITY_MEMBERS ?? 100_000);
/** Claims filed before each measured run, not counted: the JIT's first claims are no server's steady state. */
const WARM_UP = 20;
const CLAIMANTS_AT_ONCE = 8;
/** Tables that grow with claims and with the claimants filing them (sessions and drafts until they are purged). */
const CLAIM_TABLES = ["claims", "claim_versions", "drafts", "sessions"] as const;
const DOCUMENT_TABLES = ["documents", "document_chunks"] as const;

const siteverify = await startFakeSiteverify();
/**
 * A receipt as a phone sends one: a PDF's signature, then bytes that do not compress (a photo, a
 * PDF's compressed streams). pdfOfSize's patterned body would be stored compressed by PostgreSQL
 * (TOAST) at a twentieth of its size, and the bytes per document would be a fiction.
 */
const receipt = Buffer.concat([PDF, randomBytes(DOCUMENT_BYTES - PDF.length)]);

/** The demo settlement, its captcha verified by the local stand-in, with the bench's own members. */
function capacitySettlement(): string {
  const dir = settlementWith(
    (config) => {
      (config.captcha as Record<string, unknown>).verifyUrl = siteverify.url;
    },
    { testCaptcha: false },
  );
  appendFileSync(path.join(dir, "class-members.csv"), benchMemberRows(2 * WARM_UP + CLAIMS + DOCUMENT_CLAIMS));
  return dir;
}

const CLOCK_TICKS = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout.trim()) || 100;

/** A process's /proc/<pid>/stat fields from the state on (the command's name, which may hold ") ", cut off). */
function statOf(pid: number): string[] {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
}
const ticksToMs = (ticks: number) => (ticks * 1000) / CLOCK_TICKS;

/** CPU time a process has used so far, user and system, in ms (fields 14 and 15 of its stat). */
const processCpuMs = (pid: number) => {
  const fields = statOf(pid);
  return ticksToMs(Number(fields[11]) + Number(fields[12]));
};

/**
 * PostgreSQL's CPU so far, in ms: its postmaster's own and its children's that ended (the
 * postmaster waits for each: fields 16 and 17), and the live processes it started (backends,
 * autovacuum, the writers). A backend that ends between two readings moves its time from one to
 * the other, so the difference stays right.
 */
function databaseCpuMs(postmaster: number): number {
  const own = statOf(postmaster);
  let ticks = Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14]);
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = statOf(Number(entry));
      if (Number(fields[1]) === postmaster) ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // It ended while the folder was listed: its time is now the postmaster's.
    }
  }
  return ticksToMs(ticks);
}

/** The postmaster's process id when PostgreSQL runs on this machine and this user can see it; else undefined. */
async function postmasterOf(client: pg.Client): Promise<number | undefined> {
  try {
    const { rows } = await client.query<{ data_directory: string }>("SHOW data_directory");
    const pid = Number(readFileSync(path.join(rows[0]!.data_directory, "postmaster.pid"), "utf8").split("\n")[0]);
    return readFileSync(`/proc/${pid}/comm`, "utf8").startsWith("postgres") ? pid : undefined;
  } catch {
    return undefined;
  }
}

async function tableBytes(client: pg.Client, tables: readonly string[]): Promise<Map<string, number>> {
  const { rows } = await client.query<{ name: string; bytes: string }>(
    "SELECT relname AS name, pg_total_relation_size(oid) AS bytes FROM pg_class WHERE relkind = 'r' AND relname = ANY($1)",
    [tables],
  );
  if (rows.length !== tables.length)
    throw new Error(`expected the tables ${tables.join(", ")}; found ${rows.map((row) => row.name).join(", ")}`);
  return new Map(rows.map((row) => [row.name, Number(row.bytes)]));
}

/** Every request the server logged so far (one JSON line each, its message "request"). */
function loggedRequests(portal: PortalServer): Array<{ path: string; status: number }> {
  return portal
    .output()
    .split("\n")
    .flatMap((line) => {
      try {
        const entry = JSON.parse(line) as { message?: string; path?: string; status?: number };
        return entry.message === "request" ? [{ path: String(entry.path), status: Number(entry.status) }] : [];
      } catch {
        return [];
      }
    });
}

/**
 * Requests the bench's claimants have made of the server running now: each goes through fetch
 * (tests/support/http.ts), counted here. Reset when a server starts.
 */
let requestsMade = 0;
const browserFetch = globalThis.fetch;
globalThis.fetch = (...request: Parameters<typeof fetch>) => {
  requestsMade++;
  return browserFetch(...request);
};

/**
 * The server's request log once it has a line for every request made: a request's line is
 * written once its answer is sent, and may reach the bench after the answer itself. A line for
 * a request the bench did not make, or one missing after 5 s, stops the bench.
 */
async function logCaughtUp(portal: PortalServer): Promise<Array<{ path: string; status: number }>> {
  for (let tries = 0; tries < 250; tries++) {
    const logged = loggedRequests(portal);
    if (logged.length > requestsMade)
      throw new UnexpectedReply(`the server logged ${logged.length} requests; the bench made ${requestsMade}`);
    if (logged.length === requestsMade) return logged;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new UnexpectedReply(
    `the server logged ${loggedRequests(portal).length} requests of the ${requestsMade} the bench made`,
  );
}

const newClaimant = (portal: PortalServer) => new Claimant(portal, {}, CAPTCHA_TOKEN);
const credentials = (member: BenchMember) => ({ "credentials.claimId": member.claimId, "credentials.pin": member.pin });

/** Signs the summary and files; the confirmation is loaded after, as the redirect leads a browser there. */
async function signAndFile(claimant: Claimant, formType: string, signature: string): Promise<void> {
  await claimant.get(`/${formType}/claim-summary`);
  const filed = await claimant.post(`/${formType}/claim-summary`, {
    "signature.attestation": "on",
    "signature.signature": signature,
    captchaToken: CAPTCHA_TOKEN,
  });
  if (filed.status !== 303 || filed.headers.get("location") !== `/${formType}/confirmation`)
    throw new UnexpectedReply(
      `filing a ${formType} claim: ${filed.status} ${filed.headers.get("location") ?? filed.text(".error-summary")}`,
    );
  const confirmation = await claimant.get(`/${formType}/confirmation`);
  if (confirmation.status !== 200) throw new UnexpectedReply(`${formType} confirmation: ${confirmation.status}`);
}

type Flow = {
  label: string;
  file: (portal: PortalServer, member: BenchMember) => Promise<FiledClaim>;
  claims: number;
  documentBytes: number;
};

/** The standard flow without a document: sign-in, three steps, the documents step left empty, summary, confirmation. */
const standardFlow: Flow = {
  label: "standard, no document",
  claims: CLAIMS,
  documentBytes: 0,
  async file(portal, member) {
    const claimant = newClaimant(portal);
    await claimant.signIn("standard", credentials(member));
    await claimant.complete("/standard/claimant-info", STANDARD_CLAIMANT);
    await claimant.complete("/standard/claim-details", STANDARD_DETAILS);
    await claimant.complete("/standard/payment-election", { "paymentElection.paymentMethod": "check" });
    await claimant.complete("/standard/supporting-documents", { intent: "continue" });
    await signAndFile(claimant, "standard", "Bo Lee");
    return { claimId: member.claimId, formType: "standard" };
  },
};

/** The reimbursement flow: its steps, then an expense added and saved with its receipt uploaded. */
const reimbursementFlow: Flow = {
  label: `reimbursement, a ${(DOCUMENT_BYTES / 2 ** 20).toFixed(1)} MB receipt`,
  claims: DOCUMENT_CLAIMS,
  documentBytes: DOCUMENT_BYTES,
  async file(portal, member) {
    const claimant = newClaimant(portal);
    await claimant.signIn("reimbursement", credentials(member));
    await claimant.complete("/reimbursement/claimant-info", AUTOMOTIVE_CLAIMANT);
    await claimant.complete("/reimbursement/claim-details", REIMBURSEMENT_DETAILS);
    await claimant.complete("/reimbursement/payment-election", { "paymentElection.paymentMethod": "check" });
    await claimant.get(DOCUMENTS_STEP);
    const expense = await addExpense(claimant, "Expense 1", "10");
    await uploadReceipt(claimant, expense, { name: "receipt.pdf", content: receipt });
    await claimant.complete(DOCUMENTS_STEP, { intent: "continue" });
    await signAndFile(claimant, "reimbursement", "Ana García");
    return { claimId: member.claimId, formType: "reimbursement", document: receipt };
  },
};

/** `count` claims of a flow, CLAIMANTS_AT_ONCE claimants at a time; the first failure stops them all. */
async function fileClaims(portal: PortalServer, flow: Flow, count: number, nextMember: () => BenchMember) {
  const filed: FiledClaim[] = [];
  let started = 0;
  let failure: unknown;
  await Promise.all(
    Array.from({ length: CLAIMANTS_AT_ONCE }, async () => {
      while (started < count && !failure) {
        started++;
        try {
          filed.push(await flow.file(portal, nextMember()));
        } catch (error) {
          failure ??= error;
        }
      }
    }),
  );
  if (failure) throw failure;
  return filed;
}

interface Measured {
  backend: Backend;
  flow: Flow;
  claims: number;
  requests: number;
  serverCpuMs: number;
  databaseCpuMs?: number;
  /** Bytes each table grew by (PostgreSQL only). */
  grown?: Map<string, number>;
  /** Write-ahead log PostgreSQL wrote over the run, what a replica or an archive receives (the whole cluster's: the bench's alone here). */
  walBytes?: number;
}

/** Where PostgreSQL's write-ahead log is now. */
const walPosition = async (client: pg.Client) =>
  (await client.query<{ lsn: string }>("SELECT pg_current_wal_lsn() AS lsn")).rows[0]!.lsn;

async function walSince(client: pg.Client, position: string): Promise<number> {
  const { rows } = await client.query<{ bytes: string }>("SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), $1) AS bytes", [
    position,
  ]);
  return Number(rows[0]!.bytes);
}

/** One flow on a running server: a warm-up, then `flow.claims` claims measured, then every claim read back. */
async function measure(
  portal: PortalServer,
  backend: Backend,
  flow: Flow,
  nextMember: () => BenchMember,
): Promise<Measured> {
  await readBack(portal, await fileClaims(portal, flow, WARM_UP, nextMember));
  const client = portal.databaseUrl ? new pg.Client({ connectionString: portal.databaseUrl }) : undefined;
  await client?.connect();
  try {
    const postmaster = client && (await postmasterOf(client));
    const tables = [...CLAIM_TABLES, ...DOCUMENT_TABLES];
    const bytesBefore = client && (await tableBytes(client, tables));
    const walBefore = client && (await walPosition(client));
    const requestsBefore = (await logCaughtUp(portal)).length;
    const serverBefore = processCpuMs(portal.process.pid!);
    const databaseBefore = postmaster && databaseCpuMs(postmaster);
    const filed = await fileClaims(portal, flow, flow.claims, nextMember);
    const serverCpuMs = processCpuMs(portal.process.pid!) - serverBefore;
    const databaseCpu =
      postmaster && databaseBefore !== undefined ? databaseCpuMs(postmaster) - databaseBefore : undefined;
    const statuses = (await logCaughtUp(portal)).slice(requestsBefore).map((request) => request.status);
    const walBytes = client && walBefore ? await walSince(client, walBefore) : undefined;
    const bytesAfter = client && (await tableBytes(client, tables));
    await readBack(portal, filed);
    const refused = statuses.filter((status) => status >= 400);
    if (refused.length > 0)
      throw new UnexpectedReply(
        `${flow.label} on ${backend}: the server answered ${refused.length} requests with ${[...new Set(refused)].join(", ")}`,
      );
    if (filed.length !== flow.claims || statuses.length === 0 || serverCpuMs <= 0)
      throw new UnexpectedReply(
        `${flow.label} on ${backend} measured nothing: ${filed.length} claims, ${statuses.length} requests logged, ${serverCpuMs} ms of CPU`,
      );
    return {
      backend,
      flow,
      claims: filed.length,
      requests: statuses.length,
      serverCpuMs,
      databaseCpuMs: databaseCpu,
      grown:
        bytesBefore &&
        bytesAfter &&
        new Map(tables.map((table) => [table, bytesAfter.get(table)! - bytesBefore.get(table)!])),
      walBytes,
    };
  } finally {
    await client?.end();
  }
}

/** The class-member list's bytes per member: LIST_MEMBERS members imported with `npm run portal -- import-members` into a fresh database. */
async function memberListBytes() {
  const folder = mkdtempSync(path.join(tmpdir(), "capacity-list-"));
  const list = path.join(folder, "members.csv");
  const rows = ["ClaimId,Pin,VIN,FirstName,LastName,Address1,City,State,Zip,Email"];
  for (let at = 0; at < LIST_MEMBERS; at++)
    rows.push(
      `${70_000_000 + at},${100_000 + (at % 900_000)},,Member,Number ${at},${at} Pine St,Seattle,WA,98111,m${at}@example.com`,
    );
  writeFileSync(list, `${rows.join("\n")}\n`);
  const databaseUrl = await freshDatabaseUrl();
  // DATABASE_URL in the bench's environment names the server to make databases on, not a store.
  const { DATABASE_URL: _server, ...inherited } = process.env;
  const imported = spawnSync(process.execPath, ["cli/portal.ts", "import-members", list], {
    env: {
      ...inherited,
      DATABASE_URL: databaseUrl,
      FIELD_ENCRYPTION_KEYS: TEST_FIELD_KEY,
      SETTLEMENT_DIR: settlementWith(),
    },
    encoding: "utf8",
  });
  if (imported.status !== 0)
    throw new Error(`import-members exited ${imported.status}: ${imported.stdout}${imported.stderr}`);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows: counted } = await client.query<{ current: string; all: string }>(
      "SELECT count(*) FILTER (WHERE l.current) AS current, count(*) AS all FROM class_members m JOIN class_member_lists l ON l.id = m.list_id",
    );
    if (Number(counted[0]!.current) !== LIST_MEMBERS)
      throw new UnexpectedReply(`the imported list holds ${counted[0]!.current} members, not ${LIST_MEMBERS}`);
    const bytes = (await tableBytes(client, ["class_members"])).get("class_members")!;
    return { members: LIST_MEMBERS, rows: Number(counted[0]!.all), bytes, output: imported.stdout.trim() };
  } finally {
    await client.end();
  }
}

const fixed = (value: number, digits = 2) => value.toFixed(digits);
const thousands = (value: number) => Math.round(value).toLocaleString("en-US");

function table(header: string[], rows: Array<Array<string | number>>) {
  console.log(`| ${header.join(" | ")} |`);
  console.log(`|${header.map(() => "---").join("|")}|`);
  for (const row of rows) console.log(`| ${row.join(" | ")} |`);
  console.log();
}

async function main() {
  const load = readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(", ");
  console.log(`## Capacity run ${new Date().toISOString()}`);
  console.log();
  console.log(
    `Machine: ${cpus().length} × ${cpus()[0]?.model ?? "CPU"}, Node ${process.version}, load average ${load} at the start; stores: ${BACKENDS.join(", ")}.`,
  );
  console.log();
  const settlement = capacitySettlement();
  const results: Measured[] = [];
  for (const backend of BACKENDS) {
    const portal = await startPortal({
      backend,
      settlementDir: settlement,
      env: { NODE_ENV: "production", PORTAL_TEST_CLOCK: "", FIELD_ENCRYPTION_KEYS: newFieldKey() },
    });
    requestsMade = 0;
    try {
      const nextMember = memberPool(2 * WARM_UP + CLAIMS + DOCUMENT_CLAIMS);
      for (const flow of [standardFlow, reimbursementFlow].filter((flow) => flow.claims > 0))
        results.push(await measure(portal, backend, flow, nextMember));
    } finally {
      await portal.stop();
    }
  }
  if (results.length === 0)
    throw new UnexpectedReply("no flow was run: CAPACITY_CLAIMS and CAPACITY_DOCUMENT_CLAIMS are both 0");
  console.log(
    `### CPU (${CLAIMANTS_AT_ONCE} claimants at a time, every redirect followed; every claim read back from the store)`,
  );
  console.log();
  table(
    [
      "store",
      "flow",
      "claims",
      "requests",
      "requests a claim",
      "server CPU ms a claim",
      "server CPU ms a request",
      "database CPU ms a claim",
      "database CPU ms a request",
    ],
    results.map((result) => [
      result.backend,
      result.flow.label,
      result.claims,
      result.requests,
      fixed(result.requests / result.claims, 1),
      fixed(result.serverCpuMs / result.claims, 1),
      fixed(result.serverCpuMs / result.requests),
      result.databaseCpuMs === undefined
        ? result.backend === "sqlite"
          ? "in the server's"
          : "not measured"
        : fixed(result.databaseCpuMs / result.claims, 1),
      result.databaseCpuMs === undefined ? "" : fixed(result.databaseCpuMs / result.requests),
    ]),
  );
  const stored = results.filter((result) => result.grown);
  if (stored.length === 0) {
    console.log("No PostgreSQL (DATABASE_URL unset): no bytes per claim, per document or per member.");
    return;
  }
  console.log("### PostgreSQL bytes (pg_total_relation_size growth: rows, indexes, TOAST, free space)");
  console.log();
  table(
    [
      "flow",
      ...CLAIM_TABLES.map((name) => `${name} a claim`),
      "claim tables a claim",
      ...DOCUMENT_TABLES.map((name) => `${name} a claim`),
      "document tables per MB uploaded",
      "write-ahead log a claim",
    ],
    stored.map((result) => {
      const grown = result.grown!;
      const claimTables = CLAIM_TABLES.reduce((sum, name) => sum + grown.get(name)!, 0);
      const documentTables = DOCUMENT_TABLES.reduce((sum, name) => sum + grown.get(name)!, 0);
      const uploaded = result.flow.documentBytes * result.claims;
      return [
        result.flow.label,
        ...CLAIM_TABLES.map((name) => thousands(grown.get(name)! / result.claims)),
        thousands(claimTables / result.claims),
        ...DOCUMENT_TABLES.map((name) => thousands(grown.get(name)! / result.claims)),
        uploaded
          ? `${fixed(documentTables / uploaded, 3)} MB (${thousands((documentTables - uploaded) / result.claims)} B a document beyond its own bytes)`
          : "",
        thousands(result.walBytes! / result.claims),
      ];
    }),
  );
  const list = await memberListBytes();
  console.log(
    `### The class-member list (\`npm run portal -- import-members\`, a fresh database): ${list.output.split("\n").at(-1)}`,
  );
  console.log();
  table(
    [
      "members in the current list",
      "rows in class_members (every list)",
      "class_members (pg_total_relation_size)",
      "bytes a member",
    ],
    [
      [
        thousands(list.members),
        thousands(list.rows),
        `${fixed(list.bytes / 2 ** 20, 1)} MB`,
        thousands(list.bytes / list.rows),
      ],
    ],
  );
}

try {
  await main();
} catch (error) {
  // No figures for a run that went wrong: the first unexpected reply, said plainly, and exit 1.
  console.error(
    `\nThe bench stopped: ${error instanceof UnexpectedReply ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  );
  process.exitCode = 1;
} finally {
  await siteverify.close();
}
