import { COMPACT_BANNER } from "#app/components/Banner.tsx";
import { noReloadAfterServerFailure } from "#app/http/server-failure.ts";

/** What the form steps' route modules (flow-step.tsx, flow-documents.tsx) share besides their data functions. */
export const shouldRevalidate = noReloadAfterServerFailure;
export const handle = COMPACT_BANNER;
