import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { MalformedUpload, receiveUpload, type UploadOptions } from "#app/documents/upload.server.ts";
import { openPostgresStore } from "#app/storage/postgres-store.server.ts";
import { openSqliteStore } from "#app/storage/sqlite-store.server.ts";
import type { Store } from "#app/storage/store.ts";
import { BACKENDS, freshDatabaseUrl } from "#tests/support/backends.ts";
import { PDF, pdfOfSize, RENAMED_EXECUTABLE, readAll } from "#tests/support/documents.ts";
import { demoAnswers } from "#tests/support/server-state.ts";

function multipart(parts: Array<[string, string | File]>): Request {
  const form = new FormData();
  for (const [name, value] of parts) form.append(name, value);
  return new Request("http://portal.test/upload", { method: "POST", body: form });
}

/** The streaming upload reader against each document store: what is kept, what is refused and why. */
describe.each(BACKENDS)("uploads into the %s store", (backend) => {
  let store: Store;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "upload-"));
    store =
      backend === "postgresql"
        ? openPostgresStore(await freshDatabaseUrl(), demoAnswers())
        : openSqliteStore(path.join(dataDir, "portal.sqlite"), demoAnswers());
  });
  afterAll(() => store.close());

  const options = (overrides: Partial<UploadOptions> = {}): UploadOptions => ({
    limits: {
      maxFileBytes: 1_000_000,
      maxClaimBytes: 1_500_000,
      maxFiles: 3,
      allowedTypes: ["pdf", "jpeg", "png", "heic", "tiff"],
    },
    store,
    owner: { owner: "member:10000001", formType: "standard" },
    now: 1,
    held: { bytes: 0, files: 0, names: [] },
    acceptsFile: (field) => field === "documentContexts.file",
    mayStore: (fields) => fields.get("csrf") === "ok",
    ...overrides,
  });

  test("a document is stored byte for byte under a random id, with its fields; its name is sanitised", async () => {
    const content = pdfOfSize(300_000);
    const received = await receiveUpload(
      multipart([
        ["csrf", "ok"],
        ["intent", "upload"],
        ["documentContexts.file", new File([content], "../../etc/Receipt:  March?.pdf", { type: "application/pdf" })],
        ["documentContexts.documentKind", "receipt"],
      ]),
      options(),
    );
    expect(received.fields.get("intent")).toBe("upload");
    expect(received.fields.get("documentContexts.documentKind")).toBe("receipt");
    const [file] = received.files;
    expect(file).toMatchObject({ field: "documentContexts.file", fileName: "Receipt March.pdf" });
    expect(file!.refusal).toBeUndefined();
    expect(file!.document).toMatchObject({
      name: "Receipt March.pdf",
      mediaType: "application/pdf",
      size: content.length,
    });
    expect(file!.document!.id).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(await readAll(store.readDocument(file!.document!.id))).toEqual(content);
  });

  test("refused with a reason, nothing stored: oversize, a renamed executable, an unknown type, a second file in one input", async () => {
    const received = await receiveUpload(
      multipart([
        ["csrf", "ok"],
        ["documentContexts.file", new File([pdfOfSize(1_000_001)], "big.pdf")],
        ["documentContexts.file", new File([PDF], "second.pdf")],
      ]),
      options(),
    );
    expect(received.files.map((file) => [file.fileName, file.refusal, file.document])).toEqual([
      ["big.pdf", "tooLarge", undefined],
      ["second.pdf", "multiple", undefined],
    ]);
    for (const [name, content, refusal] of [
      ["invoice.pdf", RENAMED_EXECUTABLE, "content"],
      ["setup.exe", RENAMED_EXECUTABLE, "extension"],
      ["notes.txt", Buffer.from("hello"), "extension"],
    ] as const) {
      const result = await receiveUpload(
        multipart([
          ["csrf", "ok"],
          ["documentContexts.file", new File([content], name)],
        ]),
        options(),
      );
      expect(result.files[0]).toMatchObject({ fileName: name, refusal });
      expect(result.files[0]!.document).toBeUndefined();
    }
    if (backend === "sqlite") expect(readdirSync(path.join(dataDir, "uploads-in-progress"))).toEqual([]);
  });

  test("the claim's limits count what it already holds: total size, number of files, names already used", async () => {
    const held = { bytes: 1_400_000, files: 1, names: ["Receipt.PDF"] };
    const tooMuch = await receiveUpload(
      multipart([
        ["csrf", "ok"],
        ["documentContexts.file", new File([pdfOfSize(200_000)], "more.pdf")],
      ]),
      options({ held }),
    );
    expect(tooMuch.files[0]!.refusal).toBe("claimTooLarge");
    const exists = await receiveUpload(
      multipart([
        ["csrf", "ok"],
        ["documentContexts.file", new File([PDF], "receipt.pdf")],
      ]),
      options({ held }),
    );
    expect(exists.files[0]!.refusal).toBe("exists");
    const full = await receiveUpload(
      multipart([
        ["csrf", "ok"],
        ["documentContexts.file", new File([PDF], "fourth.pdf")],
      ]),
      options({ held: { bytes: 0, files: 3, names: [] } }),
    );
    expect(full.files[0]!.refusal).toBe("tooManyFiles");
  });

  test("files before a valid CSRF token, in other inputs, or with no file chosen are dropped unread", async () => {
    const received = await receiveUpload(
      multipart([
        ["documentContexts.file", new File([PDF], "early.pdf")],
        ["csrf", "ok"],
        ["other.file", new File([PDF], "elsewhere.pdf")],
        ["documentContexts.file", new File([], "")],
      ]),
      options(),
    );
    expect(received.files).toEqual([]);
  });

  test("a body that is not the multipart it claims is a MalformedUpload", async () => {
    const request = new Request("http://portal.test/upload", {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=xyz" },
      body: '--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\nunterminated',
    });
    await expect(receiveUpload(request, options())).rejects.toBeInstanceOf(MalformedUpload);
    // A control character in a part's header, as a hand-made request could send.
    const controlInName = new Request("http://portal.test/upload", {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=xyz" },
      body: '--xyz\r\nContent-Disposition: form-data; name="documentContexts.file"; filename="a\u0000.pdf"\r\n\r\n%PDF-\r\n--xyz--\r\n',
    });
    await expect(receiveUpload(controlInName, options())).rejects.toBeInstanceOf(MalformedUpload);
    const noBoundary = new Request("http://portal.test/upload", {
      method: "POST",
      headers: { "content-type": "multipart/form-data" },
      body: "x",
    });
    await expect(receiveUpload(noBoundary, options())).rejects.toBeInstanceOf(MalformedUpload);
  });

  test("parts read past are reported: files where no file is taken, and (counted) parts with no name or not form-data, in chunks of any size", async () => {
    const body =
      "preamble\r\n" +
      '--xyz\r\nContent-Disposition: form-data; name="csrf"\r\n\r\nok\r\n' +
      '--xyz\r\nContent-Disposition: attachment; name="skipped"\r\n\r\n--xy--xyz text\r\n' +
      "--xyz\r\nContent-Disposition: form-data\r\n\r\nno name\r\n" +
      '--xyz\r\nContent-Disposition: form-data; name="claimantInfo"; filename="c.json"\r\n\r\n{}\r\n' +
      "--xyz\r\nContent-Type: text/plain\r\n\r\nno disposition\r\n" +
      "--xyz--\r\nepilogue --xyz\r\n";
    for (const size of [1, 2, 5, 7, 1000]) {
      const bytes = Buffer.from(body);
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          for (let at = 0; at < bytes.length; at += size) controller.enqueue(bytes.subarray(at, at + size));
          controller.close();
        },
      });
      const request = new Request("http://portal.test/upload", {
        method: "POST",
        headers: { "content-type": 'multipart/form-data; boundary="xyz"' },
        body: stream,
        duplex: "half",
      } as RequestInit);
      const received = await receiveUpload(request, options({ countParts: true }));
      expect([...received.fields.keys()], `chunks of ${size}`).toEqual(["csrf"]);
      expect(received.skipped, `chunks of ${size}`).toEqual({ files: ["claimantInfo"], unnamed: 3 });
    }
  });
});
