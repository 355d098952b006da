/**
 * `npm run bench`: the portal's figures, printed as markdown tables (and written to
 * tests/bench/results.md). Not pass/fail: docs/performance.md records a run and the targets.
 *
 *   BENCH_SECONDS (10)  how long each throughput run lasts
 *   DATABASE_URL        a PostgreSQL server to make a database on (else PostgreSQL is skipped)
 */
import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { cpus, tmpdir, totalmem } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { BACKENDS } from "#tests/support/backends.ts";
import { Claimant } from "#tests/support/claimant.ts";
import { STANDARD_CLAIMANT, STANDARD_DETAILS } from "#tests/support/demo-answers.ts";
import { pdfOfSize } from "#tests/support/documents.ts";
import { fileReimbursementClaim } from "#tests/support/filing.ts";
import { startFakeSiteverify } from "#tests/support/fake-siteverify.ts";
import { type PortalOptions, type PortalServer, startPortal as startTestPortal } from "#tests/support/portal-server.ts";
import { processMemory, resetPeakMemory } from "#tests/support/server-state.ts";
import { settlementWith } from "#tests/support/settlement.ts";
import { agent, call, percentile } from "./http-client.ts";
import { CAPTCHA_TOKEN, fileStandardClaim, fileStandardClaimByApi } from "./flows.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const siteverify = await startFakeSiteverify();

/**
 * The portal as it runs in production (NODE_ENV=production: React's production build, no test
 * clock), its captcha verified by a local stand-in for the provider's siteverify.
 */
function startPortal(options: PortalOptions = {}): Promise<PortalServer> {
  const settlementDir =
    options.settlementDir ??
    settlementWith(
      (config) => {
        (config.captcha as Record<string, unknown>).verifyUrl = siteverify.url;
      },
      { testCaptcha: false },
    );
  return startTestPortal({ ...options, settlementDir, env: { NODE_ENV: "production", PORTAL_TEST_CLOCK: "", ...options.env } });
}
const newClaimant = (portal: PortalServer) => new Claimant(portal, {}, CAPTCHA_TOKEN);
const CONNECTIONS = 50;
const output: string[] = [];

function print(text = "") {
  console.log(text);
  output.push(text);
}

function table(header: string[], rows: Array<Array<string | number>>) {
  print(`| ${header.join(" | ")} |`);
  print(`|${header.map(() => "---").join("|")}|`);
  for (const row of rows) print(`| ${row.join(" | ")} |`);
  print();
}

const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function load(url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers: { "accept-encoding": "gzip", ...headers } });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

/** Step page against Express serving the same HTML as a file: the ratio is what a noisy machine cannot blur. */
async function stepPageVersusStatic(portal: PortalServer) {
  const claimant = newClaimant(portal);
  await claimant.signIn("standard", { "credentials.claimId": "10000006", "credentials.pin": "777888" });
  const page = await claimant.get("/standard/claimant-info");
  const folder = mkdtempSync(path.join(tmpdir(), "bench-static-"));
  writeFileSync(path.join(folder, "step.html"), page.html);
  const server = spawn(process.execPath, ["tests/bench/static-server.ts", folder], { stdio: ["ignore", "pipe", "inherit"] });
  const port = await new Promise<number>((resolve) => server.stdout.once("data", (chunk: Buffer) => resolve(JSON.parse(chunk.toString()).port)));
  try {
    const cookie = claimant.cookieHeader();
    resetPeakMemory(portal.process.pid!);
    const step = await load(`${portal.url}/standard/claimant-info`, { cookie });
    const peak = processMemory(portal.process.pid!).peak;
    const file = await load(`http://127.0.0.1:${port}/step.html`);
    print(`### Step page vs the same HTML as a static file (${CONNECTIONS} connections, ${SECONDS} s each)`);
    print();
    table(
      ["", "requests/s", "p50 ms", "p99 ms", "errors"],
      [
        ["step page (/standard/claimant-info, SSR, session checked)", step.rps.toFixed(0), step.p50, step.p99, step.errors],
        ["static file (Express, same HTML)", file.rps.toFixed(0), file.p50, file.p99, file.errors],
        ["ratio", (step.rps / file.rps).toFixed(2), "", "", ""],
      ],
    );
    return peak;
  } finally {
    server.kill("SIGTERM");
  }
}

/** Complete claims per second: as many claimants as connections, each filing claim after claim. */
async function claimsPerSecond(base: string, file: (base: string) => Promise<void>, concurrency = 16) {
  const latencies: number[] = [];
  let failures = 0;
  let firstFailure = "";
  const until = Date.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < until) {
        const started = performance.now();
        try {
          await file(base);
          latencies.push(performance.now() - started);
        } catch (error) {
          failures++;
          firstFailure ||= `${String(error)} ${String((error as { cause?: unknown }).cause ?? "")}`;
        }
      }
    }),
  );
  if (firstFailure) console.error(`first failure: ${firstFailure}`);
  return { perSecond: latencies.length / SECONDS, p50: percentile(latencies, 50), p99: percentile(latencies, 99), failures };
}

async function claimsBenchmarks() {
  const document = pdfOfSize(1024 * 1024);
  const rows: Array<Array<string | number>> = [];
  const memoryRows: Array<Array<string | number>> = [];
  for (const backend of BACKENDS) {
    const portal = await startPortal({ backend });
    try {
      const pid = portal.process.pid!;
      await fileStandardClaim(portal.url);
      const rest = processMemory(pid).rss;
      resetPeakMemory(pid);
      for (const [label, file] of [
        ["pages (8 requests), no document", (base: string) => fileStandardClaim(base)],
        ["pages, a 1 MB document", (base: string) => fileStandardClaim(base, document)],
        ["JSON API (3 requests), no document", (base: string) => fileStandardClaimByApi(base)],
        ["JSON API, a 1 MB document", (base: string) => fileStandardClaimByApi(base, document)],
      ] as const) {
        const result = await claimsPerSecond(portal.url, file);
        rows.push([backend, label, result.perSecond.toFixed(1), result.p50.toFixed(0), result.p99.toFixed(0), result.failures]);
      }
      memoryRows.push([backend, mb(rest), mb(processMemory(pid).peak)]);
    } finally {
      await portal.stop();
    }
  }
  print(`### Complete claims per second (16 claimants at once, ${SECONDS} s each)`);
  print();
  table(["store", "how", "claims/s", "p50 ms per claim", "p99 ms per claim", "failures"], rows);
  return memoryRows;
}

/** What a claimant's browser downloads per page kind, gzipped: HTML, CSS, JavaScript. */
async function bytesPerPage() {
  const portal = await startPortal();
  try {
    const claimant = newClaimant(portal);
    await fileReimbursementClaim(portal, [{ name: "receipt.pdf", content: pdfOfSize(10_000) }], claimant);
    const stepper = newClaimant(portal);
    await stepper.signIn("reimbursement");
    const pages: Array<[string, string, Claimant | undefined]> = [
      ["start page (sign-in)", "/automotive", undefined],
      ["step page (claimant info)", "/reimbursement/claimant-info", stepper],
      ["documents page", "/reimbursement/supporting-documents", claimant],
      ["summary", "/reimbursement/claim-summary", claimant],
      ["confirmation", "/reimbursement/confirmation", claimant],
      ["lookup", "/lookup", undefined],
      ["not found", "/no-such-page", undefined],
    ];
    const cache = new Map<string, number>();
    const gz = async (url: string) => {
      if (!cache.has(url)) cache.set(url, gzipSync((await call(url)).body).length);
      return cache.get(url)!;
    };
    const rows: Array<Array<string | number>> = [];
    for (const [label, pathname, who] of pages) {
      const page = await call(`${portal.url}${pathname}`, { headers: who ? { cookie: who.cookieHeader() } : {} });
      const html = gzipSync(page.body).length;
      const css = [...page.body.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((match) => match[1]!);
      const js = new Set([...page.body.matchAll(/<link rel="modulepreload" href="([^"]+)"/g), ...page.body.matchAll(/import\("([^"]+\.js)"\)/g), ...page.body.matchAll(/<script[^>]+src="([^"]+)"/g)].map((match) => match[1]!));
      let cssBytes = 0;
      for (const href of css) cssBytes += await gz(new URL(href, portal.url).toString());
      let jsBytes = 0;
      let textsBytes = 0;
      for (const href of js) {
        const bytes = await gz(new URL(href, portal.url).toString());
        if (href.startsWith("/texts/")) textsBytes += bytes;
        else jsBytes += bytes;
      }
      rows.push([label, page.status, kb(html), kb(cssBytes), kb(jsBytes), kb(textsBytes)]);
    }
    print("### Bytes per page kind (gzip, as the browser downloads them)");
    print();
    table(["page", "status", "HTML", "CSS", "JavaScript", "texts script (cached across pages)"], rows);
  } finally {
    await portal.stop();
  }
}

/** Peak memory while a 50 MB document is uploaded: the first upload of a process, then the next. */
async function uploadMemory() {
  const settlement = settlementWith(
    (config) => {
      config.uploads = { maxFileBytes: 60 * 2 ** 20, maxClaimBytes: 200 * 2 ** 20 };
      (config.captcha as Record<string, unknown>).verifyUrl = siteverify.url;
    },
    { testCaptcha: false },
  );
  const rows: Array<Array<string | number>> = [];
  for (const backend of BACKENDS) {
    const portal = await startPortal({ backend, settlementDir: settlement });
    try {
      const claimant = newClaimant(portal);
      await claimant.signIn("standard", { "credentials.claimId": "10000006", "credentials.pin": "777888" });
      await claimant.complete("/standard/claimant-info", STANDARD_CLAIMANT);
      await claimant.complete("/standard/claim-details", STANDARD_DETAILS);
      await claimant.complete("/standard/payment-election", { "paymentElection.paymentMethod": "check" });
      const big = pdfOfSize(50 * 2 ** 20);
      const growth: number[] = [];
      for (const name of ["first.pdf", "second.pdf", "third.pdf"]) {
        await claimant.get("/standard/supporting-documents");
        const pid = portal.process.pid!;
        resetPeakMemory(pid);
        const before = processMemory(pid).rss;
        const started = performance.now();
        const reply = await claimant.postMultipart("/standard/supporting-documents", { records: "documentContexts", record: "new", intent: "upload", "documentContexts.documentKind": "receipt" }, { "documentContexts.file": { name, content: big } });
        if (reply.status !== 303) throw new Error(`upload answered ${reply.status}`);
        growth.push(processMemory(pid).peak - before);
        if (name === "first.pdf") rows.push([backend, "upload time", `${((performance.now() - started) / 1000).toFixed(2)} s`]);
      }
      rows.push([backend, "peak RSS growth, 1st / 2nd / 3rd upload", growth.map((bytes) => `${mb(bytes)} (${((bytes / big.length) * 100).toFixed(1)}%)`).join(" / ")]);
    } finally {
      await portal.stop();
    }
  }
  print("### A 50 MB upload");
  print();
  table(["store", "measure", "value"], rows);
}

async function main() {
  print(`## Benchmark run ${new Date().toISOString()}`);
  print();
  print(`Machine: ${cpus().length} × ${cpus()[0]?.model ?? "CPU"}, ${mb(totalmem())} RAM, Node ${process.version}; stores: ${BACKENDS.join(", ")}.`);
  print();
  const portal = await startPortal();
  const rest = processMemory(portal.process.pid!).rss;
  let stepPeak = 0;
  try {
    stepPeak = await stepPageVersusStatic(portal);
  } finally {
    await portal.stop();
  }
  const claimsMemory = await claimsBenchmarks();
  await bytesPerPage();
  await uploadMemory();
  print("### Server memory (RSS)");
  print();
  table(["", "at rest", "peak under load"], [["step-page load (SQLite)", mb(rest), mb(stepPeak)], ...claimsMemory.map(([backend, atRest, peak]) => [`claims load (${backend})`, atRest!, peak!])]);
  writeFileSync("tests/bench/results.md", `${output.join("\n")}\n`);
  await agent.close();
  await siteverify.close();
}

await main();
