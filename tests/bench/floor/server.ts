/**
 * The framework floor's server: Express 5 and React Router's adapter, set up as the portal's
 * server.ts is (compression, the same security headers, static files), with no request log.
 *   FLOOR_PAGE=<page.json> node tests/bench/floor/server.ts   → prints {"port": N}
 */
import { randomBytes } from "node:crypto";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import type { ServerBuild } from "react-router";

const here = import.meta.dirname;
const build = (await import(path.join(here, "build/server/index.js"))) as ServerBuild;
const app = express();
app.disable("x-powered-by");
app.use(compression());
app.use((_req, res, next) => {
  const nonce = randomBytes(16).toString("base64");
  res.setHeader("Content-Security-Policy", `default-src 'self'; script-src 'self' 'nonce-${nonce}'`);
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
  res.setHeader("X-Frame-Options", "DENY");
  res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
  res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
  next();
});
app.use("/assets", express.static(path.join(here, "build/client/assets"), { immutable: true, maxAge: "1y" }));
app.all("/{*splat}", createRequestHandler({ build, mode: "production" }));
const server = app.listen(0, "127.0.0.1", () => {
  process.stdout.write(`${JSON.stringify({ port: (server.address() as { port: number }).port })}\n`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
