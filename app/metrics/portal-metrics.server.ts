import type { FormType } from "#app/flow-registry/form-type.ts";
import { getStore } from "#app/storage/store.server.ts";
import { Registry } from "./registry.ts";

/**
 * The portal's metrics (issue 27), for Prometheus at /metrics with the operator's token
 * (app/http/metrics-route.server.ts, docs/operating.md "Metrics"): what each instance answered
 * and how fast, what claimants filed, sign-ins that failed and Claim IDs locked, and, read when
 * scraped, the e-mail outbox and the store's connections. One registry per process.
 */
const registry = new Registry();

/** Seconds: a page answers in tens of milliseconds; a slow upload or export in seconds. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const requests = registry.counter(
  "portal_http_requests_total",
  "Requests answered, by route kind (page, api, asset, health, metrics), method and status.",
);
const latency = registry.histogram(
  "portal_http_request_duration_seconds",
  "Time from a request's arrival to its answer's end, by route kind.",
  LATENCY_BUCKETS,
);
const claimsFiled = registry.counter(
  "portal_claims_filed_total",
  "Claims filed, by flow and outcome (filed: a new claim; amended: a new version of one).",
);
const signInFailures = registry.counter(
  "portal_sign_in_failures_total",
  "Sign-ins whose credentials matched no one (a wrong PIN, a Claim ID or VIN not on the list).",
);
const lockouts = registry.counter(
  "portal_lockouts_total",
  "Lockouts begun: a Claim ID after too many failed sign-ins (claimId), a reference code after too many failed look-ups (referenceCode).",
);
// At 0 from the start, so a rate over the first failures after a restart sees them.
signInFailures.inc({}, 0);
for (const what of ["claimId", "referenceCode"]) lockouts.inc({ what }, 0);

/** What the last scrape read of the store. */
let outbox: { waiting: number; oldestQueuedAt: number | null } = { waiting: 0, oldestQueuedAt: null };
let connections: ReturnType<NonNullable<ReturnType<typeof getStore>["connections"]>> | undefined;

let storeUp = 1;
registry.gauge("portal_store_up", "Whether the last scrape could read the store (1) or not (0).", () => [
  { value: storeUp },
]);
registry.gauge("portal_email_outbox_waiting", "E-mails queued and not yet sent.", () => [{ value: outbox.waiting }]);
registry.gauge("portal_email_outbox_oldest_age_seconds", "How long the oldest e-mail waiting has waited.", () => [
  { value: outbox.oldestQueuedAt === null ? 0 : Math.max(0, (Date.now() - outbox.oldestQueuedAt) / 1000) },
]);
registry.gauge(
  "portal_store_connections",
  "The store's database connections (PostgreSQL's pool): open, idle, and requests waiting for one; max, the pool's size.",
  () =>
    connections
      ? (["open", "idle", "waiting", "max"] as const).map((state) => ({
          labels: { state },
          value: connections![state],
        }))
      : [],
);
registry.gauge("process_resident_memory_bytes", "Resident memory size in bytes.", () => [
  { value: process.memoryUsage.rss() },
]);
registry.gauge("process_start_time_seconds", "Start time of the process since the Unix epoch, in seconds.", () => [
  { value: Math.round(Date.now() / 1000 - process.uptime()) },
]);

export const portalMetrics = {
  /** A request answered (app/http/portal-express.server.ts). */
  request(routeKind: string, method: string, status: number, seconds: number) {
    requests.inc({ route: routeKind, method, status: String(status) });
    latency.observe({ route: routeKind }, seconds);
  },
  claimFiled(flow: FormType, outcome: "filed" | "amended") {
    claimsFiled.inc({ flow, outcome });
  },
  signInFailed() {
    signInFailures.inc();
  },
  lockedOut(what: "claimId" | "referenceCode") {
    lockouts.inc({ what });
  },
  /** Every metric as a scrape reads it, the store's read now. */
  async text(): Promise<string> {
    const store = getStore();
    connections = store.connections?.();
    try {
      outbox = await store.emailBacklog();
      storeUp = 1;
    } catch {
      // The database away: the rest is still worth scraping, and this says so.
      storeUp = 0;
    }
    return registry.text();
  },
};

export type PortalMetrics = typeof portalMetrics;
