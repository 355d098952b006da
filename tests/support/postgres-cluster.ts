import { execFile } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";

const run = promisify(execFile);

/** Debian's PostgreSQL programs (the newest installed), or undefined when PostgreSQL is not installed. */
export function postgresBin(): string | undefined {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((version) => existsSync(path.join(root, version, "bin", "initdb")))
    .sort((a, b) => Number(a) - Number(b));
  const newest = versions.at(-1);
  return newest && path.join(root, newest, "bin");
}

/** A PostgreSQL cluster of a test's own, which it may restart, stop and start (the shared one it may not). */
export interface Cluster {
  /** The cluster's `postgres` database: make a test database from it (freshDatabase). */
  url: string;
  /** pg_ctl restart -m fast: every connection is terminated, the server back once it accepts connections. */
  restart: () => Promise<void>;
  /** pg_ctl stop -m fast. */
  stop: () => Promise<void>;
  start: () => Promise<void>;
  /** A new, empty database on the cluster. */
  freshDatabase: () => Promise<string>;
  /** Stops the cluster and removes its folder. */
  destroy: () => Promise<void>;
}

/**
 * A throwaway cluster on a loopback port, as .ci/postgres makes one: initdb refuses to run as root,
 * so as root the cluster belongs to the postgres user. Asynchronous throughout: claimants keep
 * working in the test's process while the cluster restarts.
 */
export async function startCluster(bin: string): Promise<Cluster> {
  const folder = mkdtempSync(path.join(tmpdir(), "portal-pg-faults-"));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { stdout } = await run("id", ["-u", "postgres"]);
    const { stdout: group } = await run("id", ["-g", "postgres"]);
    chownSync(folder, Number(stdout), Number(group));
  }
  const asPostgres = (program: string, args: string[]) =>
    asRoot
      ? run("runuser", ["-u", "postgres", "--", path.join(bin, program), ...args])
      : run(path.join(bin, program), args);
  const port = await freePort();
  const data = path.join(folder, "cluster");
  const options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100`;
  const pgCtl = (...args: string[]) =>
    asPostgres("pg_ctl", ["-D", data, "-l", path.join(folder, "log"), "-w", ...args]);
  await asPostgres("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8"]);
  await pgCtl("-o", options, "start");
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  let counter = 0;
  return {
    url,
    restart: async () => {
      await pgCtl("-m", "fast", "-o", options, "restart");
    },
    stop: async () => {
      await pgCtl("-m", "fast", "stop");
    },
    start: async () => {
      await pgCtl("-o", options, "start");
    },
    freshDatabase: async () => {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      const name = `portal_faults_${process.pid}_${counter++}`;
      try {
        await admin.query(`CREATE DATABASE ${name}`);
      } finally {
        await admin.end();
      }
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    destroy: async () => {
      await pgCtl("-m", "immediate", "stop").catch(() => undefined);
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/**
 * Terminates every other connection to the database at `url`, from a connection of its own, as an
 * operator (or a failover) would: SELECT pg_terminate_backend(pid) FROM pg_stat_activity…
 * Resolves with how many it terminated.
 */
export async function terminateBackends(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rowCount } = await client.query(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()",
    );
    return rowCount ?? 0;
  } finally {
    await client.end();
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
