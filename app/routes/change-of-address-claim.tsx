import { AnswerList } from "#app/components/AnswerList.tsx";
import { PageHeading } from "#app/components/PageHeading.tsx";
import { PageTitle } from "#app/components/PageTitle.tsx";
import { PortalLink } from "#app/components/PortalLink.tsx";
import { StepForm } from "#app/components/form/StepForm.tsx";
import { loadAddressChange, submitAddressChange } from "#app/flows/change-of-address.server.ts";
import { databaseAwayMiddleware } from "#app/http/database-away.server.ts";
import { enhancedBy } from "#app/client/page-data.tsx";
import { useText } from "#app/i18n/use-text.ts";
import type { Route } from "./+types/change-of-address-claim";

export const middleware: Route.MiddlewareFunction[] = [databaseAwayMiddleware];
export { RouteErrorBoundary as ErrorBoundary } from "#app/components/RouteErrorBoundary.tsx";
export const loader = ({ params, ...args }: Route.LoaderArgs) =>
  loadAddressChange({ ...args, referenceCode: params.referenceCode });
export const action = ({ params, ...args }: Route.ActionArgs) =>
  submitAddressChange({ ...args, referenceCode: params.referenceCode });
/**
 * The step form's module enhances its contact questions (decision 044), and posts them, so that
 * with JavaScript a change the server could not take keeps the page as typed and says so.
 */
export const handle = enhancedBy("step-form");

/**
 * /coa/<reference code>: the claim's current contact details first, then the flow's own contact
 * questions to change them (GOV.UK question page); after a change, its confirmation with the
 * details now on the claim.
 */
export default function ChangeOfAddressClaim({ loaderData, actionData }: Route.ComponentProps) {
  const text = useText();
  const { referenceCode, flowTitle, answers, result, form } = loaderData;
  const claimHeading = text("Address_ClaimHeading", text(flowTitle), referenceCode);
  const backToClaims = !loaderData.singleClaim && (
    <p>
      <PortalLink to="/coa">{text("Address_BackToClaims")}</PortalLink>
    </p>
  );
  if (result)
    return (
      <>
        <PageTitle titleKey={result === "changed" ? "Address_Changed_Title" : "Address_Unchanged_Title"} />
        {/* GOV.UK "Confirmation pages": the outcome in a panel, then what it means. */}
        <div className="confirmation-panel panel address-result">
          <PageHeading>{text(result === "changed" ? "Address_Changed_Title" : "Address_Unchanged_Title")}</PageHeading>
          <div className="panel-body">
            <p>{claimHeading}</p>
          </div>
        </div>
        <p>{text(result === "changed" ? "Address_Changed_Body" : "Address_Unchanged_Body")}</p>
        <h2>{text("Address_Current")}</h2>
        <AnswerList answers={answers} />
        {backToClaims}
      </>
    );
  return (
    <StepForm
      {...form}
      lastResult={actionData && "result" in actionData ? actionData.result : undefined}
      submitLabel={text("Address_Submit")}
      beforeForm={
        <>
          {backToClaims}
          <PageHeading>{text("Address_Title")}</PageHeading>
          <p>{claimHeading}</p>
          <h2>{text("Address_Current")}</h2>
          <AnswerList answers={answers} />
          <h2>{text("Address_NewDetails")}</h2>
          <p>{text("Address_NewDetails_Hint")}</p>
        </>
      }
    />
  );
}
