/**
 * The framework floor's server: the bare app's build behind the portal's own Express set-up
 * (app/http/portal-express.server.ts: request ids and log, body guard, compression, security
 * headers, static files), as the floor has "the same Express set-up". It logs each request
 * as the portal does; the bench reads and drops those lines.
 *   FLOOR_PAGE=<page.json> node tests/bench/floor/server.ts   → prints {"port": N}, then the log
 */
import path from "node:path";
import type { ServerBuild } from "react-router";
import { portalExpress } from "#app/http/portal-express.server.ts";
import { contentSecurityPolicy } from "#app/security-headers.server.ts";

const here = import.meta.dirname;
const build = (await import(path.join(here, "build/server/index.js"))) as ServerBuild;
const app = portalExpress({
  build,
  csp: contentSecurityPolicy({}),
  assets: { folder: path.join(here, "build/client") },
});
const server = app.listen(0, "127.0.0.1", () => {
  process.stdout.write(`${JSON.stringify({ port: (server.address() as { port: number }).port })}\n`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
