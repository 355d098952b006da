import { json } from "#app/http/json.server.ts";
import { getPortal } from "#app/settlement/portal.server.ts";

const startedAt = Date.now();

/** GET /healthz: for load balancers and monitors. docs/operating.md says what each field means. */
export function loader() {
  const { settlement } = getPortal();
  return json({ status: "ok", caseNumber: settlement.caseNumber, uptimeSeconds: Math.round((Date.now() - startedAt) / 1000) });
}
