import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { PortalServer } from "./portal-server.ts";

const run = promisify(execFile);

/** The environment `npm run portal` runs in against a test server's store and settlement. */
export function portalCommandEnvironment(portal: PortalServer | undefined, settlementDir: string) {
  const { DATABASE_URL: _server, SMTP_URL: _smtp, ...environment } = process.env;
  return {
    ...environment,
    SETTLEMENT_DIR: settlementDir,
    DATA_DIR: portal?.dataDir ?? mkdtempSync(path.join(tmpdir(), "cli-data-")),
    ...(portal?.databaseUrl ? { DATABASE_URL: portal.databaseUrl } : {}),
    ...(portal?.env?.FIELD_ENCRYPTION_KEYS ? { FIELD_ENCRYPTION_KEYS: portal.env.FIELD_ENCRYPTION_KEYS } : {}),
    ...(portal?.env?.SMTP_URL ? { SMTP_URL: portal.env.SMTP_URL } : {}),
  };
}

/** `npm run portal -- …` as an operator runs it, against a test server's store and settlement. */
export async function portalCommand(portal: PortalServer | undefined, settlementDir: string, ...args: string[]) {
  const env = portalCommandEnvironment(portal, settlementDir);
  try {
    const { stdout, stderr } = await run(process.execPath, ["cli/portal.ts", ...args], { env });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}
