/**
 * The portal's HTTP server: Express 5 in front of the React Router build, set up as
 * app/http/portal-express.server.ts says (request ids and log, compression, security headers,
 * static assets); this file loads the build, listens, purges in the background and stops
 * gracefully. Every line it writes is one JSON object (app/log.server.ts, docs/operating.md
 * "Logs"), except the "The portal could not start." message for an operator, on standard error.
 *
 *   PORT (3000), HOST (0.0.0.0), SETTLEMENT_DIR (settlements/demo), DATA_DIR (data),
 *   TRUST_PROXY (unset: no proxy; else Express's "trust proxy" value: the proxy's address, loopback
 *   or a hop count; never true, and a warning when it may trust more than the proxy),
 *   DEV_SERVER=1 for Vite's development middleware instead of the production build.
 *
 * docs/configuration.md and docs/operating.md describe every variable.
 */
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import net from "node:net";
import path from "node:path";
import { RouterContextProvider, type RouterContext, type ServerBuild } from "react-router";
import { assertNoTestClockInProduction } from "./app/clock.server.ts";
import { beforeHeaders } from "./app/http/before-headers.server.ts";
import { portalExpress, type RequestRecord } from "./app/http/portal-express.server.ts";
import { log } from "./app/log.server.ts";
import { METRICS_TOKEN_MIN_LENGTH, type RequestMetrics } from "./app/http/metrics-route.server.ts";
import type { Portal } from "./app/settlement/portal.server.ts";
import { contentSecurityPolicy } from "./app/security-headers.server.ts";
import { trustProxyWarnings } from "./app/security/trust-proxy.server.ts";

const DEV_SERVER = process.env.DEV_SERVER === "1";
const PORT = Number(process.env.PORT ?? 3000);
const HOST = process.env.HOST ?? "0.0.0.0";
/** How long in-flight requests and kept-alive connections get to finish after SIGTERM before they are cut. */
const SHUTDOWN_GRACE_MS = Number(process.env.SHUTDOWN_GRACE_MS ?? 10_000);

/** What server.ts reads from the build's entry.server module (its own module instances). */
interface PortalEntry {
  portal: Portal;
  cspNonceContext: RouterContext<string>;
  clientAddressContext: RouterContext<string>;
  requestIdContext: RouterContext<string>;
  requestErrorsContext: RouterContext<unknown[] | undefined>;
  purgeExpiredDrafts: () => Promise<{ sessions: number; drafts: number; documents: number }>;
  PURGE_INTERVAL_MS: number;
  /** The e-mail outbox's sender (with SMTP_URL set): started once the server listens, stopped as it stops. */
  startEmailSender: () => void;
  stopEmailSender: () => Promise<void>;
  /** The build's metrics (one registry, the build's module instance), counted per request here. */
  portalMetrics: RequestMetrics;
}

async function start() {
  assertNoTestClockInProduction();
  for (const message of trustProxyWarnings(process.env.TRUST_PROXY, HOST)) log.warn(message);
  const metricsToken = process.env.METRICS_TOKEN;
  if (metricsToken && !new RegExp(`^\\S{${METRICS_TOKEN_MIN_LENGTH},}$`).test(metricsToken)) {
    process.stderr.write(
      `The portal could not start.\nMETRICS_TOKEN has ${metricsToken.length} characters: it needs at least ${METRICS_TOKEN_MIN_LENGTH}, and no spaces (make one with: openssl rand -hex 32).\n`,
    );
    process.exit(1);
  }

  // The production build is handed to React Router as is: given a function, React Router calls it
  // and works out its route table again on every request (as Vite's dev server needs, for edits).
  let build: ServerBuild | (() => Promise<ServerBuild>);
  let vite: import("vite").ViteDevServer | undefined;
  if (DEV_SERVER) {
    const { createServer } = await import("vite");
    vite = await createServer({ server: { middlewareMode: true } });
    build = () => vite!.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
  } else {
    build = (await import(path.resolve("build/server/index.js"))) as ServerBuild;
  }
  // Importing the build loads and checks the settlement: a bad one stops the server here.
  const entry = (typeof build === "function" ? await build() : build).entry.module as unknown as PortalEntry;

  const app = portalExpress({
    build,
    csp: contentSecurityPolicy(entry.portal.deadlines),
    assets: vite ? { middleware: vite.middlewares } : { folder: "build/client" },
    mode: DEV_SERVER ? "development" : "production",
    trustProxy: process.env.TRUST_PROXY,
    metrics: entry.portalMetrics,
    metricsToken: process.env.METRICS_TOKEN || undefined,
    getLoadContext: (req, res) => {
      const context = new RouterContextProvider();
      context.set(entry.cspNonceContext, String(res.locals.cspNonce));
      context.set(entry.clientAddressContext, req.ip ?? "unknown");
      const request = res.locals.request as RequestRecord;
      context.set(entry.requestIdContext, request.id);
      context.set(entry.requestErrorsContext, request.errors);
      return context;
    },
  });

  const server = app.listen(PORT, HOST, (error?: Error) => {
    // Express 5 hands the listen error (the port taken, say) to this callback: the portal did not start.
    if (error) {
      // Read by the operator starting it: plain text, as the start-up errors below.
      process.stderr.write(`The portal could not start.\nCannot listen on ${HOST}:${PORT}: ${error.message}\n`);
      process.exit(1);
    }
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : PORT;
    log.info(
      `Portal for ${entry.portal.settlement.caseNumber} listening on http://${HOST === "0.0.0.0" ? "localhost" : HOST}:${port}`,
      { port },
    );
  });
  stopGracefully(server, entry.stopEmailSender);
  schedulePurge(entry);
  entry.startEmailSender();
}

/** Expired sessions, their drafts and unfiled uploads are removed in the background, now and then (0: never). */
function schedulePurge(entry: PortalEntry) {
  if (entry.PURGE_INTERVAL_MS <= 0) return;
  const purge = () =>
    entry.purgeExpiredDrafts().then(
      (purged) =>
        (purged.sessions || purged.drafts || purged.documents) &&
        log.info("expired sessions and drafts purged", purged),
      (error: unknown) => log.error("purging expired sessions failed", { error }),
    );
  setTimeout(purge, Math.min(10_000, entry.PURGE_INTERVAL_MS)).unref();
  setInterval(purge, entry.PURGE_INTERVAL_MS).unref();
}

/**
 * On SIGTERM/SIGINT: stop accepting connections, finish what was started, then exit. Issue 23: in
 * a rolling restart 4 of 300 claimants had a request reset (ECONNRESET): answers after the signal
 * kept their connection alive, and the server then cut it as idle (every 100 ms) under the next
 * request the client was already sending. Now:
 * - every answer whose headers go out after the signal says `Connection: close` (a request in
 *   flight, or one arriving on a kept-alive connection), so the client sends its next request on a
 *   new connection (to another instance), and the server closes this one once the answer is sent;
 * - a kept-alive connection idle at the signal is not cut: a request its client is sending that
 *   moment would be reset. It is answered if it comes (with `Connection: close`), else the
 *   connection closes at its keep-alive timeout (5 s, which answers announce in `Keep-Alive:
 *   timeout=5`, so clients do not send on it then), as at any time;
 * - whatever is left after SHUTDOWN_GRACE_MS is cut;
 * - the e-mail sender takes no more messages, and finishes the one it is sending.
 */
function stopGracefully(server: Server, stopEmailSender: () => Promise<void>) {
  let stopping = false;
  server.prependListener("request", (_req: IncomingMessage, res: ServerResponse) =>
    beforeHeaders(res, () => {
      if (stopping) res.setHeader("Connection", "close");
    }),
  );
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal} received: finishing in-flight requests`);
    // net.Server's close, not http.Server's: that one also cuts idle kept-alive connections at once.
    // The e-mail being sent is sent and marked before the process ends (within the grace), and no
    // other is taken: what is left waits in the outbox for another instance, or this one's restart.
    const senderStopped = stopEmailSender().catch((error: unknown) =>
      log.error("stopping the e-mail sender failed", { error }),
    );
    net.Server.prototype.close.call(server, async () => {
      await senderStopped;
      log.info("stopped");
      process.exit(0);
    });
    setTimeout(() => {
      server.closeAllConnections();
      process.exit(0);
    }, SHUTDOWN_GRACE_MS).unref();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

// Node's own warnings (a deprecation, say) as log lines too, rather than its "(node:…) Warning:" text.
process.removeAllListeners("warning");
process.on("warning", (warning) =>
  log.warn(`Node.js: ${warning.message}`, {
    warning: warning.name,
    ...("code" in warning ? { code: warning.code } : {}),
  }),
);
// A fault nothing caught stops the server, as Node would, but with a log line instead of a bare stack.
process.on("uncaughtException", (error, origin) => {
  log.error(
    origin === "unhandledRejection"
      ? "a promise failed unhandled: the portal stops"
      : "an uncaught exception: the portal stops",
    { error },
  );
  process.exit(1);
});

start().catch((error: unknown) => {
  // Configuration errors carry their own operator-readable message; print it without a stack.
  const message =
    error instanceof Error && ["SettlementConfigError", "ConfigurationError"].includes(error.name)
      ? error.message
      : error instanceof Error
        ? (error.stack ?? error.message)
        : String(error);
  process.stderr.write(`The portal could not start.\n${message}\n`);
  process.exit(1);
});
