import { useState } from "react";
import { ErrorAlertModal } from "#app/components/ErrorAlertModal.tsx";
import { IdleNotice } from "#app/components/IdleNotice.tsx";
import { StepHeading } from "#app/components/StepHeading.tsx";
import { SessionTimer } from "#app/components/SessionTimer.tsx";
import { summaryText } from "#app/components/form/ErrorSummary.tsx";
import { StepForm } from "#app/components/form/StepForm.tsx";
import { fieldId } from "#app/components/form/step-form-context.ts";
import { RecordsSection } from "#app/components/records/RecordsSection.tsx";
import { Toast } from "#app/components/Toast.tsx";
import { loadStep, submitStep } from "#app/flows/step-page.server.ts";
import {
  keepPageOnServerFailure,
  noReloadAfterServerFailure,
  useServerFailureMessage,
} from "#app/http/server-failure.ts";
import { useText } from "#app/i18n/use-text.ts";
import type { Route } from "./+types/flow-step";
import { COMPACT_BANNER } from "#app/components/Banner.tsx";

export const loader = (args: Route.LoaderArgs) => loadStep(args);
export const action = (args: Route.ActionArgs) => submitStep(args);

/** With JavaScript, a save the server could not take keeps the page as typed and says so (app/http/server-failure.ts). */
export const clientAction = ({ serverAction }: Route.ClientActionArgs) => keepPageOnServerFailure(serverAction);
export const shouldRevalidate = noReloadAfterServerFailure;

export const handle = COMPACT_BANNER;

/** A form step of a claim flow: the fields its page definition lists. */
export default function FlowStep({ loaderData, actionData }: Route.ComponentProps) {
  const text = useText();
  const { page } = loaderData;
  const [showError, closeError] = useServerFailureMessage(actionData);
  const recordFailure = actionData && "recordFailure" in actionData ? actionData.recordFailure : undefined;
  const recordProblems: Record<string, string> =
    actionData && "recordProblems" in actionData ? actionData.recordProblems : {};
  const fieldLabel = (path: string) => {
    const [model, key] = path.split(".") as [string, string];
    const field = loaderData.records.find((view) => view.block.model === model)?.model.fields[key];
    return field ? text(field.label) : path;
  };
  // With JavaScript, a draft's Save or Upload refused in the browser lists its problems in the summary too.
  const [draftErrors, setDraftErrors] = useState<Record<string, string>>({});
  const recordSettings = {
    onChecked: setDraftErrors,
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
      <ErrorAlertModal
        errorInfo={{ showError, header: text("Error_Title"), message: text("Error_ProblemOccurred") }}
        onClose={closeError}
      />
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
        now={loaderData.now}
        csrfToken={loaderData.csrfToken}
        action={loaderData.action}
        lastResult={actionData && "result" in actionData ? actionData.result : undefined}
        extraErrors={[
          // A record refused (its draft's fields), or a list short of its minimum.
          ...Object.entries(Object.keys(draftErrors).length > 0 ? draftErrors : (recordFailure?.errors ?? {})).map(
            ([path, message]) => ({
              href: `#${fieldId(path)}`,
              text: summaryText(fieldLabel(path), message),
            }),
          ),
          ...Object.entries(recordProblems).map(([model, message]) => ({ href: `#records-${model}`, text: message })),
        ]}
        beforeForm={
          <>
            {/* Not beside errors: the page's own answer (a record refused) is what the claimant needs now. */}
            {loaderData.justSaved && !actionData && <Toast>{text("Form_Saved")}</Toast>}
            <StepHeading
              title={text(page.title)}
              formType={loaderData.formType}
              csrfToken={loaderData.csrfToken}
              backPath={loaderData.backPath}
              stepNumber={loaderData.stepNumber}
              stepCount={loaderData.stepCount}
            />
            {page.intro && <p>{text(page.intro)}</p>}
            {loaderData.timeout && <IdleNotice timeout={loaderData.timeout} />}
            {loaderData.records.map((view) => (
              <RecordsSection
                key={view.block.model}
                view={view}
                settings={recordSettings}
                failure={recordFailure}
                problem={recordProblems[view.block.model]}
              />
            ))}
          </>
        }
        submitLabel={text("Form_SaveAndContinue")}
      />
    </>
  );
}
