/**
 * The class-member list at a real settlement's size (issue 23): `npm run bench:members`.
 *
 *   BENCH_MEMBERS   how many members the list has (1,000,000)
 *   DATABASE_URL    also on PostgreSQL (a fresh database on that server), besides SQLite
 *
 * For each backend: writes a list of BENCH_MEMBERS members, imports it with `npm run portal --
 * import-members` (time, members a second, the command's peak memory), then starts a server on
 * the demo list and one on the imported list and compares their memory once a member has signed
 * in to each (the millionth, on the large one). What it counts is checked: the last member signs
 * in, one PIN off is refused, and the store holds every member.
 */
import { spawn } from "node:child_process";
import { createWriteStream, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import pg from "pg";
import { type Backend, BACKENDS, freshDatabaseUrl } from "#tests/support/backends.ts";
import { signInStatus } from "#tests/support/claimant.ts";
import { startPortal, TEST_FIELD_KEY } from "#tests/support/portal-server.ts";
import { settlementWith } from "#tests/support/settlement.ts";

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 1_000_000);
const FIRST = 60_000_000;
const pinOf = (at: number) => String(100_000 + (at % 900_000));

async function writeList(file: string): Promise<void> {
  const out = createWriteStream(file);
  const write = (text: string) =>
    out.write(text) ? undefined : new Promise<void>((resolve) => out.once("drain", () => resolve()));
  await write("ClaimId,Pin,VIN,FirstName,LastName,Address1,City,State,Zip,Email\n");
  for (let at = 0; at < MEMBERS; at++)
    await write(`${FIRST + at},${pinOf(at)},,Member,Number ${at},${at} Pine St,Seattle,WA,98111,m${at}@example.com\n`);
  await new Promise<void>((resolve) => out.end(() => resolve()));
}

/** A process's peak resident memory so far, in MB (VmHWM), or its current (VmRSS). */
function memoryOf(pid: number, field: "VmHWM" | "VmRSS"): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)![1]) / 1024;
}

/** Runs import-members on a store, polling its peak memory until it exits. */
async function importList(env: Record<string, string>, file: string) {
  const started = performance.now();
  // DATABASE_URL in the bench's environment names the server to make databases on, not a store.
  const { DATABASE_URL: _server, ...inherited } = process.env;
  const child = spawn(process.execPath, ["cli/portal.ts", "import-members", file], {
    env: { ...inherited, SETTLEMENT_DIR: settlement, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  let peak = 0;
  const poll = setInterval(() => {
    try {
      peak = Math.max(peak, memoryOf(child.pid!, "VmHWM"));
    } catch {}
  }, 50);
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  clearInterval(poll);
  if (code !== 0) throw new Error(`import-members exited ${code}: ${output}`);
  return { seconds: (performance.now() - started) / 1000, peakMb: peak, output: output.trim() };
}

async function storedMembers(env: Record<string, string>): Promise<number> {
  const sql =
    "SELECT count(*) AS count FROM class_members m JOIN class_member_lists l ON l.id = m.list_id AND l.current";
  if (env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    try {
      return Number((await client.query<{ count: string }>(sql)).rows[0]!.count);
    } finally {
      await client.end();
    }
  }
  const db = new DatabaseSync(path.join(env.DATA_DIR!, "portal.sqlite"), { readOnly: true });
  try {
    return Number((db.prepare(sql).get() as { count: number }).count);
  } finally {
    db.close();
  }
}

/** A server on a store, its memory once `claimId` has signed in (after a short settle). */
async function serverMemory(settlement: string, env: Record<string, string>, claimId: string, pin: string) {
  const portal = await startPortal({ settlementDir: settlement, env });
  try {
    if ((await signInStatus(portal, claimId, pin)) !== 303) throw new Error(`${claimId} could not sign in`);
    if ((await signInStatus(portal, claimId, pin === "999999" ? "999998" : "999999")) === 303)
      throw new Error(`${claimId} signed in with a wrong PIN`);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    return memoryOf(portal.process.pid!, "VmRSS");
  } finally {
    await portal.stop();
  }
}

async function storeFor(backend: Backend): Promise<Record<string, string>> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-members-"));
  return backend === "postgresql"
    ? { DATA_DIR: dataDir, DATABASE_URL: await freshDatabaseUrl(), FIELD_ENCRYPTION_KEYS: TEST_FIELD_KEY }
    : { DATA_DIR: dataDir };
}

const settlement = settlementWith();
const list = path.join(mkdtempSync(path.join(tmpdir(), "bench-list-")), "members.csv");
await writeList(list);
console.log(`A list of ${MEMBERS.toLocaleString("en-US")} members: ${list}`);
const rows: string[] = [];
for (const backend of BACKENDS) {
  const demoStore = await storeFor(backend);
  const demoMb = await serverMemory(settlement, demoStore, "10000001", "123456");
  const largeStore = await storeFor(backend);
  const imported = await importList(largeStore, list);
  const stored = await storedMembers(largeStore);
  if (stored !== MEMBERS) throw new Error(`${backend}: the store holds ${stored} members, not ${MEMBERS}`);
  const last = MEMBERS - 1;
  const largeMb = await serverMemory(settlement, largeStore, String(FIRST + last), pinOf(last));
  console.log(`${backend}: ${imported.output}`);
  rows.push(
    `| ${backend} | ${MEMBERS.toLocaleString("en-US")} | ${imported.seconds.toFixed(1)} s | ${Math.round(MEMBERS / imported.seconds).toLocaleString("en-US")} | ${imported.peakMb.toFixed(0)} MB | ${demoMb.toFixed(0)} MB | ${largeMb.toFixed(0)} MB | ${(largeMb - demoMb).toFixed(0)} MB |`,
  );
}
console.log(
  [
    "",
    "| store | members | import | members a second | import's peak memory | server, demo list | server, this list | difference |",
    "|---|---|---|---|---|---|---|---|",
    ...rows,
  ].join("\n"),
);
