import { AnswerList } from "#app/components/AnswerList.tsx";
import { DraftKeptNotice } from "#app/components/DraftKeptNotice.tsx";
import { CaptchaField } from "#app/components/form/CaptchaField.tsx";
import { StepForm } from "#app/components/form/StepForm.tsx";
import { Feedback } from "#app/components/Feedback.tsx";
import { IdleNotice } from "#app/components/IdleNotice.tsx";
import { StepHeading } from "#app/components/StepHeading.tsx";
import { SessionTimer } from "#app/components/SessionTimer.tsx";
import { ScriptedPost } from "#app/components/ScriptedPost.tsx";
import { loadSummary, submitClaim } from "#app/flows/claim-submission.server.ts";
import { useText } from "#app/i18n/use-text.ts";
import { FLOW_MIDDLEWARE } from "#app/flows/flow-route.server.ts";
import type { Route } from "./+types/claim-summary";
import { COMPACT_BANNER } from "#app/components/Banner.tsx";

/** The flow and step this address names, and the deadline guard (app/flows/flow-route.server.ts). */
export const middleware: Route.MiddlewareFunction[] = FLOW_MIDDLEWARE;
// A failed form post ends here, under the root: the error page keeps the portal's layout and contact.
export { RouteErrorBoundary as ErrorBoundary } from "#app/components/RouteErrorBoundary.tsx";
export const loader = (args: Route.LoaderArgs) => loadSummary(args);
export const action = (args: Route.ActionArgs) => submitClaim(args);
/**
 * With JavaScript, a submission the server could not take keeps the page, signature and all, and
 * says so (SPEC §8). The page loads no modules (decision 043): what its scripts add (the time-out
 * warning, the scripted post and its server-failure dialog, the captcha's widget) is a few inline
 * lines of its own, and a mistake is the server's answer, as without them.
 */
export const handle = COMPACT_BANNER;

/** Check your answers, sign, and submit. */
export default function ClaimSummary({ loaderData, actionData }: Route.ComponentProps) {
  const text = useText();
  const lastResult = actionData && "result" in actionData ? actionData.result : undefined;
  return (
    <>
      <ScriptedPost header={text("Error_Title")} message={text("Error_SubmissionFailed")} />
      {loaderData.timeout && <SessionTimer {...loaderData.timeout} csrfToken={loaderData.csrfToken} />}
      {/* While a submission runs its button is disabled (StepForm): a second one is refused (SPEC §4). */}
      <StepForm
        {...loaderData}
        lastResult={lastResult}
        submitLabel={text("Summary_Submit")}
        beforeForm={
          <>
            <StepHeading
              title={text(loaderData.page.title)}
              formType={loaderData.formType}
              csrfToken={loaderData.csrfToken}
              backPath={loaderData.backPath}
              stepNumber={loaderData.stepNumber}
              stepCount={loaderData.stepCount}
            />
            {loaderData.amending && <Feedback>{text("Summary_Amending", loaderData.amending)}</Feedback>}
            {loaderData.page.intro && <p>{text(loaderData.page.intro)}</p>}
            {loaderData.timeout && <IdleNotice timeout={loaderData.timeout} />}
            <DraftKeptNotice kept={loaderData.draftKept} />
            {loaderData.sections.map((section) => (
              <section key={section.step} className="answer-section" aria-labelledby={`answers-${section.step}`}>
                <h2 id={`answers-${section.step}`}>{section.title}</h2>
                <AnswerList answers={section.answers} changePath={section.changePath} />
              </section>
            ))}
            <p className="signature-date">
              {text("Summary_SignatureDate")} <strong>{loaderData.displayDate}</strong>
            </p>
          </>
        }
      >
        <CaptchaField settings={loaderData.captcha} lastResult={lastResult} />
      </StepForm>
    </>
  );
}
