import { CaptchaField } from "#app/components/form/CaptchaField.tsx";
import { StepForm } from "#app/components/form/StepForm.tsx";
import { Feedback } from "#app/components/Feedback.tsx";
import { PageHeading } from "#app/components/PageHeading.tsx";
import { PortalLink } from "#app/components/PortalLink.tsx";
import { loadLookup, lookUpVin } from "#app/flows/lookup.server.ts";
import { useText } from "#app/i18n/use-text.ts";
import { FLOW_MIDDLEWARE } from "#app/flows/flow-route.server.ts";
import type { Route } from "./+types/lookup";

/** The flow and step this address names, and the deadline guard (app/flows/flow-route.server.ts). */
export const middleware: Route.MiddlewareFunction[] = FLOW_MIDDLEWARE;
// A failed form post ends here, under the root: the error page keeps the portal's layout and contact.
export { RouteErrorBoundary as ErrorBoundary } from "#app/components/RouteErrorBoundary.tsx";
export const loader = (args: Route.LoaderArgs) => loadLookup(args);
export const action = (args: Route.ActionArgs) => lookUpVin(args);

/** /lookup: is this vehicle covered? */
export default function Lookup({ loaderData, actionData }: Route.ComponentProps) {
  const text = useText();
  const lastResult = actionData?.result;
  return (
    <StepForm
      {...loaderData}
      lastResult={actionData?.vin ? undefined : lastResult}
      submitLabel={text("Lookup_Submit")}
      key={actionData?.vin ?? "form"}
      beforeForm={
        <>
          <PageHeading>{text(loaderData.page.title)}</PageHeading>
          {loaderData.page.intro && <p>{text(loaderData.page.intro)}</p>}
          <p>
            <strong>{text("Flow_lookup_Deadline", text("Flow_lookup_Closes"))}</strong>
          </p>
          {actionData?.vin && (
            <div role="status" className="lookup-result">
              <Feedback
                style={actionData.covered ? "success" : "warning"}
                icon={actionData.covered ? "check" : "circle-info"}
              >
                {text(actionData.covered ? "Lookup_Covered" : "Lookup_NotCovered", actionData.vin)}
              </Feedback>
            </div>
          )}
          {/* What to do next: a covered vehicle's claim is filed by signing in; another VIN is checked, or asked about. */}
          {actionData?.vin && (
            <p className="lookup-next">
              {actionData.covered ? (
                <>
                  {text("Lookup_Covered_Next")} <PortalLink to="/">{text("Lookup_FileClaim")}</PortalLink>
                </>
              ) : (
                text("Lookup_NotCovered_Next")
              )}
            </p>
          )}
        </>
      }
    >
      <CaptchaField settings={loaderData.captcha} lastResult={lastResult} />
    </StepForm>
  );
}
