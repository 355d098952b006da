import { randomBytes } from "node:crypto";
import { DatabaseSync } from "node:sqlite";
import path from "node:path";
import pg from "pg";
import type { PortalServer } from "./portal-server.ts";

export type Backend = "sqlite" | "postgresql";

/** SQLite always; PostgreSQL when DATABASE_URL names a server to make test databases on (.ci/run does). */
export const BACKENDS: Backend[] = ["sqlite", ...(process.env.DATABASE_URL ? (["postgresql"] as const) : [])];

/** A new, empty database on the DATABASE_URL server, for one test server. */
export async function freshDatabaseUrl(): Promise<string> {
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  const name = `portal_test_${randomBytes(6).toString("hex")}`;
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

export interface StoredClaim {
  reference_code: string;
  form_type: string;
  draft_id: string;
  claim_id: string | null;
  vin: string | null;
  verified: boolean;
  sign_in_method: string;
  version: number;
  models: Record<string, Record<string, unknown>>;
  culture: string;
}

const CLAIM_COLUMNS =
  "reference_code, form_type, draft_id, claim_id, vin, verified, sign_in_method, version, models, culture";

/**
 * The claims a test server stored, read straight from its database, whichever backend it runs on:
 * as stored, so a sensitive answer is its encryption (withStore reads them as typed).
 */
export async function readClaims(server: PortalServer): Promise<StoredClaim[]> {
  if (server.databaseUrl) {
    const client = new pg.Client({ connectionString: server.databaseUrl });
    await client.connect();
    try {
      return (await client.query<StoredClaim>(`SELECT ${CLAIM_COLUMNS} FROM claims`)).rows;
    } finally {
      await client.end();
    }
  }
  const db = new DatabaseSync(path.join(server.dataDir, "portal.sqlite"), { readOnly: true });
  try {
    return (
      db.prepare(`SELECT ${CLAIM_COLUMNS} FROM claims`).all() as unknown as Array<
        Record<keyof StoredClaim, string & number>
      >
    ).map((row) => ({
      ...row,
      verified: row.verified === 1,
      models: JSON.parse(row.models),
    }));
  } finally {
    db.close();
  }
}

/** How many documents a test server holds, claimed or not, read straight from its database. */
export async function countDocuments(server: PortalServer): Promise<number> {
  if (server.databaseUrl) {
    const client = new pg.Client({ connectionString: server.databaseUrl });
    await client.connect();
    try {
      return Number((await client.query<{ count: string }>("SELECT count(*) AS count FROM documents")).rows[0]!.count);
    } finally {
      await client.end();
    }
  }
  const db = new DatabaseSync(path.join(server.dataDir, "portal.sqlite"), { readOnly: true });
  try {
    return Number((db.prepare("SELECT count(*) AS count FROM documents").get() as { count: number }).count);
  } finally {
    db.close();
  }
}
