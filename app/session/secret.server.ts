import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { dataDir as portalDataDir, PRIVATE_FILE, privateFolder } from "#app/storage/data-dir.server.ts";

let secret: string | undefined;

/**
 * The key that signs session cookies and CSRF tokens: SESSION_SECRET when the operator sets it
 * (required for several instances), else one made on first start and kept in the data folder so
 * sessions survive a restart of a single instance with no set-up.
 */
export function sessionSecret(): string {
  if (secret) return secret;
  if (process.env.SESSION_SECRET) {
    if (process.env.SESSION_SECRET.length < 32) throw new Error("SESSION_SECRET must be at least 32 characters long.");
    secret = process.env.SESSION_SECRET;
    return secret;
  }
  const dataDir = portalDataDir();
  const file = path.join(dataDir, "session-secret");
  if (existsSync(file)) {
    secret = readFileSync(file, "utf8").trim();
  } else {
    privateFolder(dataDir);
    secret = randomBytes(32).toString("base64url");
    writeFileSync(file, secret, { mode: PRIVATE_FILE });
  }
  return secret;
}
