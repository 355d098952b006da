import { DraftKeptNotice } from "#app/components/DraftKeptNotice.tsx";
import { PageHeading } from "#app/components/PageHeading.tsx";
import { PageTitle } from "#app/components/PageTitle.tsx";
import { Feedback } from "#app/components/Feedback.tsx";
import { PortalLink } from "#app/components/PortalLink.tsx";
import { SignOutForm } from "#app/components/SignOutForm.tsx";
import { CaptchaField } from "#app/components/form/CaptchaField.tsx";
import { StepForm } from "#app/components/form/StepForm.tsx";
import { authorizeFlow, loadIndex } from "#app/flows/authorize.server.ts";
import { useText } from "#app/i18n/use-text.ts";
import { PrefetchPageModules } from "#app/client/page-data.tsx";
import { FLOW_MIDDLEWARE } from "#app/flows/flow-route.server.ts";
import { StartPage } from "#app/start-page/StartPage.tsx";
import { startPageAt } from "#app/start-page/start-page.server.ts";
import type { Route } from "./+types/flow-index";

/** The flow and step this address names, and the deadline guard (app/flows/flow-route.server.ts). */
export const middleware: Route.MiddlewareFunction[] = FLOW_MIDDLEWARE;
// A failed form post ends here, under the root: the error page keeps the portal's layout and contact.
export { RouteErrorBoundary as ErrorBoundary } from "#app/components/RouteErrorBoundary.tsx";
// "/" is the home flow's start page, or (no home flow in settlement.json) the list of the flows offered.
export const loader = (args: Route.LoaderArgs) => startPageAt(args.url.pathname) ?? loadIndex(args);
export const action = (args: Route.ActionArgs) => authorizeFlow(args);
/** The route of a claim's steps (app/routes.ts: "routes/flow-step.tsx"), where signing in leads. */
const CLAIM_STEP_ROUTE = "routes/flow-step";

/**
 * A claim flow's start page: what the claim is for, when it closes, and the sign-in form; for a
 * claimant signed in to the flow, the way back to their claim and the sign-out instead.
 */
export default function FlowIndex({ loaderData, actionData }: Route.ComponentProps) {
  const text = useText();
  if ("startPage" in loaderData) return <StartPage startPage={loaderData.startPage} />;
  const { page, formType } = loaderData;
  const lastResult = actionData?.result;
  const heading = (
    <>
      <PageHeading>{text(page.title)}</PageHeading>
      {page.intro && <p>{text(page.intro)}</p>}
      <p>
        <strong>{text(`Flow_${formType}_Deadline`, text(`Flow_${formType}_Closes`))}</strong>
      </p>
    </>
  );
  // Signed in to this flow already: the way on is the claim, not a second sign-in (decision 035).
  if (loaderData.signedIn && loaderData.continuePath) {
    return (
      <>
        <PageTitle titleKey={page.title} />
        <SignOutForm formType={formType} csrfToken={loaderData.csrfToken} />
        {heading}
        <p>{text(loaderData.filed ? "Pages_Index_SignedInFiled" : "Pages_Index_SignedIn")}</p>
        <p className="continue-claim">
          <PortalLink to={loaderData.continuePath}>
            {text(loaderData.filed ? "Pages_Index_SeeClaim" : "Pages_Index_Continue")}
          </PortalLink>
        </p>
      </>
    );
  }
  return (
    <StepForm
      {...loaderData}
      lastResult={lastResult}
      submitLabel={text("Index_SignIn")}
      beforeForm={
        <>
          {loaderData.signedIn && <SignOutForm formType={formType} csrfToken={loaderData.csrfToken} />}
          {loaderData.signedOut && (
            <div className="signed-out" role="status">
              <Feedback style="success">{text("SignOut_Done")}</Feedback>
            </div>
          )}
          {heading}
          <DraftKeptNotice kept={loaderData.draftKept} />
        </>
      }
    >
      <CaptchaField settings={loaderData.captcha} lastResult={lastResult} />
      {/* Signed in, the claimant goes on to the claim's first step: its modules are fetched meanwhile. */}
      <PrefetchPageModules routeId={CLAIM_STEP_ROUTE} />
    </StepForm>
  );
}
