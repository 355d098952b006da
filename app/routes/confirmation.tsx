import { useEffect, useState } from "react";
import { Feedback } from "#app/components/Feedback.tsx";
import { PageHeading } from "#app/components/PageHeading.tsx";
import { loadConfirmation } from "#app/flows/claim-submission.server.ts";
import { useText } from "#app/i18n/use-text.ts";
import { pageTitle } from "#app/page-title.ts";
import type { Route } from "./+types/confirmation";

export const loader = (args: Route.LoaderArgs) => loadConfirmation(args);

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Step_Confirmation");

/** The claim is filed: its reference code, to keep (printable). */
export default function Confirmation({ loaderData }: Route.ComponentProps) {
  const text = useText();
  const [canPrint, setCanPrint] = useState(false);
  useEffect(() => setCanPrint(true), []);
  return (
    <>
      <PageHeading>{text(loaderData.page.title)}</PageHeading>
      {loaderData.referenceCode ? (
        <div className="confirmation-panel">
          <p>{text("Confirmation_YourCode")}</p>
          <p className="reference-code">{loaderData.referenceCode}</p>
          <p>{text("Confirmation_SubmittedOn", loaderData.submittedOn)}</p>
        </div>
      ) : (
        <Feedback style="warning">{text("LocKey_Validation_MissingReferenceCode")}</Feedback>
      )}
      <p>{text("Confirmation_Keep")}</p>
      {canPrint && (
        <button type="button" className="secondary" onClick={() => window.print()}>
          {text("Confirmation_Print")}
        </button>
      )}
    </>
  );
}
