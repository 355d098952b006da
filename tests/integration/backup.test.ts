import { mkdtempSync, readdirSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { openSqliteStore } from "#app/storage/sqlite-store.server.ts";
import { pdfOfSize, readAll } from "#tests/support/documents.ts";
import { demoAnswers } from "#tests/support/server-state.ts";

/**
 * Issue 23, finding 8: the documented SQLite backup (the database, then `cp -r documents/`) failed
 * while claimants uploaded ("cannot stat '…/documents/<id>.part'"), and its copy was 0644.
 */
const mode = (file: string) => (statSync(file).mode & 0o777).toString(8);

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
