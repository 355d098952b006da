/**
 * The portal's HTTP server: Express 5 in front of the React Router build. It owns what is not a
 * page: compression, security headers, static assets, the request log and a graceful stop.
 *
 *   PORT (3000), HOST (0.0.0.0), SETTLEMENT_DIR (settlements/demo), DATA_DIR (data),
 *   TRUST_PROXY (unset: no proxy; else Express's "trust proxy" value: the proxy's address, loopback
 *   or a hop count; never true, and a warning when it may trust more than the proxy),
 *   DEV_SERVER=1 for Vite's development middleware instead of the production build.
 *
 * docs/configuration.md and docs/operating.md describe every variable.
 */
import { randomBytes } from "node:crypto";
import type { Server } from "node:http";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import { RouterContextProvider, type RouterContext, type ServerBuild } from "react-router";
import { assertNoTestClockInProduction } from "./app/clock.server.ts";
import type { Portal } from "./app/settlement/portal.server.ts";
import { lowercaseFlowAddresses } from "./app/http/flow-address-case.server.ts";
import { noStoreUnlessSaid } from "./app/http/no-store.server.ts";
import { finishUnreadBodies } from "./app/http/unread-body.server.ts";
import { contentSecurityPolicy } from "./app/security-headers.server.ts";
import { trustProxySetting, trustProxyWarnings } from "./app/security/trust-proxy.server.ts";

const DEV_SERVER = process.env.DEV_SERVER === "1";
const PORT = Number(process.env.PORT ?? 3000);
const HOST = process.env.HOST ?? "0.0.0.0";
/** How long in-flight requests get to finish after SIGTERM before connections are cut. */
const SHUTDOWN_GRACE_MS = Number(process.env.SHUTDOWN_GRACE_MS ?? 10_000);

/** What server.ts reads from the build's entry.server module (its own module instances). */
interface PortalEntry {
  portal: Portal;
  cspNonceContext: RouterContext<string>;
  clientAddressContext: RouterContext<string>;
  purgeExpiredDrafts: () => Promise<{ sessions: number; drafts: number; documents: number }>;
  PURGE_INTERVAL_MS: number;
}

function log(fields: Record<string, unknown>) {
  process.stdout.write(`${JSON.stringify({ time: new Date().toISOString(), ...fields })}\n`);
}

async function start() {
  assertNoTestClockInProduction();
  const app = express();
  app.disable("x-powered-by");
  if (process.env.TRUST_PROXY) app.set("trust proxy", trustProxySetting(process.env.TRUST_PROXY));
  for (const message of trustProxyWarnings(process.env.TRUST_PROXY, HOST)) log({ level: "warn", message });

  let loadBuild: () => Promise<ServerBuild>;
  let vite: import("vite").ViteDevServer | undefined;
  if (DEV_SERVER) {
    const { createServer } = await import("vite");
    vite = await createServer({ server: { middlewareMode: true } });
    loadBuild = () => vite!.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
  } else {
    const build = (await import(path.resolve("build/server/index.js"))) as ServerBuild;
    loadBuild = async () => build;
  }
  // Importing the build loads and checks the settlement: a bad one stops the server here.
  const entry = (await loadBuild()).entry.module as unknown as PortalEntry;
  const csp = contentSecurityPolicy(entry.portal.deadlines);

  app.use(requestLog);
  // Before anything that may answer: an answer that leaves a body unread must not stall the connection.
  app.use(finishUnreadBodies());
  app.use(compression());
  app.use((req, res, next) => {
    const nonce = randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    res.setHeader("Content-Security-Policy", csp(nonce));
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
    if (req.secure) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  });

  if (vite) {
    app.use(vite.middlewares);
  } else {
    // File names under /assets carry a content hash: they never change, so cache them for good.
    app.use("/assets", express.static("build/client/assets", { immutable: true, maxAge: "1y", index: false }));
    app.use(express.static("build/client", { maxAge: "1h", index: false }));
  }

  app.use(lowercaseFlowAddresses);
  // Everything past the static files is the portal's own answers: none is cached unless it says so.
  app.use(noStoreUnlessSaid);
  app.all(
    "/{*splat}",
    createRequestHandler({
      build: loadBuild,
      // Only the Vite dev server is "development": a built server never puts stack traces in responses.
      mode: DEV_SERVER ? "development" : "production",
      getLoadContext: (req, res) => {
        const context = new RouterContextProvider();
        context.set(entry.cspNonceContext, String(res.locals.cspNonce));
        context.set(entry.clientAddressContext, req.ip ?? "unknown");
        return context;
      },
    }),
  );

  // Last resort for errors outside React Router (a malformed URL, say): a short text, no stack.
  app.use((error: Error & { status?: number }, req: Request, res: Response, _next: NextFunction) => {
    const status = error.status && error.status >= 400 && error.status < 500 ? error.status : 500;
    log({ level: "error", method: req.method, path: req.path, status, error: error.stack ?? String(error) });
    if (res.headersSent) return res.end();
    res.status(status).type("text/plain").send(status === 500 ? "Internal Server Error" : "Bad Request");
  });

  const server = app.listen(PORT, HOST, (error?: Error) => {
    // Express 5 hands the listen error (the port taken, say) to this callback: the portal did not start.
    if (error) {
      process.stderr.write(`The portal could not start.\nCannot listen on ${HOST}:${PORT}: ${error.message}\n`);
      process.exit(1);
    }
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : PORT;
    log({ level: "info", message: `Portal for ${entry.portal.settlement.caseNumber} listening on http://${HOST === "0.0.0.0" ? "localhost" : HOST}:${port}`, port });
  });
  stopGracefully(server);
  schedulePurge(entry);
}

/** Expired sessions, their drafts and unfiled uploads are removed in the background, now and then (0: never). */
function schedulePurge(entry: PortalEntry) {
  if (entry.PURGE_INTERVAL_MS <= 0) return;
  const purge = () =>
    entry.purgeExpiredDrafts().then(
      (purged) => (purged.sessions || purged.drafts || purged.documents) && log({ level: "info", message: "expired sessions and drafts purged", ...purged }),
      (error: unknown) => log({ level: "error", message: "purging expired sessions failed", error: String(error) }),
    );
  setTimeout(purge, Math.min(10_000, entry.PURGE_INTERVAL_MS)).unref();
  setInterval(purge, entry.PURGE_INTERVAL_MS).unref();
}

function requestLog(req: Request, res: Response, next: NextFunction) {
  const started = process.hrtime.bigint();
  res.on("finish", () => {
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    // The path only: query strings may carry a claimant's data.
    log({ method: req.method, path: req.path, status: res.statusCode, ms: Math.round(ms * 10) / 10 });
  });
  next();
}

/** On SIGTERM/SIGINT stop accepting, let in-flight requests finish, then exit. */
function stopGracefully(server: Server) {
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log({ level: "info", message: `${signal} received: finishing in-flight requests` });
    server.close(() => {
      log({ level: "info", message: "stopped" });
      process.exit(0);
    });
    // Keep-alive connections become idle once their last response is sent: close them then,
    // rather than waiting out the keep-alive timeout.
    server.closeIdleConnections();
    setInterval(() => server.closeIdleConnections(), 100).unref();
    setTimeout(() => {
      server.closeAllConnections();
      process.exit(0);
    }, SHUTDOWN_GRACE_MS).unref();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

start().catch((error: unknown) => {
  // Configuration errors carry their own operator-readable message; print it without a stack.
  const message = error instanceof Error && ["SettlementConfigError", "ConfigurationError"].includes(error.name) ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error);
  process.stderr.write(`The portal could not start.\n${message}\n`);
  process.exit(1);
});
