import { PageHeading } from "#app/components/PageHeading.tsx";
import { PortalLink } from "#app/components/PortalLink.tsx";
import { StepForm } from "#app/components/form/StepForm.tsx";
import { Toast } from "#app/components/Toast.tsx";
import { loadStep, submitStep } from "#app/flows/step-page.server.ts";
import { useText } from "#app/i18n/use-text.ts";
import { pageTitle } from "#app/page-title.ts";
import type { Route } from "./+types/flow-step";

export const loader = (args: Route.LoaderArgs) => loadStep(args);
export const action = (args: Route.ActionArgs) => submitStep(args);

export const meta: Route.MetaFunction = ({ matches, loaderData }) => pageTitle(matches, loaderData?.page.title ?? "Error_Title");

/** A form step of a claim flow: the fields its page definition lists. */
export default function FlowStep({ loaderData, actionData }: Route.ComponentProps) {
  const text = useText();
  const { page } = loaderData;
  return (
    <>
      {loaderData.justSaved && <Toast>{text("Form_Saved")}</Toast>}
      {loaderData.backPath && (
        <p className="back-link">
          <PortalLink to={loaderData.backPath}>{text("Form_Back")}</PortalLink>
        </p>
      )}
      <p className="step-count">{text("Form_StepOf", loaderData.stepNumber, loaderData.stepCount)}</p>
      <PageHeading>{text(page.title)}</PageHeading>
      {page.intro && <p>{text(page.intro)}</p>}
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
        countryNames={loaderData.countryNames}
        csrfToken={loaderData.csrfToken}
        action={loaderData.action}
        lastResult={actionData?.result}
        submitLabel={text("Form_SaveAndContinue")}
      />
    </>
  );
}
