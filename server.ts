/**
 * The portal's HTTP server: Express 5 in front of the React Router build. It owns what is not a
 * page: request ids, compression, security headers, static assets, the request log and a graceful
 * stop. Every line it writes is one JSON object (app/log.server.ts, docs/operating.md "Logs"),
 * except the "The portal could not start." message for an operator, on standard error.
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
import { REQUEST_ID_HEADER, requestIdOf } from "./app/http/request-id.server.ts";
import { log, type LogFields, requestLogger } from "./app/log.server.ts";
import type { Portal } from "./app/settlement/portal.server.ts";
import { lowercaseFlowAddresses } from "./app/http/flow-address-case.server.ts";
import { noStoreUnlessSaid } from "./app/http/no-store.server.ts";
import { staticFiles } from "./app/http/static-files.server.ts";
import { finishUnreadBodies } from "./app/http/unread-body.server.ts";
import { refuseUnknownMethods } from "./app/http/known-methods.server.ts";
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
  requestIdContext: RouterContext<string>;
  requestErrorsContext: RouterContext<unknown[] | undefined>;
  purgeExpiredDrafts: () => Promise<{ sessions: number; drafts: number; documents: number }>;
  PURGE_INTERVAL_MS: number;
}

/** What the request log line and the error handlers share about a request (res.locals.request). */
interface RequestRecord {
  id: string;
  /** Errors reported for it (React Router's handleError, the last-resort handler below). */
  errors: unknown[];
}

async function start() {
  assertNoTestClockInProduction();
  const app = express();
  app.disable("x-powered-by");
  if (process.env.TRUST_PROXY) app.set("trust proxy", trustProxySetting(process.env.TRUST_PROXY));
  for (const message of trustProxyWarnings(process.env.TRUST_PROXY, HOST)) log.warn(message);
  // Express's compiled TRUST_PROXY: whether it believes the peer of a connection (hop 0), i.e. the proxy.
  const trustsPeer = (req: Request) =>
    !!process.env.TRUST_PROXY &&
    (app.get("trust proxy fn") as (address: string, hop: number) => boolean)(req.socket.remoteAddress ?? "", 0);

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
  const csp = contentSecurityPolicy(entry.portal.deadlines);

  app.use(requestLog(trustsPeer));
  // Before anything that may answer: an answer that leaves a body unread must not stall the connection.
  app.use(finishUnreadBodies());
  app.use(refuseUnknownMethods);
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
    app.use(staticFiles("build/client"));
  }

  app.use(lowercaseFlowAddresses);
  // Everything past the static files is the portal's own answers: none is cached unless it says so.
  app.use(noStoreUnlessSaid);
  app.all(
    "/{*splat}",
    createRequestHandler({
      build,
      // Only the Vite dev server is "development": a built server never puts stack traces in responses.
      mode: DEV_SERVER ? "development" : "production",
      getLoadContext: (req, res) => {
        const context = new RouterContextProvider();
        context.set(entry.cspNonceContext, String(res.locals.cspNonce));
        context.set(entry.clientAddressContext, req.ip ?? "unknown");
        const request = res.locals.request as RequestRecord;
        context.set(entry.requestIdContext, request.id);
        context.set(entry.requestErrorsContext, request.errors);
        return context;
      },
    }),
  );

  // Last resort for errors outside React Router (a malformed URL, say): a short text, no stack.
  // The request's log line says what it was (a 4xx's reason, a 5xx's stack).
  app.use((error: Error & { status?: number }, _req: Request, res: Response, _next: NextFunction) => {
    const status = error.status && error.status >= 400 && error.status < 500 ? error.status : 500;
    (res.locals.request as RequestRecord | undefined)?.errors.push(error);
    if (res.headersSent) return res.end();
    res
      .status(status)
      .type("text/plain")
      .send(status === 500 ? "Internal Server Error" : "Bad Request");
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
  stopGracefully(server);
  schedulePurge(entry);
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
 * Gives each request its id (X-Request-Id in the answer; a trusted proxy's own is kept) and logs it
 * once answered: one line with its method, path (without the query string: it may carry a
 * claimant's data), status and time taken. A 5xx is an error, with the stack of what failed; a 4xx
 * a warning (a refusal, a page not found), with the reason React Router gave if it gave one; the
 * rest info.
 */
function requestLog(trustsPeer: (req: Request) => boolean) {
  return (req: Request, res: Response, next: NextFunction) => {
    const started = process.hrtime.bigint();
    const request: RequestRecord = {
      id: requestIdOf(req.headers[REQUEST_ID_HEADER.toLowerCase()], trustsPeer(req)),
      errors: [],
    };
    res.locals.request = request;
    res.setHeader(REQUEST_ID_HEADER, request.id);
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const fields: LogFields = {
        method: req.method,
        path: req.path,
        status: res.statusCode,
        ms: Math.round(ms * 10) / 10,
      };
      const [first, ...others] = request.errors;
      const requestLog = requestLogger(request.id);
      if (res.statusCode >= 500 || (first !== undefined && res.statusCode < 400)) {
        requestLog.error("request", {
          ...fields,
          ...(first === undefined ? {} : { error: first }),
          ...(others.length ? { otherErrors: others } : {}),
        });
      } else if (res.statusCode >= 400) {
        requestLog.warn("request", { ...fields, ...(first === undefined ? {} : { reason: reasonOf(first) }) });
      } else {
        requestLog.info("request", fields);
      }
    });
    next();
  };
}

/** What a refusal's error says, without its stack: React Router's 405 carries its own Error. */
function reasonOf(error: unknown): string {
  const inner = (error as { error?: unknown }).error;
  if (inner instanceof Error) return inner.message;
  if (error instanceof Error) return error.message;
  return String((error as { statusText?: unknown }).statusText ?? error);
}

/** On SIGTERM/SIGINT stop accepting, let in-flight requests finish, then exit. */
function stopGracefully(server: Server) {
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal} received: finishing in-flight requests`);
    server.close(() => {
      log.info("stopped");
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
