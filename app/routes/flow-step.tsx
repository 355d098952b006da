import { lazy, Suspense } from "react";
import { StepPage } from "#app/components/StepPage.tsx";
import { loadStep, submitStep } from "#app/flows/step-page.server.ts";
import { keepPageOnServerFailure } from "#app/http/server-failure.ts";
import type { Route } from "./+types/flow-step";

export const loader = (args: Route.LoaderArgs) => loadStep(args);
export const action = (args: Route.ActionArgs) => submitStep(args);
/** With JavaScript, a save the server could not take keeps the page as typed and says so (app/http/server-failure.ts). */
export const clientAction = ({ serverAction }: Route.ClientActionArgs) => keepPageOnServerFailure(serverAction);
export { handle, shouldRevalidate } from "#app/flows/step-route.ts";

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
