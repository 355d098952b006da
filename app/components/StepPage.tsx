import { useContext, useState } from "react";
import { DraftKeptNotice } from "#app/components/DraftKeptNotice.tsx";
import { ErrorAlertModal } from "#app/components/ErrorAlertModal.tsx";
import { IdleNotice } from "#app/components/IdleNotice.tsx";
import { StepHeading } from "#app/components/StepHeading.tsx";
import { SessionTimer } from "#app/components/SessionTimer.tsx";
import { summaryText } from "#app/components/form/summary-text.ts";
import { StepForm } from "#app/components/form/StepForm.tsx";
import { ErrorsShownContext } from "#app/components/form/step-form-context.ts";
import { fieldId } from "#app/components/form/field-id.ts";
import type { RecordsSection } from "#app/components/records/RecordsSection.tsx";
import { Toast } from "#app/components/Toast.tsx";
import { useServerFailureMessage } from "#app/http/server-failure.ts";
import { useText } from "#app/i18n/use-text.ts";
import type { Route } from "../routes/+types/flow-step";

/**
 * A form step of a claim flow: the fields its page definition lists, and its records lists
 * (expenses, documents) drawn by `Records`: the documents step's route module gives RecordsSection
 * itself; the other steps', which seldom have one, load it only if they do (issue 14: the records
 * were a fifth of the script of every step page).
 */
export function StepPage({
  loaderData,
  actionData,
  Records,
}: Pick<Route.ComponentProps, "loaderData" | "actionData"> & { Records: typeof RecordsSection }) {
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
            <SavedToast saved={loaderData.justSaved && !actionData} />
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
            {/* An open claimant's link back to their draft, e-mailed once they gave their address (decision 032). */}
            {loaderData.returnLink && (
              <p className="return-link-sent">
                {loaderData.returnLink.until
                  ? text("Return_Notice_Until", loaderData.returnLink.to, loaderData.returnLink.until)
                  : text("Return_Notice", loaderData.returnLink.to)}
              </p>
            )}
            <DraftKeptNotice kept={loaderData.draftKept} />
            {loaderData.records.map((view) => (
              <Records
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

/**
 * "Your answers were saved." (the step before), unless the form shows errors: then they are the
 * news. Its region is on every step page, saying nothing until there is something to say.
 */
function SavedToast({ saved }: { saved: boolean }) {
  const text = useText();
  const errorsShown = useContext(ErrorsShownContext);
  return <Toast message={saved && !errorsShown ? text("Form_Saved") : undefined} />;
}
