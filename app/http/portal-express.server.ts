import { randomBytes } from "node:crypto";
import { createRequestHandler, type GetLoadContextFunction } from "@react-router/express";
import compression from "compression";
import express, { type Express, type NextFunction, type Request, type Response } from "express";
import type { ServerBuild } from "react-router";
import { REQUEST_ID_HEADER, requestIdOf } from "./request-id.server.ts";
import { type LogFields, requestLogger } from "#app/log.server.ts";
import { lowercaseFlowAddresses } from "./flow-address-case.server.ts";
import { literalUndecodableAddresses } from "./undecodable-address.server.ts";
import { noStoreUnlessSaid } from "./no-store.server.ts";
import { staticFiles } from "./static-files.server.ts";
import { finishUnreadBodies } from "./unread-body.server.ts";
import { refuseMethodsPagesDoNotTake, refuseUnknownMethods } from "./known-methods.server.ts";
import { refuseBadHost } from "./host-header.server.ts";
import { trustProxySetting } from "#app/security/trust-proxy.server.ts";
import { methodKind, metricsRoute, type RequestMetrics, routeKind } from "./metrics-route.server.ts";

/** What the request log line and the error handlers share about a request (res.locals.request). */
export interface RequestRecord {
  id: string;
  /** Errors reported for it (React Router's handleError, the last-resort handler below). */
  errors: unknown[];
}

export interface PortalExpressOptions {
  /** The production build, or (Vite's dev server) a function giving the build as it is now. */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** The Content-Security-Policy for a request's script nonce. */
  csp: (nonce: string) => string;
  /** The browser build's folder its files are served from, or Vite's middleware in development. */
  assets: { folder: string } | { middleware: express.RequestHandler };
  /** What loaders see of the request beyond it (server.ts: the nonce, the client's address, the request's id). */
  getLoadContext?: GetLoadContextFunction;
  /** "development" only with Vite's dev server: a built server never puts stack traces in responses. */
  mode?: "development" | "production";
  /** TRUST_PROXY: the proxy in front of the portal, if any (docs/configuration.md). */
  trustProxy?: string;
  /** The portal's metrics: each request counted, and /metrics served with `metricsToken` (METRICS_TOKEN). */
  metrics?: RequestMetrics;
  metricsToken?: string;
}

/**
 * The portal's Express set-up, in front of a React Router build: request ids and the request log,
 * the body guard, compression, security headers, known methods and hosts, static files, address
 * case, caching and a last-resort error handler. server.ts serves the portal's build with it; the bench's framework
 * floor (tests/bench/floor) serves a bare app with the very same set-up, so that what separates the
 * two is the portal's own work per request, not its HTTP plumbing.
 */
export function portalExpress({
  build,
  csp,
  assets,
  getLoadContext,
  mode = "production",
  trustProxy,
  metrics,
  metricsToken,
}: PortalExpressOptions): Express {
  const app = express();
  app.disable("x-powered-by");
  if (trustProxy) app.set("trust proxy", trustProxySetting(trustProxy));
  // Express's compiled TRUST_PROXY: whether it believes the peer of a connection (hop 0), i.e. the proxy.
  const trustsPeer = (req: Request) =>
    !!trustProxy &&
    (app.get("trust proxy fn") as (address: string, hop: number) => boolean)(req.socket.remoteAddress ?? "", 0);
  app.use(requestLog(trustsPeer, metrics));
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
  app.use(refuseUnknownMethods);
  // Before the Host check: Prometheus scrapes an instance by its address, whatever the host.
  if (metrics) app.use(metricsRoute(metrics, metricsToken));
  app.use(refuseBadHost);
  app.use("middleware" in assets ? assets.middleware : staticFiles(assets.folder));
  app.use(lowercaseFlowAddresses);
  app.use(literalUndecodableAddresses);
  // Everything past the static files is the portal's own answers: none is cached unless it says so.
  app.use(noStoreUnlessSaid);
  // The JSON API, by its own route table; then the pages.
  const api = typeof build === "function" ? async () => apiBuild(await build())! : apiBuild(build);
  if (api) {
    const answerApi = createRequestHandler({ build: api, mode, getLoadContext });
    app.use((req, res, next) => (isApiAddress(req.originalUrl) ? answerApi(req, res, next) : next()));
  }
  app.use(refuseMethodsPagesDoNotTake);
  app.all("/{*splat}", createRequestHandler({ build, mode, getLoadContext }));

  // Last resort for errors outside React Router: a short text, no stack.
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
  return app;
}

/**
 * Whether an address is the JSON API's: /api and anything under /api/, read as React Router reads
 * addresses (the URL parser decodes and resolves dot segments: /api/%2e%2e/lookup is /lookup, a
 * page, which the API's route table has not).
 */
export function isApiAddress(originalUrl: string): boolean {
  // No URL at all (OPTIONS *, say) is not the API's: the pages' handler answers it as before.
  const url = URL.parse(`http://portal${originalUrl}`);
  return !!url && /^\/api(\/|$)/i.test(url.pathname);
}

/**
 * The JSON API's build: the portal's own, with the API's route table (API_ROUTES, which the build's
 * entry exports: app/api/api-routes.server.ts) in place of the pages'. None for a build without an
 * API (the bench's framework floor).
 */
function apiBuild(build: ServerBuild): ServerBuild | undefined {
  const routes = (build.entry.module as { API_ROUTES?: ServerBuild["routes"] }).API_ROUTES;
  return routes && { ...build, routes: { root: build.routes.root!, ...routes } };
}

/**
 * Gives each request its id (X-Request-Id in the answer; a trusted proxy's own is kept) and logs it
 * once answered: one line with its method, path (without the query string: it may carry a
 * claimant's data), status and time taken; and counts it in the metrics, by its kind. A 5xx is an error, with the stack of what failed; a 4xx
 * a warning (a refusal, a page not found), with the reason React Router gave if it gave one; the
 * rest info.
 */
function requestLog(trustsPeer: (req: Request) => boolean, metrics: RequestMetrics | undefined) {
  return (req: Request, res: Response, next: NextFunction) => {
    const started = process.hrtime.bigint();
    const request: RequestRecord = {
      id: requestIdOf(req.headers[REQUEST_ID_HEADER.toLowerCase()], trustsPeer(req)),
      errors: [],
    };
    res.locals.request = request;
    res.setHeader(REQUEST_ID_HEADER, request.id);
    // As sent: literalUndecodableAddresses may rewrite it.
    const path = req.path;
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      metrics?.request(routeKind(path), methodKind(req.method), res.statusCode, ms / 1000);
      const fields: LogFields = {
        method: req.method,
        path,
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
