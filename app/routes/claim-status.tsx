import { data } from "react-router";
import { newChallengeAfterEachAnswer } from "#app/captcha/new-challenge.ts";
import { ClaimAccessForm } from "#app/components/ClaimAccessForm.tsx";
import { PageHeading } from "#app/components/PageHeading.tsx";
import { PageTitle } from "#app/components/PageTitle.tsx";
import { PortalLink } from "#app/components/PortalLink.tsx";
import { findClaim, loadClaimAccess } from "#app/flows/claim-access.server.ts";
import { claimantToday, formatDayLong } from "#app/forms/claimant-dates.ts";
import { databaseAwayMiddleware } from "#app/http/database-away.server.ts";
import { getCulture, getTranslate } from "#app/i18n/culture-middleware.server.ts";
import { useText } from "#app/i18n/use-text.ts";
import type { Route } from "./+types/claim-status";

/** /claim/status (issue 25): a filed claim's status, once the claimant has found it (claim access). */
export const middleware: Route.MiddlewareFunction[] = [databaseAwayMiddleware];
export { RouteErrorBoundary as ErrorBoundary } from "#app/components/RouteErrorBoundary.tsx";
export const shouldRevalidate = newChallengeAfterEachAnswer;

export async function loader({ request, context }: Route.LoaderArgs) {
  const culture = getCulture(context);
  const text = getTranslate(context);
  const { claims, form, headers } = await loadClaimAccess({ request });
  // Only what the page shows of each claim: never its answers.
  const found = claims.map(({ claim }) => ({
    referenceCode: claim.referenceCode,
    flow: text(`Flow_${claim.formType}_Title`),
    filedOn: formatDayLong(claimantToday(claim.submittedAt), culture, "long"),
  }));
  return data({ claims: found, form }, { headers });
}

export const action = (args: Route.ActionArgs) => findClaim(args);

export default function ClaimStatus({ loaderData, actionData }: Route.ComponentProps) {
  const text = useText();
  const { claims, form } = loaderData;
  const answer = actionData?.access;
  const errors = !!answer && Object.keys(answer.errors).length > 0;
  return (
    <>
      <PageTitle titleKey="Status_Title" errors={errors} />
      <PageHeading>{text("Status_Title")}</PageHeading>
      {claims.map((claim) => (
        <section key={claim.referenceCode} className="claim-status" aria-labelledby={`claim-${claim.referenceCode}`}>
          <h2 id={`claim-${claim.referenceCode}`}>
            {claim.flow}: <span className="reference-code">{claim.referenceCode}</span>
          </h2>
          <p className="claim-status-current">{text("Status_Received", claim.filedOn)}</p>
        </section>
      ))}
      {form.shown || answer ? (
        <ClaimAccessForm form={form} answer={answer} />
      ) : (
        <p>
          <PortalLink to="/claim/status?find=code">{text("Access_FindAnother")}</PortalLink>
        </p>
      )}
    </>
  );
}
