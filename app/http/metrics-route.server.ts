import { createHash, timingSafeEqual } from "node:crypto";
import type { NextFunction, Request, Response } from "express";

/** The metrics' address (docs/operating.md "Metrics"). */
export const METRICS_PATH = "/metrics";

/** The shortest METRICS_TOKEN the server takes: guessing one must be hopeless. */
export const METRICS_TOKEN_MIN_LENGTH = 16;

/** What the request log and /metrics need of the portal's metrics (app/metrics/portal-metrics.server.ts). */
export interface RequestMetrics {
  request(routeKind: string, method: string, status: number, seconds: number): void;
  text(): Promise<string>;
}

/** A request's kind, as the metrics count them: a few fixed values, never the address itself. */
export function routeKind(path: string): string {
  if (path === "/healthz") return "health";
  if (path === METRICS_PATH) return "metrics";
  if (/^\/api(\/|$)/i.test(path)) return "api";
  if (path.startsWith("/assets/") || path === "/favicon.svg") return "asset";
  return "page";
}

/** The method as counted: the portal's three, and anything else as one. */
export const methodKind = (method: string) => (["GET", "POST", "HEAD"].includes(method) ? method : "other");

const digest = (text: string) => createHash("sha256").update(text).digest();

/**
 * GET /metrics, in Prometheus' text format, for the operator only: with METRICS_TOKEN set, a
 * request must bring it (`Authorization: Bearer <token>`, compared in constant time) or is refused
 * (401); without it, there are no metrics (the address is a page not found, as any other).
 */
export function metricsRoute(metrics: RequestMetrics, token: string | undefined) {
  const expected = token ? digest(token) : undefined;
  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.path !== METRICS_PATH || !expected || !["GET", "HEAD"].includes(req.method)) return next();
    // The scheme in any case (RFC 7235), then the token, compared by digest in constant time.
    const given = /^bearer +(\S+)\s*$/i.exec(req.get("Authorization") ?? "")?.[1];
    if (!given || !timingSafeEqual(digest(given), expected)) {
      res
        .status(401)
        .set("WWW-Authenticate", 'Bearer realm="metrics"')
        .set("Cache-Control", "no-store")
        .type("text/plain")
        .send("The metrics need the operator's token: Authorization: Bearer <METRICS_TOKEN>.\n");
      return;
    }
    try {
      const text = await metrics.text();
      res.status(200).set("Cache-Control", "no-store").type("text/plain; version=0.0.4; charset=utf-8").send(text);
    } catch (error) {
      next(error);
    }
  };
}
