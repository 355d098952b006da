import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Backend, freshDatabaseUrl } from "./backends.ts";
import { settlementWith } from "./settlement.ts";

export interface PortalServer {
  url: string;
  dataDir: string;
  /** Set when the server stores in PostgreSQL. */
  databaseUrl?: string;
  /** The settlement folder it serves. */
  settlementDir: string;
  /** The environment it runs with (beside the tests' own). */
  env: Record<string, string>;
  process: ChildProcess;
  output: () => string;
  stop: () => Promise<number | null>;
}

/** The tests' fixed field key: every instance on one PostgreSQL database must share its keys, as in production. */
export const TEST_FIELD_KEY = "YSBmaXhlZCB0ZXN0IGtleSwgMzIgYnl0ZXMgbG9uZyE=";

let testSettlement: string | undefined;

/** The demo settlement as tests run it: with the captcha's "test" provider (settlementWith). */
export function demoForTests(): string {
  testSettlement ??= settlementWith();
  return testSettlement;
}

export interface PortalOptions {
  settlementDir?: string;
  /** Environment variables for the server; one set to undefined is left unset (its default applies). */
  env?: Record<string, string | undefined>;
  /** A fresh PostgreSQL database for this server (needs DATABASE_URL), instead of SQLite. */
  backend?: Backend;
}

/**
 * Starts the real server (node server.ts on the production build) on a random loopback port, with
 * its own data folder, and resolves once it listens. The test clock is on unless the test sets
 * NODE_ENV=production.
 */
export async function startPortal(options: PortalOptions = {}): Promise<PortalServer> {
  const dataDir = options.env?.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), "portal-data-"));
  const databaseUrl =
    options.env?.DATABASE_URL ?? (options.backend === "postgresql" ? await freshDatabaseUrl() : undefined);
  // An SMTP_URL in the tests' environment is not passed on: a test server e-mails only the test SMTP server it is given.
  const { DATABASE_URL: _inherited, SMTP_URL: _smtp, ...environment } = process.env;
  const settlementDir =
    options.settlementDir ??
    (options.env?.NODE_ENV === "production" ? path.resolve("settlements/demo") : demoForTests());
  const given: Record<string, string | undefined> = {
    ...(databaseUrl ? { DATABASE_URL: databaseUrl, FIELD_ENCRYPTION_KEYS: TEST_FIELD_KEY } : {}),
    NODE_ENV: "test",
    PORTAL_TEST_CLOCK: "1",
    PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    // Every test claimant comes from 127.0.0.1; the abuse tests set their own low limits.
    AUTHORIZE_ATTEMPTS_PER_10_MIN: "100000",
    // The background purge goes by the real clock: it would end sessions living on the test clock.
    PURGE_INTERVAL_MS: "0",
    // A stopped server waits for kept-alive connections to close (the tests' fetch keeps some open
    // for 3 s): at a test's end nothing is in flight, so it is cut sooner. Tests of stopping set 10 s.
    SHUTDOWN_GRACE_MS: "500",
    // In production the "test" captcha provider is refused: there the demo runs as shipped.
    SETTLEMENT_DIR: settlementDir,
    ...options.env,
  };
  const env = Object.fromEntries(
    Object.entries(given).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  // DATABASE_URL in the tests' environment names the server to make databases on, not a store.
  const child = spawn(process.execPath, ["server.ts"], {
    env: { ...environment, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /"port":(\d+)/.exec(output);
      if (match) {
        resolve({
          url: `http://127.0.0.1:${match[1]}`,
          dataDir,
          databaseUrl,
          settlementDir,
          env,
          process: child,
          output: () => output,
          stop: async () => {
            if (child.exitCode === null) child.kill("SIGTERM");
            return exited;
          },
        });
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    void exited.then((code) => reject(new Error(`The portal exited (${code}) before listening:\n${output}`)));
  });
}

/** Runs the server expecting it to refuse to start; resolves with its exit code and output. */
export async function startFailure(options: PortalOptions = {}): Promise<{ code: number | null; output: string }> {
  try {
    const server = await startPortal(options);
    await server.stop();
    throw new Error("The portal started, but it was expected to refuse");
  } catch (error) {
    const message = (error as Error).message;
    const match = /^The portal exited \((\w+)\) before listening:\n([\s\S]*)$/.exec(message);
    if (!match) throw error;
    return { code: match[1] === "null" ? null : Number(match[1]), output: match[2]! };
  }
}
