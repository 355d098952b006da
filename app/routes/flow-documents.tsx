import { StepPage } from "#app/components/StepPage.tsx";
import { loadStep, submitStep } from "#app/flows/step-page.server.ts";
import { FLOW_MIDDLEWARE } from "#app/flows/flow-route.server.ts";
import { enhancedBy } from "#app/client/page-data.tsx";
import { COMPACT_BANNER } from "#app/components/Banner.tsx";
import type { Route } from "./+types/flow-documents";

/** The flow and step this address names, and the deadline guard (app/flows/flow-route.server.ts). */
export const middleware: Route.MiddlewareFunction[] = FLOW_MIDDLEWARE;
// A failed form post ends here, under the root: the error page keeps the portal's layout and contact.
export { RouteErrorBoundary as ErrorBoundary } from "#app/components/RouteErrorBoundary.tsx";
export const loader = (args: Route.LoaderArgs) => loadStep(args);
export const action = (args: Route.ActionArgs) => submitStep(args);
/**
 * The step form's own module enhances the server's markup, its records lists too (decision 044),
 * keeps the time-out warning, and posts the forms, so that a save the server could not take keeps
 * the page as typed and says so (SPEC §8).
 */
export const handle = { ...COMPACT_BANNER, ...enhancedBy("step-form") };

/** The supporting-documents step: its expenses and documents lists. */
export default function FlowDocuments({ loaderData, actionData }: Route.ComponentProps) {
  return <StepPage loaderData={loaderData} actionData={actionData} />;
}
