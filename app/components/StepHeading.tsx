import type { FormType } from "#app/flow-registry/form-type.ts";
import { useText } from "#app/i18n/use-text.ts";
import { PageHeading } from "./PageHeading.tsx";
import { PortalLink } from "./PortalLink.tsx";
import { SignOutForm } from "./SignOutForm.tsx";

/**
 * The top of a signed-in step page (GOV.UK question pages): Back and Sign out on one line, the step
 * caption ("Step 2 of 6"), the H1. Kept to a few lines so that, on a phone, the H1 is on the first
 * screen even below an error summary.
 */
export function StepHeading({
  title,
  formType,
  csrfToken,
  backPath,
  stepNumber,
  stepCount,
}: {
  title: string;
  formType: FormType;
  csrfToken: string;
  backPath?: string;
  stepNumber: number;
  stepCount: number;
}) {
  const text = useText();
  return (
    <>
      <div className="page-tools">
        {backPath && (
          <p className="back-link">
            <PortalLink to={backPath}>{text("Form_Back")}</PortalLink>
          </p>
        )}
        <SignOutForm formType={formType} csrfToken={csrfToken} />
      </div>
      <p className="step-count">{text("Form_StepOf", stepNumber, stepCount)}</p>
      <PageHeading>{title}</PageHeading>
    </>
  );
}
