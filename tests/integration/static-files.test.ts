import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Claimant } from "#tests/support/claimant.ts";
import { getPage, rawRequest } from "#tests/support/http.ts";
import { type PortalServer, startPortal } from "#tests/support/portal-server.ts";
import { staticFiles } from "#app/http/static-files.server.ts";

/**
 * Issue 14 item 2: the browser build's files are sent as the Brotli or gzip copies the build made
 * of them (never compressed again per request), and a page is rendered whole before it is sent, so
 * it is compressed once and its loader data is in it, not streamed after it with a swap script.
 */
let portal: PortalServer;
beforeAll(async () => {
  portal = await startPortal();
});
afterAll(() => portal.stop());

/** A raw answer: the bytes as sent (fetch would decompress them), and the headers. */
const raw = (pathname: string, headers: Record<string, string> = {}, method = "GET") =>
  rawRequest(portal.url, pathname, { method, headers });

describe("the browser build's files", () => {
  test("are sent as the build's Brotli or gzip copy, as the browser takes, the same file once decompressed", async () => {
    // The sign-in page loads no modules, but names the claim's first step's for the browser to
    // fetch (decision 042): first its enhancer (decision 044; files under 1 KB get no compressed
    // copies).
    const start = await getPage(`${portal.url}/standard`);
    const script = /"(\/assets\/enhance-step-form-[^"]+\.js)"/.exec(start.html)![1]!;
    const plain = await raw(script, { "accept-encoding": "identity" });
    expect(plain.status).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    // The enhancer's own (minified: few names to look for), over the 1 KB a compressed copy needs.
    expect(plain.body.toString()).toContain(".dataset.enhanced");

    const brotli = await raw(script, { "accept-encoding": "gzip, deflate, br" });
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(brotli.body)).toEqual(plain.body);
    const gzip = await raw(script, { "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.body)).toEqual(plain.body);
    // Zopfli's gzip (vite.config.ts): smaller than zlib's strongest level makes it.
    expect(gzip.body.length).toBeLessThan(gzipSync(plain.body, { level: 9 }).length);
    for (const reply of [plain, brotli, gzip]) {
      expect(reply.headers["content-type"]).toBe("text/javascript; charset=utf-8");
      expect(reply.headers.vary).toBe("Accept-Encoding");
      expect(reply.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(Number(reply.headers["content-length"])).toBe(reply.body.length);
    }
    // Each copy is its own representation: a cache must not answer one encoding's request with another's.
    expect(new Set([plain, brotli, gzip].map((reply) => reply.headers.etag)).size).toBe(3);
    const head = await raw(script, { "accept-encoding": "br" }, "HEAD");
    expect([head.status, head.headers["content-encoding"], head.body.length]).toEqual([200, "br", 0]);
  });

  test("a file outside /assets is cached for an hour; an address that is no file is the portal's", async () => {
    const icon = await raw("/favicon.svg");
    expect([icon.status, icon.headers["cache-control"], icon.headers["content-type"]]).toEqual([
      200,
      "public, max-age=3600",
      "image/svg+xml",
    ]);
    const missing = await raw("/assets/no-such-file.js");
    expect(missing.status).toBe(404);
    expect(missing.headers["content-type"]).toMatch(/^text\/html/);
    // A form posted to a file's address is not the file.
    const posted = await raw("/favicon.svg", {}, "POST");
    expect(posted.headers["content-type"]).not.toBe("image/svg+xml");
  });
});

test("a build installed under a folder named with a dot (~/.local) is served all the same", async () => {
  const root = path.join(mkdtempSync(path.join(tmpdir(), "static-")), ".local", "client");
  mkdirSync(path.join(root, "assets"), { recursive: true });
  const script = `export const a = "${"a".repeat(2000)}";`;
  writeFileSync(path.join(root, "assets", "app-abcdefgh.js"), script);
  writeFileSync(path.join(root, "assets", "app-abcdefgh.js.gz"), gzipSync(script));
  const app = express().use(staticFiles(root));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  try {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/assets/app-abcdefgh.js`;
    const reply = await fetch(url, { headers: { "accept-encoding": "gzip" } });
    expect([reply.status, reply.headers.get("content-encoding"), await reply.text()]).toEqual([200, "gzip", script]);
  } finally {
    server.close();
  }
});

describe("a page", () => {
  test("is sent whole: its loader data within it, no fallback to swap in, compressed as one as the browser takes it", async () => {
    const claimant = new Claimant(portal);
    await claimant.signIn("standard");
    const get = (acceptEncoding: string) =>
      raw("/standard/claimant-info", { cookie: claimant.cookieHeader(), "accept-encoding": acceptEncoding });
    const [plain, gzip, brotli] = [await get("identity"), await get("gzip, deflate"), await get("gzip, deflate, br")];
    expect([plain, gzip, brotli].map((reply) => [reply.status, reply.headers["content-encoding"]])).toEqual([
      [200, undefined],
      [200, "gzip"],
      [200, "br"],
    ]);
    for (const reply of [plain, gzip, brotli]) {
      expect(reply.headers.vary).toBe("Accept-Encoding");
      expect(Number(reply.headers["content-length"])).toBe(reply.body.length);
    }
    const htmls = [plain.body, gunzipSync(gzip.body), brotliDecompressSync(brotli.body)].map((body) => body.toString());
    // The same page each time, but for what every request has of its own: nonce, the server's time.
    const own = (html: string) => html.replace(/ nonce="[^"]*"/g, "").replace(/"now":\d+/, "");
    expect(new Set(htmls.map(own)).size).toBe(1);
    for (const html of htmls) {
      expect(html).toMatch(/^<!DOCTYPE html>[\s\S]*<\/html>$/);
      expect(html).toContain('<script type="application/json" id="page-data"');
      // React's markers of a boundary that missed the shell: a template to fill, a script to swap it.
      expect(html).not.toMatch(/<template id="B:|\$RC\(/);
    }
  });
});
