import { Form } from "react-router";
import { AnswerList } from "#app/components/AnswerList.tsx";
import { Feedback } from "#app/components/Feedback.tsx";
import { PageHeading } from "#app/components/PageHeading.tsx";
import { PortalLink } from "#app/components/PortalLink.tsx";
import { SignOutForm } from "#app/components/SignOutForm.tsx";
import { loadConfirmation, startAnotherClaim } from "#app/flows/claim-submission.server.ts";
import { useText } from "#app/i18n/use-text.ts";
import { FLOW_MIDDLEWARE } from "#app/flows/flow-route.server.ts";
import type { Route } from "./+types/confirmation";
import { COMPACT_BANNER } from "#app/components/Banner.tsx";
import { PrintButton } from "#app/components/PrintButton.tsx";
import { PageTitle } from "#app/components/PageTitle.tsx";

/** The flow and step this address names, and the deadline guard (app/flows/flow-route.server.ts). */
export const middleware: Route.MiddlewareFunction[] = FLOW_MIDDLEWARE;
// A failed form post ends here, under the root: the error page keeps the portal's layout and contact.
export { RouteErrorBoundary as ErrorBoundary } from "#app/components/RouteErrorBoundary.tsx";
export const loader = (args: Route.LoaderArgs) => loadConfirmation(args);
export const action = (args: Route.ActionArgs) => startAnotherClaim(args);

// What scripts add here, the print button, a few lines of its own show (PrintButton, decision 041).
export const handle = COMPACT_BANNER;

/**
 * The claim as filed: its reference code to keep (printable), its answers read-only, and what the
 * claimant can do next by the settlement's rule (claims.perMember): change it (a new version),
 * file another, or ask the administrator.
 */
export default function Confirmation({ loaderData }: Route.ComponentProps) {
  const text = useText();
  const { contact } = loaderData;
  return (
    <>
      <PageTitle titleKey="Step_Confirmation" />
      <SignOutForm formType={loaderData.formType} csrfToken={loaderData.csrfToken} />
      {loaderData.changeRefused && (
        <Feedback style="warning">{`${text("Claim_ChangeRefused")} ${text("Claim_HowToChange", contact.phone, contact.email)}`}</Feedback>
      )}
      {/* GOV.UK "Confirmation pages": a panel with the outcome and the reference code, then what happens next. */}
      <div className="confirmation-panel panel">
        <PageHeading>{text(loaderData.amendedOn ? "Confirmation_PanelAmended" : loaderData.page.title)}</PageHeading>
        <div className="panel-body">
          <p>{text(loaderData.amendedOn ? "Confirmation_AmendedCode" : "Confirmation_YourCode")}</p>
          <p className="reference-code">
            <strong>{loaderData.referenceCode}</strong>
          </p>
          <p>{text("Confirmation_SubmittedOn", loaderData.submittedOn)}</p>
          {loaderData.amendedOn && (
            <p className="claim-version">{text("Confirmation_AmendedOn", loaderData.amendedOn, loaderData.version)}</p>
          )}
        </div>
      </div>
      {loaderData.emailedTo && <p className="emailed-to">{text("Email_ConfirmationSent", loaderData.emailedTo)}</p>}
      <p className="keep-code">{text("Confirmation_Keep")}</p>
      <PrintButton>{text("Confirmation_Print")}</PrintButton>
      <section className="what-next" aria-labelledby="what-next">
        <h2 id="what-next">{text("Confirmation_WhatNext")}</h2>
        <p>{text("Confirmation_WhatNext_Review")}</p>
        <p>{text("Confirmation_WhatNext_Contact")}</p>
        <p>{text("Confirmation_WhatNext_Code")}</p>
      </section>
      {loaderData.perMember === "amend" && loaderData.changePath && (
        <p>
          {text("Confirmation_CanAmend")}{" "}
          <PortalLink to={loaderData.changePath}>{text("Confirmation_ChangeAnswers")}</PortalLink>
        </p>
      )}
      {loaderData.perMember === "one" && !loaderData.changeRefused && (
        <p>{text("Claim_HowToChange", contact.phone, contact.email)}</p>
      )}
      {loaderData.perMember === "many" && (
        <Form method="post" action={loaderData.action}>
          <input type="hidden" name="csrf" value={loaderData.csrfToken} />
          <button type="submit" name="intent" value="another" className="secondary">
            {text("Confirmation_FileAnother")}
          </button>
        </Form>
      )}
      <h2>{text("Confirmation_YourAnswers")}</h2>
      {loaderData.sections.map((section) => (
        <section key={section.step} className="answer-section" aria-labelledby={`answers-${section.step}`}>
          <h3 id={`answers-${section.step}`}>{section.title}</h3>
          <AnswerList answers={section.answers} />
        </section>
      ))}
    </>
  );
}
