import { useEffect, useState } from "react";
import { isRouteErrorResponse, type ShouldRevalidateFunction } from "react-router";
import { ErrorAlertModal } from "#app/components/ErrorAlertModal.tsx";
import { PageHeading } from "#app/components/PageHeading.tsx";
import { PortalLink } from "#app/components/PortalLink.tsx";
import { SessionTimer } from "#app/components/SessionTimer.tsx";
import { ErrorSummary } from "#app/components/form/ErrorSummary.tsx";
import { StepForm } from "#app/components/form/StepForm.tsx";
import { fieldId } from "#app/components/form/step-form-context.ts";
import { RecordsSection } from "#app/components/records/RecordsSection.tsx";
import { Toast } from "#app/components/Toast.tsx";
import { loadStep, submitStep } from "#app/flows/step-page.server.ts";
import { useText } from "#app/i18n/use-text.ts";
import { pageTitle } from "#app/page-title.ts";
import type { Route } from "./+types/flow-step";

export const loader = (args: Route.LoaderArgs) => loadStep(args);
export const action = (args: Route.ActionArgs) => submitStep(args);

/**
 * With JavaScript, a save that fails on the server's side (a 5xx, the network) leaves the form as
 * the claimant typed it and says so in a modal (SPEC §8 "Server error info"), instead of
 * replacing the page. Redirects and the 400 with field errors pass through unchanged.
 */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  try {
    return await serverAction();
  } catch (error) {
    if (error instanceof Response || (isRouteErrorResponse(error) && error.status < 500 && error.status !== 403)) throw error;
    return { serverError: true as const };
  }
}

/** After a failed save the page's data is unchanged; reloading it would only fail the same way. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  typeof actionResult === "object" && actionResult !== null && "serverError" in actionResult ? false : defaultShouldRevalidate;

export const meta: Route.MetaFunction = ({ matches, loaderData }) => pageTitle(matches, loaderData?.page.title ?? "Error_Title");

/** A form step of a claim flow: the fields its page definition lists. */
export default function FlowStep({ loaderData, actionData }: Route.ComponentProps) {
  const text = useText();
  const { page } = loaderData;
  const failed = !!actionData && "serverError" in actionData;
  const [showError, setShowError] = useState(false);
  useEffect(() => setShowError(failed), [failed, actionData]);
  const recordFailure = actionData && "recordFailure" in actionData ? actionData.recordFailure : undefined;
  const recordProblems: Record<string, string> = actionData && "recordProblems" in actionData ? actionData.recordProblems : {};
  const fieldLabel = (path: string) => {
    const [model, key] = path.split(".") as [string, string];
    const field = loaderData.records.find((view) => view.block.model === model)?.model.fields[key];
    return field ? text(field.label) : path;
  };
  const recordSettings = {
    action: loaderData.action,
    csrfToken: loaderData.csrfToken,
    characterWhitelist: loaderData.characterWhitelist,
    internationalAddresses: loaderData.internationalAddresses,
    saved: loaderData.saved,
    recordChoices: loaderData.recordChoices,
    fileAccept: loaderData.fileAccept,
  };
  return (
    <>
      {loaderData.timeout && <SessionTimer {...loaderData.timeout} csrfToken={loaderData.csrfToken} />}
      <ErrorAlertModal errorInfo={{ showError, header: text("Error_Title"), message: text("Error_ProblemOccurred") }} onClose={() => setShowError(false)} />
      {loaderData.justSaved && <Toast>{text("Form_Saved")}</Toast>}
      {loaderData.backPath && (
        <p className="back-link">
          <PortalLink to={loaderData.backPath}>{text("Form_Back")}</PortalLink>
        </p>
      )}
      <p className="step-count">{text("Form_StepOf", loaderData.stepNumber, loaderData.stepCount)}</p>
      <PageHeading>{text(page.title)}</PageHeading>
      {page.intro && <p>{text(page.intro)}</p>}
      {recordFailure && (
        <ErrorSummary
          items={Object.entries(recordFailure.errors).map(([path, message]) => ({ href: `#${fieldId(path)}`, text: `${fieldLabel(path)}: ${message}` }))}
          focusKey={recordFailure}
        />
      )}
      {loaderData.records.map((view) => (
        <RecordsSection key={view.block.model} view={view} settings={recordSettings} failure={recordFailure} problem={recordProblems[view.block.model]} />
      ))}
      <StepForm
        key={loaderData.step}
        step={loaderData.step}
        page={page}
        models={loaderData.models}
        values={loaderData.values}
        saved={loaderData.saved}
        shownValues={loaderData.shownValues}
        characterWhitelist={loaderData.characterWhitelist}
        internationalAddresses={loaderData.internationalAddresses}
        csrfToken={loaderData.csrfToken}
        action={loaderData.action}
        lastResult={actionData && "result" in actionData ? actionData.result : undefined}
        extraErrors={Object.entries(recordProblems).map(([model, message]) => ({ href: `#records-${model}`, text: message }))}
        submitLabel={text("Form_SaveAndContinue")}
      />
    </>
  );
}
