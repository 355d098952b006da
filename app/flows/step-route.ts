import { COMPACT_BANNER } from "#app/components/Banner.tsx";
import { KEEPS_PAGE_ON_SERVER_FAILURE } from "#app/http/server-failure.ts";

/** What the form steps' route modules (flow-step.tsx, flow-documents.tsx, claim-summary.tsx) share besides their data functions. */
export const handle = { ...COMPACT_BANNER, ...KEEPS_PAGE_ON_SERVER_FAILURE };
