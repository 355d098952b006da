/**
 * The yardstick for the step-page benchmark: Express serving the same HTML as a static file, in a
 * process of its own like the portal, with compression as the portal has it.
 *   node tests/bench/static-server.ts <folder>   → prints {"port": N}
 */
import compression from "compression";
import express from "express";

const folder = process.argv[2]!;
const app = express();
app.use(compression());
app.use(express.static(folder));
const server = app.listen(0, "127.0.0.1", () => {
  process.stdout.write(`${JSON.stringify({ port: (server.address() as { port: number }).port })}\n`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
