import { lazy, Suspense } from "react";
import { StepPage } from "#app/components/StepPage.tsx";
import { loadStep, submitStep } from "#app/flows/step-page.server.ts";
import { FLOW_MIDDLEWARE } from "#app/flows/flow-route.server.ts";
import type { Route } from "./+types/flow-step";

/** The flow and step this address names, and the deadline guard (app/flows/flow-route.server.ts). */
export const middleware: Route.MiddlewareFunction[] = FLOW_MIDDLEWARE;
// A failed form post ends here, under the root: the error page keeps the portal's layout and contact.
export { RouteErrorBoundary as ErrorBoundary } from "#app/components/RouteErrorBoundary.tsx";
export const loader = (args: Route.LoaderArgs) => loadStep(args);
export const action = (args: Route.ActionArgs) => submitStep(args);
/** With JavaScript, a save the server could not take keeps the page as typed and says so (app/http/server-failure.ts). */
export { handle } from "#app/flows/step-route.ts";

/** Records on a step other than the documents one: possible in a definition, so fetched when there. */
const LazyRecordsSection = lazy(() =>
  import("#app/components/records/RecordsSection.tsx").then((module) => ({ default: module.RecordsSection })),
);
const RecordsSection: Parameters<typeof StepPage>[0]["Records"] = (props) => (
  <Suspense fallback={null}>
    <LazyRecordsSection {...props} />
  </Suspense>
);

/** A form step of a claim flow (the documents step has a module of its own: flow-documents.tsx). */
export default function FlowStep({ loaderData, actionData }: Route.ComponentProps) {
  return <StepPage loaderData={loaderData} actionData={actionData} Records={RecordsSection} />;
}
