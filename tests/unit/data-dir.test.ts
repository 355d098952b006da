import { chmodSync, mkdirSync, mkdtempSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { type LogEntry, logInto } from "#app/log.server.ts";
import { openSqliteStore } from "#app/storage/sqlite-store.server.ts";
import { demoAnswers } from "#tests/support/server-state.ts";

const mode = (target: string) => (statSync(target).mode & 0o777).toString(8);

describe("the data folder is the portal user's alone", () => {
  test("made fresh: folders 0700, the database and its log 0600, whatever the umask", async () => {
    const dataDir = path.join(mkdtempSync(path.join(tmpdir(), "data-dir-")), "data");
    const umask = process.umask(0o000);
    try {
      const store = openSqliteStore(path.join(dataDir, "portal.sqlite"), demoAnswers());
      await store.touchSession("s", 1);
      expect([mode(dataDir), mode(path.join(dataDir, "documents"))]).toEqual(["700", "700"]);
      for (const name of ["portal.sqlite", "portal.sqlite-wal", "portal.sqlite-shm"])
        expect(mode(path.join(dataDir, name)), name).toBe("600");
      const document = await store.putDocument(
        { name: "a.pdf", mediaType: "application/pdf", owner: "session:s", formType: "standard" },
        [Buffer.from("%PDF-1.7")],
        1,
      );
      expect(mode(path.join(dataDir, "documents", document.id))).toBe("600");
      await store.close();
    } finally {
      process.umask(umask);
    }
  });

  test("left wide by an older release: the portal's own files and documents/ are tightened; the data folder itself is named in a warning, not changed", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "data-dir-old-"));
    chmodSync(dataDir, 0o755);
    mkdirSync(path.join(dataDir, "documents"), { mode: 0o755 });
    chmodSync(path.join(dataDir, "documents"), 0o755);
    writeFileSync(path.join(dataDir, "portal.sqlite"), "", { mode: 0o644 });
    chmodSync(path.join(dataDir, "portal.sqlite"), 0o644);
    const logged: LogEntry[] = [];
    const restore = logInto(logged);
    try {
      const store = openSqliteStore(path.join(dataDir, "portal.sqlite"), demoAnswers());
      await store.close();
    } finally {
      restore();
    }
    expect(mode(path.join(dataDir, "portal.sqlite"))).toBe("600");
    expect(mode(path.join(dataDir, "documents"))).toBe("700");
    expect(mode(dataDir)).toBe("755");
    expect(logged).toEqual([
      {
        level: "warn",
        message: `${dataDir} can be read by other users (mode 755); it holds claims: chmod 700 ${dataDir}`,
        fields: {},
      },
    ]);
  });
});
