import { createHash } from "node:crypto";
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { DatabaseSync } from "node:sqlite";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { openSqliteStore } from "#app/storage/sqlite-store.server.ts";
import { allClaims } from "#app/storage/store.ts";
import { Claimant } from "#tests/support/claimant.ts";
import { AUTOMOTIVE_CLAIMANT, REIMBURSEMENT_DETAILS } from "#tests/support/demo-answers.ts";
import { pdfOfSize, readAll } from "#tests/support/documents.ts";
import {
  addExpense,
  DOCUMENTS_STEP,
  type FiledClaim,
  fileReimbursementClaim,
  uploadReceipt,
} from "#tests/support/filing.ts";
import { portalCommand } from "#tests/support/portal-command.ts";
import { type PortalServer, startPortal } from "#tests/support/portal-server.ts";
import { demoAnswers, withStore } from "#tests/support/server-state.ts";
import { DEMO_SETTLEMENT } from "#tests/support/settlement.ts";

/**
 * Issue 23, finding 8: the documented SQLite backup (the database, then `cp -r documents/`) failed
 * while claimants uploaded ("cannot stat '…/documents/<id>.part'"), and its copy was 0644.
 */
const ACCOUNT = "4417123456789012";
const mode = (file: string) => (statSync(file).mode & 0o777).toString(8);
const sha256 = (content: Uint8Array) => createHash("sha256").update(content).digest("hex");

/** Every file and folder under `folder`, as paths relative to it. */
const everything = (folder: string): string[] => readdirSync(folder, { recursive: true, encoding: "utf8" }).sort();

describe("uploads in the SQLite store", () => {
  test("a document being written is outside documents/ until it is whole, so a copy of documents/ never meets a part of one", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "uploading-"));
    const store = openSqliteStore(path.join(dataDir, "portal.sqlite"), demoAnswers());
    try {
      let firstChunkWritten!: () => void;
      const written = new Promise<void>((resolve) => {
        firstChunkWritten = resolve;
      });
      let finish!: () => void;
      const rest = new Promise<void>((resolve) => {
        finish = resolve;
      });
      const content = pdfOfSize(20_000);
      async function* upload() {
        yield content.subarray(0, 10_000);
        // The store asks for the next chunk once it has written the one before.
        firstChunkWritten();
        await rest;
        yield content.subarray(10_000);
      }
      const stored = store.putDocument(
        { name: "receipt.pdf", mediaType: "application/pdf", owner: "member:10000001", formType: "reimbursement" },
        upload(),
        1,
      );
      await written;
      expect(readdirSync(path.join(dataDir, "documents"))).toEqual([]);
      expect(readdirSync(path.join(dataDir, "uploads-in-progress"))).toHaveLength(1);
      expect(mode(path.join(dataDir, "uploads-in-progress"))).toBe("700");
      finish();
      const document = await stored;
      expect(readdirSync(path.join(dataDir, "documents"))).toEqual([document.id]);
      expect(readdirSync(path.join(dataDir, "uploads-in-progress"))).toEqual([]);
      expect(await readAll(store.readDocument(document.id))).toEqual(content);
    } finally {
      await store.close();
    }
  });
});

describe("npm run portal -- backup", () => {
  test("while claimants upload: a copy only the operator can read, which a server starts on, every claim and document in it whole", async () => {
    const portal = await startPortal();
    try {
      // Claims with documents and bank numbers, filed before the backup.
      const filed: FiledClaim[] = [];
      for (let index = 0; index < 2; index++)
        filed.push(
          await fileReimbursementClaim(portal, [{ name: `receipt-${index}.pdf`, content: pdfOfSize(40_000) }]),
        );

      // Claimants upload receipts, one after another, from before the backup starts until it is done.
      let backupStarted = false;
      let backupDone = false;
      let uploadedMeanwhile = 0;
      const uploader = async (index: number, uploaded: () => void) => {
        const claimant = await atDocuments(portal);
        const expense = await addExpense(claimant, `Expense ${index}`, "10");
        // Bounded: the demo takes up to 20 files a claim.
        for (let round = 0; round < 19 && !backupDone; round++) {
          await uploadReceipt(claimant, expense, { name: `r${index}-${round}.pdf`, content: pdfOfSize(150_000) });
          if (backupStarted) uploadedMeanwhile++;
          uploaded();
        }
        return claimant;
      };
      const firstUploads: Array<Promise<void>> = [];
      const uploading = Promise.all(
        [1, 2, 3].map((index) => {
          let uploaded!: () => void;
          firstUploads.push(new Promise((resolve) => (uploaded = resolve)));
          return uploader(index, uploaded);
        }),
      );
      await Promise.all(firstUploads);
      backupStarted = true;
      const destination = path.join(mkdtempSync(path.join(tmpdir(), "backups-")), "nightly");
      const backup = await portalCommand(portal, portal.settlementDir, "backup", destination).finally(() => {
        backupDone = true;
      });
      const uploaders = await uploading;
      expect(backup.code, backup.stderr).toBe(0);
      expect(backup.stdout).toContain(`Backed up 2 claims`);
      console.log(`${uploadedMeanwhile} receipts uploaded while the backup ran:\n${backup.stdout}`);

      // Only the operator can read it: the folders 0700, every file 0600.
      expect(mode(destination)).toBe("700");
      for (const name of everything(destination)) {
        const file = path.join(destination, name);
        expect(mode(file), name).toBe(statSync(file).isDirectory() ? "700" : "600");
      }
      expect(everything(destination)).toEqual(expect.arrayContaining(["portal.sqlite", "documents", "session-secret"]));
      expect(everything(destination)).not.toContain("field-keys");

      // Restored: the copy as a data folder, with the key file kept apart put back.
      copyFileSync(path.join(portal.dataDir, "field-keys"), path.join(destination, "field-keys"));
      const restored = await startPortal({ env: { DATA_DIR: destination } });
      try {
        expect((await fetch(`${restored.url}/healthz`)).status).toBe(200);
        await withStore(restored, async (store) => {
          const claims = [];
          for await (const claim of allClaims(store)) claims.push(claim);
          expect(claims.map((claim) => claim.referenceCode).sort()).toEqual(
            filed.map((claim) => claim.referenceCode).sort(),
          );
          // Every document the backup names is there, whole.
          const db = new DatabaseSync(path.join(destination, "portal.sqlite"), { readOnly: true });
          const rows = db.prepare("SELECT id, sha256, reference_code FROM documents").all() as Array<{
            id: string;
            sha256: string;
            reference_code: string | null;
          }>;
          db.close();
          expect(rows.filter((row) => row.reference_code).length).toBe(2);
          expect(rows.length).toBeGreaterThan(2);
          expect(readdirSync(path.join(destination, "documents")).sort()).toEqual(rows.map((row) => row.id).sort());
          for (const row of rows) expect(sha256(await readAll(store.readDocument(row.id))), row.id).toBe(row.sha256);
          // The drafts' bank numbers read back with the key put back.
          for (const claimant of uploaders) {
            const draft = await store.getDraft(`member:${claimant.claimId}`, "reimbursement");
            expect(draft?.models.paymentElection?.accountNumber).toBe(ACCOUNT);
          }
        });
      } finally {
        await restored.stop();
      }
    } finally {
      await portal.stop();
    }
  }, 120_000);

  test("refuses a destination that is not an empty folder of its own: one with files, a symlink, a file", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "backed-up-"));
    await openSqliteStore(path.join(dataDir, "portal.sqlite"), demoAnswers()).close();
    const portal = { dataDir } as PortalServer;
    const parent = mkdtempSync(path.join(tmpdir(), "backups-"));
    const used = path.join(parent, "used");
    mkdirSync(used);
    writeFileSync(path.join(used, "portal.sqlite"), "an older backup");
    const elsewhere = mkdtempSync(path.join(tmpdir(), "elsewhere-"));
    symlinkSync(elsewhere, path.join(parent, "link"));
    writeFileSync(path.join(parent, "file"), "");
    for (const [name, reason] of [
      ["used", "is not empty"],
      ["link", "is a symbolic link"],
      ["file", "is not a folder"],
    ] as const) {
      const refused = await portalCommand(portal, DEMO_SETTLEMENT, "backup", path.join(parent, name));
      expect(refused.code, name).toBe(1);
      expect(refused.stderr, name).toContain(`${path.join(parent, name)} ${reason}`);
    }
    expect(readFileSync(path.join(used, "portal.sqlite"), "utf8")).toBe("an older backup");
    expect(readdirSync(elsewhere)).toEqual([]);
    expect((await portalCommand(portal, DEMO_SETTLEMENT, "backup")).code).toBe(2);
  });

  test("with PostgreSQL, says to use pg_dump and does nothing", async () => {
    const destination = path.join(mkdtempSync(path.join(tmpdir(), "backups-")), "nightly");
    const result = await portalCommand(
      {
        dataDir: mkdtempSync(path.join(tmpdir(), "cli-data-")),
        databaseUrl: "postgres://127.0.0.1:1/none",
      } as PortalServer,
      DEMO_SETTLEMENT,
      "backup",
      destination,
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("pg_dump");
    expect(() => statSync(destination)).toThrow();
  });
});

/** A claimant signed in to the reimbursement flow, at its documents step. */
async function atDocuments(portal: PortalServer): Promise<Claimant> {
  const claimant = new Claimant(portal);
  await claimant.signIn("reimbursement");
  await claimant.complete("/reimbursement/claimant-info", AUTOMOTIVE_CLAIMANT);
  await claimant.complete("/reimbursement/claim-details", REIMBURSEMENT_DETAILS);
  await claimant.complete("/reimbursement/payment-election", {
    "paymentElection.paymentMethod": "directDeposit",
    "paymentElection.routingNumber": "021000021",
    "paymentElection.accountNumber": ACCOUNT,
    "paymentElection.accountType": "checking",
  });
  await claimant.get(DOCUMENTS_STEP);
  return claimant;
}
