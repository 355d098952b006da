import { execFileSync, spawn } from "node:child_process";
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { parseCsv } from "#app/claimants/csv.ts";
import type { DraftOwner, NewClaim, Store } from "#app/storage/store.ts";
import { BACKENDS } from "#tests/support/backends.ts";
import { pdfOfSize } from "#tests/support/documents.ts";
import { portalCommand, portalCommandEnvironment } from "#tests/support/portal-command.ts";
import { type PortalServer, startPortal } from "#tests/support/portal-server.ts";
import { withStore } from "#tests/support/server-state.ts";
import { settlementWith } from "#tests/support/settlement.ts";

const at = (iso: string) => Date.parse(iso);
/** More claims than one page of the export (500), so an export can stop between pages. */
const BULK = 520;
/** The bulk claim filed with a document: on the export's second page. */
const WITH_DOCUMENT = 510;
const bulkCode = (index: number) => `STD-BULK-${String(index).padStart(4, "0")}`;

/**
 * The export for a settlement of millions (issue 23): streamed JSON Lines, JSON and CSV, a window
 * of time by each claim's latest version (incremental exports), resumable after an interruption,
 * and never written through a symbolic link planted where it writes.
 */
describe.each(BACKENDS)("the claims export, on %s", (backend) => {
  let portal: PortalServer;
  const settlement = settlementWith();
  const receipt = pdfOfSize(20_000);
  let documentId: string;

  const file = (store: Store, owner: DraftOwner, code: string, firstName: string, now: number, extra = {}) =>
    store.submitClaim(
      owner,
      "standard",
      {
        draftId: `draft-${owner}`,
        member: { claimId: owner.slice(7), vin: null, verified: true, signInMethod: "claimIdPin" },
        models: { claimantInfo: { firstName, lastName: "Lee" } },
        records: {},
        documentIds: [],
        culture: "en",
        ...extra,
      } satisfies NewClaim,
      "amend",
      () => code,
      now,
    );

  beforeAll(async () => {
    portal = await startPortal({ backend, settlementDir: settlement });
    await withStore(portal, async (store) => {
      // The bulk, one a millisecond on the first of February.
      for (let index = 0; index < BULK; index++) {
        const now = at("2026-02-01T00:00:00Z") + index;
        const owner = `member:3${String(index).padStart(7, "0")}` as const;
        if (index === WITH_DOCUMENT) {
          const document = await store.putDocument(
            { name: "receipt.pdf", mediaType: "application/pdf", owner, formType: "standard" },
            [receipt],
            now,
          );
          documentId = document.id;
          await file(store, owner, bulkCode(index), "Ana", now, { documentIds: [documentId] });
        } else await file(store, owner, bulkCode(index), "Ana", now);
      }
      // Two days of claims; the first day's first claim amended on the second day.
      await file(store, "member:40000001", "STD-DAY1-0001", "Ana", at("2026-03-01T10:00:00Z"));
      await file(store, "member:40000002", "STD-DAY1-0002", "Bo", at("2026-03-01T23:59:59.999Z"));
      await file(store, "member:40000003", "STD-DAY2-0001", "Carmen", at("2026-03-02T00:00:00Z"));
      await file(store, "member:40000001", "unused", "Ana María", at("2026-03-02T09:00:00Z"));
      await file(store, "member:40000004", "STD-DAY3-0001", "Dee", at("2026-03-03T00:00:00Z"));
    });
  });
  afterAll(async () => {
    await portal.stop();
  });

  const exportTo = (out: string, ...args: string[]) =>
    portalCommand(portal, settlement, "export", "--out", out, ...args);
  const newFolder = () => mkdtempSync(path.join(tmpdir(), "export-"));
  const jsonLines = (out: string) =>
    readFileSync(path.join(out, "claims.jsonl"), "utf8")
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { referenceCode: string; version: number; answers: unknown });

  test("--out, or a folder the export makes inside it, that is a symbolic link: refused in one line, nothing written through it", async () => {
    const elsewhere = newFolder();
    const linked = path.join(newFolder(), "linked-out");
    symlinkSync(elsewhere, linked);
    const refused = await exportTo(linked);
    expect(refused.code, refused.stderr).toBe(1);
    expect(refused.stderr).toBe(
      `${linked}: a symbolic link: the export writes only into real folders, never through a link\n`,
    );
    expect(readdirSync(elsewhere)).toEqual([]);

    // A documents folder, or a claim's own folder inside it, planted as a link.
    const code = bulkCode(WITH_DOCUMENT);
    for (const planted of ["documents", `documents/${code}`]) {
      const out = newFolder();
      const target = newFolder();
      mkdirSync(path.join(out, path.dirname(planted)), { recursive: true });
      symlinkSync(target, path.join(out, planted));
      const answer = await exportTo(out, "--documents", "--until", "2026-02-02T00:00:00Z");
      expect(answer.code, planted).toBe(1);
      expect(answer.stderr, planted).toBe(
        `${path.join(out, planted)}: a symbolic link: the export writes only into real folders, never through a link\n`,
      );
      expect(readdirSync(target), planted).toEqual([]);
    }
  });

  test("JSON Lines: one claim a line, the same claims as claims.json and the CSV, in the order of their latest version", async () => {
    const out = newFolder();
    const result = await exportTo(out, "--format", "json,jsonl,csv");
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(new RegExp(`^Exported ${BULK + 4} claims to ${out}: claims.json, claims.jsonl, `));
    const lines = jsonLines(out);
    expect(lines).toEqual(JSON.parse(readFileSync(path.join(out, "claims.json"), "utf8")));
    const [header, ...rows] = parseCsv(readFileSync(path.join(out, "claims-standard.csv"), "utf8"));
    expect(rows.map((row) => row[header!.indexOf("referenceCode")])).toEqual(lines.map((claim) => claim.referenceCode));
    expect(lines.slice(-4).map((claim) => claim.referenceCode)).toEqual([
      "STD-DAY1-0002",
      "STD-DAY2-0001",
      "STD-DAY1-0001",
      "STD-DAY3-0001",
    ]);
    expect(readdirSync(out).filter((name) => name.includes("partial") || name.includes("progress"))).toEqual([]);
  });

  test("--since and --until: the claims whose latest version was filed in the window, an amended claim again in its amendment's", async () => {
    const day = async (since: string, until: string) => {
      const out = newFolder();
      const result = await exportTo(out, "--format", "jsonl", "--since", since, "--until", until);
      expect(result.code, result.stderr).toBe(0);
      // The next day's export starts where this one ends.
      expect(result.stdout).toContain(`Next incremental export: --since ${new Date(at(until)).toISOString()}`);
      return jsonLines(out).map((claim) => [claim.referenceCode, claim.version]);
    };
    expect(await day("2026-03-01T00:00:00Z", "2026-03-02T00:00:00Z")).toEqual([["STD-DAY1-0002", 1]]);
    expect(await day("2026-03-02T00:00:00Z", "2026-03-03T00:00:00Z")).toEqual([
      ["STD-DAY2-0001", 1],
      ["STD-DAY1-0001", 2],
    ]);
    // The same window in Los Angeles time: a zone's offset is honoured.
    expect(await day("2026-03-01T15:59:59.999-08:00", "2026-03-02T16:00:00-08:00")).toEqual([
      ["STD-DAY1-0002", 1],
      ["STD-DAY2-0001", 1],
      ["STD-DAY1-0001", 2],
    ]);
  });

  test("an export that stops part-way is resumed with --resume and ends with exactly the files of one that did not stop", async () => {
    const args = ["--format", "json,jsonl,csv", "--documents", "--until", "2026-04-01T00:00:00Z"];
    const whole = newFolder();
    expect((await exportTo(whole, ...args)).code).toBe(0);

    // The document on the second page is damaged: the export stops there, its first page done.
    const restore = await damageDocument(portal, documentId);
    const out = newFolder();
    const stopped = await exportTo(out, ...args);
    expect(stopped.code).toBe(1);
    expect(stopped.stderr).toContain("does not match its SHA-256");
    expect(readdirSync(out)).not.toContain("claims.jsonl");
    expect(readdirSync(out)).toContain("export-progress.json");
    // Starting afresh over it is refused: it would mix two exports.
    const again = await exportTo(out, ...args);
    expect(again.code).toBe(1);
    expect(again.stderr).toBe(
      `${out} holds an export that did not finish: add --resume to finish it, or export to another folder\n`,
    );
    // What a process killed mid-page leaves: bytes past the last page it recorded as done.
    for (const name of readdirSync(out).filter((candidate) => candidate.endsWith(".partial")))
      appendFileSync(path.join(out, name), '{"referenceCode":"half-writ');
    await restore();

    // Resumed on another store (a timer job without DATABASE_URL, say) it is refused: it would end
    // with another store's claims where this one's are missing.
    const elsewhere = await portalCommand(
      { ...portal, databaseUrl: undefined, dataDir: newFolder() },
      settlement,
      "export",
      "--out",
      out,
      "--resume",
    );
    expect(elsewhere.code).toBe(1);
    expect(elsewhere.stderr).toMatch(
      /holds an export of (postgresql|sqlite):.*, not of sqlite:.*: resume it with the store it started on/,
    );
    // Options other than those it started with are refused; the same ones, or none, resume it.
    const other = await exportTo(out, "--resume", "--format", "jsonl");
    expect(other.code).toBe(1);
    expect(other.stderr).toContain("--format differs from the export being resumed (json,jsonl,csv)");
    const resumed = await exportTo(out, "--resume");
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stdout).toMatch(new RegExp(`^Exported ${BULK + 4} claims and 1 documents to ${out}:`));
    expect(filesOf(out)).toEqual(filesOf(whole));
    const lines = jsonLines(out);
    expect(new Set(lines.map((claim) => claim.referenceCode)).size).toBe(lines.length);
  });

  test("an export killed part-way (SIGKILL) is resumed and ends with exactly the files of one that was not", async () => {
    const args = ["--format", "json,jsonl,csv", "--documents", "--until", "2026-04-01T00:00:00Z"];
    const whole = newFolder();
    expect((await exportTo(whole, ...args)).code).toBe(0);

    // The export is held at the second page's document, its first page recorded, and killed there.
    const release = await holdDocument(portal, documentId);
    const out = newFolder();
    const exporting = spawn(process.execPath, ["cli/portal.ts", "export", "--out", out, ...args], {
      env: portalCommandEnvironment(portal, settlement),
      stdio: "ignore",
    });
    const exited = new Promise((resolve) => exporting.on("exit", (_code, signal) => resolve(signal)));
    const progressFile = path.join(out, "export-progress.json");
    for (let tries = 0; tries < 600 && !(existsSync(progressFile) && progressOf(progressFile).claims >= 500); tries++)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(progressOf(progressFile).claims).toBe(500);
    exporting.kill("SIGKILL");
    expect(await exited).toBe("SIGKILL");
    await release();

    const resumed = await exportTo(out, "--resume");
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(filesOf(out)).toEqual(filesOf(whole));
  });
});

/** Refused before the store is opened: the same on every backend. */
describe("the claims export's options", () => {
  test("a date-time the export cannot read, or a window that ends before it starts: a clear message, exit 2, nothing exported", async () => {
    const example = "e.g. 2026-03-01T00:00:00-08:00";
    const cases: Array<[string[], string]> = [
      [["--since", "yesterday"], '--since "yesterday" is not a date-time'],
      [["--since", "2026-02-30T00:00:00Z"], '--since "2026-02-30T00:00:00Z" is not a date-time'],
      [["--until", "2026-03-01T00:00:00"], '--until "2026-03-01T00:00:00" has no time zone'],
      [["--until", "2026-03-01"], '--until "2026-03-01" has no time zone'],
      [
        ["--since", "2026-03-02T00:00:00Z", "--until", "2026-03-01T00:00:00Z"],
        "--until (2026-03-01T00:00:00.000Z) must be after --since (2026-03-02T00:00:00.000Z)",
      ],
      [["--format", "xml"], "--format takes json, jsonl or csv, or several of them separated by commas"],
    ];
    for (const [args, message] of cases) {
      const out = mkdtempSync(path.join(tmpdir(), "export-"));
      const answer = await portalCommand(undefined, settlementWith(), "export", "--out", out, ...args);
      expect(answer.code, args.join(" ")).toBe(2);
      expect(answer.stderr, args.join(" ")).toContain(message);
      if (args[0] !== "--format") expect(answer.stderr, args.join(" ")).toContain(example);
      expect(readdirSync(out), args.join(" ")).toEqual([]);
    }
  });
});

/** Every file under a folder, by its path inside it, with its content. */
function filesOf(folder: string): Record<string, string> {
  return Object.fromEntries(
    (
      readdirSync(folder, { recursive: true, withFileTypes: true }) as Array<{
        parentPath: string;
        name: string;
        isFile(): boolean;
      }>
    )
      .filter((entry) => entry.isFile())
      .map((entry) => {
        const file = path.join(entry.parentPath, entry.name);
        return [path.relative(folder, file), readFileSync(file, "latin1")];
      }),
  );
}

const progressOf = (file: string) => JSON.parse(readFileSync(file, "utf8")) as { claims: number };

/**
 * Makes reading a stored document wait until released: on SQLite its file becomes a named pipe
 * nobody writes to; on PostgreSQL its chunks' table is locked. Resolves to what releases it, as it was.
 */
async function holdDocument(portal: PortalServer, id: string): Promise<() => Promise<void>> {
  if (!portal.databaseUrl) {
    const stored = path.join(portal.dataDir, "documents", id);
    const original = readFileSync(stored);
    rmSync(stored);
    execFileSync("mkfifo", [stored]);
    return async () => {
      rmSync(stored);
      writeFileSync(stored, original);
    };
  }
  const client = new pg.Client({ connectionString: portal.databaseUrl });
  await client.connect();
  await client.query("BEGIN; LOCK TABLE document_chunks IN ACCESS EXCLUSIVE MODE");
  return async () => {
    await client.query("ROLLBACK");
    await client.end();
  };
}

/** Changes a stored document's bytes, as a disk fault would; resolves to what puts them back. */
async function damageDocument(portal: PortalServer, id: string): Promise<() => Promise<void>> {
  if (!portal.databaseUrl) {
    const stored = path.join(portal.dataDir, "documents", id);
    const original = readFileSync(stored);
    writeFileSync(stored, "damaged");
    return async () => writeFileSync(stored, original);
  }
  const client = new pg.Client({ connectionString: portal.databaseUrl });
  await client.connect();
  const { rows } = await client.query<{ seq: number; data: Buffer }>(
    "SELECT seq, data FROM document_chunks WHERE document_id = $1 ORDER BY seq",
    [id],
  );
  await client.query("UPDATE document_chunks SET data = $2 WHERE document_id = $1", [id, Buffer.from("damaged")]);
  return async () => {
    for (const row of rows)
      await client.query("UPDATE document_chunks SET data = $3 WHERE document_id = $1 AND seq = $2", [
        id,
        row.seq,
        row.data,
      ]);
    await client.end();
  };
}
