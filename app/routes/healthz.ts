import { json } from "#app/http/json.server.ts";
import { reportRequestError } from "#app/request-log.server.ts";
import { getPortal } from "#app/settlement/portal.server.ts";
import { getStore } from "#app/storage/store.server.ts";
import type { Route } from "./+types/healthz";

const startedAt = Date.now();

/**
 * GET /healthz: for load balancers and monitors. 200 while the portal can serve claimants; 503
 * while its database cannot be reached (the server stays up and recovers by itself); the 503's log
 * line says why.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { settlement } = getPortal();
  const uptimeSeconds = Math.round((Date.now() - startedAt) / 1000);
  const database = process.env.DATABASE_URL ? "postgresql" : "sqlite";
  try {
    await getStore().ping();
    return json({ status: "ok", caseNumber: settlement.caseNumber, database, uptimeSeconds });
  } catch (error) {
    reportRequestError(context, error);
    return json({ status: "unavailable", caseNumber: settlement.caseNumber, database, uptimeSeconds }, { status: 503 });
  }
}
