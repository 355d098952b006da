import { type Browser, chromium, type Page } from "playwright-core";
import { request } from "undici";
import { agent } from "./http-client.ts";
import { UnexpectedReply } from "./flows.ts";

/**
 * One first visit to one page in Chromium, measured as a claimant's phone would live it (the
 * browser bench, tests/bench/browser.ts, says what each figure means): a fresh browser context
 * (an empty cache), the CPU slowed and the network narrowed through the DevTools protocol,
 * scripts on or off.
 */

/**
 * Debian's Chromium with the flags the tests launch it with (DESIGN.md "Testing",
 * tests/support/browser.ts), and any `extra` (Lighthouse's DevTools port).
 */
export function launchChromium(extra: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      ...extra,
    ],
  });
}

/** How slow the claimant's phone and network are. */
export interface Throttling {
  /** How many times slower the CPU runs (CDP Emulation.setCPUThrottlingRate). */
  cpuRate: number;
  /** CDP Network.emulateNetworkConditions: bytes a second each way, and each round trip's latency. */
  network?: { downloadBytesPerSecond: number; uploadBytesPerSecond: number; latencyMs: number };
}

const kbits = (kbitsPerSecond: number) => (kbitsPerSecond * 1000) / 8;

/** The profiles the bench runs: issue 26's phone (6× CPU, 3G as the issue measured it) and Lighthouse's mobile one. */
export const PROFILES = {
  "6x-3g": {
    label: "6× CPU, 3G (400 kbit/s down and up, 300 ms round trips)",
    cpuRate: 6,
    network: { downloadBytesPerSecond: kbits(400), uploadBytesPerSecond: kbits(400), latencyMs: 300 },
  },
  "4x-slow-4g": {
    label: "4× CPU, slow 4G (1.6 Mbit/s down, 750 kbit/s up, 150 ms round trips)",
    cpuRate: 4,
    network: { downloadBytesPerSecond: kbits(1600), uploadBytesPerSecond: kbits(750), latencyMs: 150 },
  },
} satisfies Record<string, Throttling & { label: string }>;

/** What the page must be for its figures to count: where it is, and what shows it arrived. */
export interface ExpectedPage {
  pathname: string;
  /** An element only that page has (its form, its reference code). */
  selector: string;
}

export type ResourceKind = "html" | "css" | "js";

export interface PageLoad {
  /** Milliseconds from navigation start. */
  firstContentfulPaint: number;
  largestContentfulPaint: number;
  domContentLoaded: number;
  /** When the page's enhancement had run (its <html> got data-enhanced); undefined without scripts, or a page with no module script. */
  enhanced?: number;
  usable: number;
  /** Sum over long tasks of their time beyond 50 ms, from navigation start until usable and then 1 s without a long task. */
  totalBlockingTime: number;
  /** Every HTML, CSS and JavaScript file the page loaded (a page's texts are in its HTML). */
  resources: Array<{ url: string; kind: ResourceKind }>;
}

/** How long a page may take to become usable before the bench gives up on it. */
const USABLE_TIMEOUT_MS = 90_000;
/** The quiet after usable: no long task for this long ends the blocking time's window. */
const QUIET_MS = 1_000;
const POLL_MS = 100;

/**
 * Installed before any of the page's scripts: an observer of long tasks from the start (Chromium
 * records them for the page's performance timeline), and the moment the page's enhancement runs.
 */
function installObservers() {
  new PerformanceObserver(() => {}).observe({ type: "longtask", buffered: true });
  const bench = { enhanced: undefined as number | undefined };
  new MutationObserver(() => {
    if (bench.enhanced === undefined && document.documentElement?.hasAttribute("data-enhanced"))
      bench.enhanced = performance.now();
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-enhanced"] });
  (window as unknown as { __bench: typeof bench }).__bench = bench;
}

/**
 * What the page has recorded so far, read without running any of its callbacks: with scripts off
 * the page runs none, yet the browser still keeps paints and long tasks in its performance
 * timeline, which a buffered observer's takeRecords hands over at once.
 */
function readObservations() {
  const recorded = (type: string) => {
    const observer = new PerformanceObserver(() => {});
    observer.observe({ type, buffered: true });
    const entries = observer.takeRecords();
    observer.disconnect();
    return entries;
  };
  const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
  const enhanced = (window as unknown as { __bench?: { enhanced?: number } }).__bench?.enhanced;
  return {
    now: performance.now(),
    fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime,
    lcp: recorded("largest-contentful-paint").at(-1)?.startTime,
    longTasks: recorded("longtask").map((entry) => ({ start: entry.startTime, duration: entry.duration })),
    domContentLoaded:
      navigation && navigation.domContentLoadedEventEnd > 0 ? navigation.domContentLoadedEventEnd : undefined,
    enhanced: enhanced ?? (document.documentElement.hasAttribute("data-enhanced") ? performance.now() : undefined),
    // A page that loads scripts carries their data (decision 036); one without has nothing to enhance.
    moduleScripts: document.querySelectorAll('script[type="module"], script#page-data').length,
  };
}

/**
 * Visits `url` once in a fresh context (with `cookie`, a signed-in claimant's session, when
 * given) under `throttling`, and measures it. Throws, saying why, when the page is not the one
 * expected (another address, a 4xx or 5xx, an error summary) or never becomes usable.
 */
export async function measurePageLoad(
  browser: Browser,
  url: string,
  options: {
    javaScript: boolean;
    expected: ExpectedPage;
    throttling?: Throttling;
    cookie?: { name: string; value: string };
    /** How long the page may take to become usable (90 s unless said). */
    timeoutMs?: number;
  },
): Promise<PageLoad> {
  const context = await browser.newContext({ javaScriptEnabled: options.javaScript });
  try {
    if (options.cookie) {
      const { hostname } = new URL(url);
      // A __Host- cookie must be Secure; Chromium counts 127.0.0.1 as a secure origin and sends it.
      const { name, value } = options.cookie;
      await context.addCookies([
        {
          name,
          value,
          domain: hostname,
          path: "/",
          httpOnly: true,
          sameSite: "Lax",
          secure: name.startsWith("__Host-"),
        },
      ]);
    }
    await context.addInitScript(installObservers);
    const page = await context.newPage();
    const resources = new Map<string, ResourceKind>();
    page.on("response", (response) => {
      const type = response.request().resourceType();
      const kind: ResourceKind | undefined =
        type === "document" ? "html" : type === "stylesheet" ? "css" : type === "script" ? "js" : undefined;
      if (kind && response.status() < 300) resources.set(response.url(), kind);
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    // Traffic stays on this machine: the captcha provider's script (Turnstile) is blocked, as a
    // script blocker would, and the page falls back to the portal's own question.
    await cdp.send("Network.setBlockedURLs", { urls: ["https://*"] });
    if (options.throttling) {
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: options.throttling.cpuRate });
      const network = options.throttling.network;
      if (network)
        await cdp.send("Network.emulateNetworkConditions", {
          offline: false,
          latency: network.latencyMs,
          downloadThroughput: network.downloadBytesPerSecond,
          uploadThroughput: network.uploadBytesPerSecond,
        });
    }
    const response = await page.goto(url, { waitUntil: "commit", timeout: USABLE_TIMEOUT_MS });
    if (!response || response.status() >= 400)
      throw new UnexpectedReply(`${new URL(url).pathname}: answered ${response?.status() ?? "nothing"}`);
    const load = await untilUsableAndQuiet(
      page,
      options.javaScript,
      new URL(url).pathname,
      options.timeoutMs ?? USABLE_TIMEOUT_MS,
    );
    await checkArrived(page, options.expected);
    return { ...load, resources: [...resources].map(([resourceUrl, kind]) => ({ url: resourceUrl, kind })) };
  } finally {
    await context.close();
  }
}

/**
 * Polls the page (from here, not with its own timers: with scripts off it runs none) until it is
 * usable and then quiet; see tests/bench/browser.ts for the definitions.
 */
async function untilUsableAndQuiet(page: Page, javaScript: boolean, pathname: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    // Between a redirect and its page, or while the document is replaced, there may be nothing to read.
    const seen = await page.evaluate(readObservations).catch(() => undefined);
    if (seen?.fcp !== undefined && seen.domContentLoaded !== undefined) {
      const asWithout = Math.max(seen.fcp, seen.domContentLoaded);
      const enhances = javaScript && seen.moduleScripts > 0;
      if (!enhances || seen.enhanced !== undefined) {
        const usable = enhances ? Math.max(asWithout, seen.enhanced!) : asWithout;
        const lastTaskEnd = Math.max(0, ...seen.longTasks.map((task) => task.start + task.duration));
        if (seen.now - Math.max(usable, lastTaskEnd) >= QUIET_MS) {
          const windowEnd = seen.now;
          return {
            firstContentfulPaint: seen.fcp,
            largestContentfulPaint: seen.lcp ?? seen.fcp,
            domContentLoaded: seen.domContentLoaded,
            enhanced: enhances ? seen.enhanced : undefined,
            usable,
            totalBlockingTime: seen.longTasks
              .filter((task) => task.start < windowEnd)
              .reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0),
          };
        }
      }
    }
    if (Date.now() > deadline)
      throw new UnexpectedReply(
        `${pathname} with scripts ${javaScript ? "on" : "off"} never became usable within ${timeoutMs / 1000} s (${seen?.fcp === undefined ? "no contentful paint" : seen.domContentLoaded === undefined ? "DOMContentLoaded never came" : "its enhancement never ran: no data-enhanced on <html>"})`,
      );
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** The page measured is the page expected: its address, its own element, a heading, no error summary. */
async function checkArrived(page: Page, expected: ExpectedPage) {
  const found = await page.evaluate(
    (selector) => ({
      pathname: location.pathname,
      arrived: document.querySelector(selector) !== null,
      heading: document.querySelector("h1")?.textContent?.trim() ?? "",
      errors: document.querySelector(".error-summary")?.textContent?.replace(/\s+/g, " ").trim(),
    }),
    expected.selector,
  );
  if (found.pathname !== expected.pathname)
    throw new UnexpectedReply(
      `expected ${expected.pathname}, the browser was at ${found.pathname} ("${found.heading}")`,
    );
  if (found.errors) throw new UnexpectedReply(`${expected.pathname} showed an error summary: ${found.errors}`);
  if (!found.arrived || !found.heading)
    throw new UnexpectedReply(`${expected.pathname} ("${found.heading}") has no ${expected.selector}, or no heading`);
}

export interface BytesAsSent {
  brotli: number;
  gzip: number;
}

/**
 * The bytes a browser downloads for `url` when it takes `coding`: the body as the server sends
 * it (a static file's precompressed copy, a page compressed as it is answered, or a small answer
 * as it is). `cookie` is the Cookie header a signed-in page needs.
 */
export async function bytesAsSent(url: string, coding: "br" | "gzip", cookie?: string): Promise<number> {
  const response = await request(url, {
    dispatcher: agent,
    headers: { "accept-encoding": coding, ...(cookie ? { cookie } : {}) },
  });
  const body = Buffer.from(await response.body.arrayBuffer());
  if (response.statusCode !== 200)
    throw new UnexpectedReply(`GET ${new URL(url).pathname} for its size: ${response.statusCode}`);
  const sent = response.headers["content-encoding"];
  if (sent !== undefined && sent !== coding)
    throw new UnexpectedReply(`GET ${new URL(url).pathname}: sent as ${String(sent)}, not ${coding}`);
  return body.length;
}

/** A page's HTML, CSS and JavaScript as sent, Brotli and gzip, each kind summed. */
export async function pageBytes(
  resources: PageLoad["resources"],
  cookie?: string,
): Promise<Record<ResourceKind, BytesAsSent>> {
  const totals: Record<ResourceKind, BytesAsSent> = {
    html: { brotli: 0, gzip: 0 },
    css: { brotli: 0, gzip: 0 },
    js: { brotli: 0, gzip: 0 },
  };
  for (const { url, kind } of resources) {
    totals[kind].brotli += await bytesAsSent(url, "br", kind === "html" ? cookie : undefined);
    totals[kind].gzip += await bytesAsSent(url, "gzip", kind === "html" ? cookie : undefined);
  }
  return totals;
}
