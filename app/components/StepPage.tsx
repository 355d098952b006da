import { useContext } from "react";
import { DraftKeptNotice } from "#app/components/DraftKeptNotice.tsx";
import { IdleNotice } from "#app/components/IdleNotice.tsx";
import { StepHeading } from "#app/components/StepHeading.tsx";
import { SessionTimer } from "#app/components/SessionTimer.tsx";
import { summaryText } from "#app/components/form/summary-text.ts";
import { StepForm } from "#app/components/form/StepForm.tsx";
import { ErrorsShownContext } from "#app/components/form/step-form-context.ts";
import { fieldId } from "#app/components/form/field-id.ts";
import { RecordsSection } from "#app/components/records/RecordsSection.tsx";
import { Toast } from "#app/components/Toast.tsx";
import { useText } from "#app/i18n/use-text.ts";
import type { Route } from "../routes/+types/flow-step";

/**
 * A form step of a claim flow: the fields its page definition lists, and its records lists
 * (expenses, documents).
 */
export function StepPage({ loaderData, actionData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const text = useText();
  const { page } = loaderData;
  const recordFailure = actionData && "recordFailure" in actionData ? actionData.recordFailure : undefined;
  const recordProblems: Record<string, string> =
    actionData && "recordProblems" in actionData ? actionData.recordProblems : {};
  const fieldLabel = (path: string) => {
    const [model, key] = path.split(".") as [string, string];
    const field = loaderData.records.find((view) => view.block.model === model)?.model.fields[key];
    return field ? text(field.label) : path;
  };
  const recordSettings = {
    action: loaderData.action,
    csrfToken: loaderData.csrfToken,
    internationalAddresses: loaderData.internationalAddresses,
    saved: loaderData.saved,
    recordChoices: loaderData.recordChoices,
    fileAccept: loaderData.fileAccept,
  };
  return (
    <>
      {loaderData.timeout && <SessionTimer {...loaderData.timeout} csrfToken={loaderData.csrfToken} />}

      <StepForm
        key={loaderData.step}
        step={loaderData.step}
        page={page}
        models={loaderData.models}
        values={loaderData.values}
        saved={loaderData.saved}
        shownValues={loaderData.shownValues}
        internationalAddresses={loaderData.internationalAddresses}
        csrfToken={loaderData.csrfToken}
        action={loaderData.action}
        lastResult={actionData && "result" in actionData ? actionData.result : undefined}
        extraErrors={[
          // A record refused (its draft's fields), or a list short of its minimum.
          ...Object.entries(recordFailure?.errors ?? {}).map(([path, message]) => ({
            href: `#${fieldId(path)}`,
            text: summaryText(fieldLabel(path), message),
          })),
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

/**
 * "Your answers were saved." (the step before), unless the form shows errors: then they are the
 * news. Its region is on every step page, saying nothing until there is something to say.
 */
function SavedToast({ saved }: { saved: boolean }) {
  const text = useText();
  const errorsShown = useContext(ErrorsShownContext);
  return <Toast message={saved && !errorsShown ? text("Form_Saved") : undefined} />;
}
