import { Fragment } from "react";
import { data } from "react-router";
import { ClaimAccessForm } from "#app/components/ClaimAccessForm.tsx";
import { PageHeading } from "#app/components/PageHeading.tsx";
import { PageTitle } from "#app/components/PageTitle.tsx";
import { PortalLink } from "#app/components/PortalLink.tsx";
import { claimStatuses } from "#app/claims/claim-status.server.ts";
import { findClaim, loadClaimAccess } from "#app/flows/claim-access.server.ts";
import { databaseAwayMiddleware } from "#app/http/database-away.server.ts";
import { getCulture, getTranslate } from "#app/i18n/culture-middleware.server.ts";
import { useText } from "#app/i18n/use-text.ts";
import type { Route } from "./+types/claim-status";

/** /claim/status (issue 25): a filed claim's status, once the claimant has found it (claim access). */
export const middleware: Route.MiddlewareFunction[] = [databaseAwayMiddleware];

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/RouteErrorBoundary.tsx";

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { claims, form, headers } = await loadClaimAccess({ request, url });
  // Only what the page shows of each claim: its status, never its answers.
  const statuses = await claimStatuses(claims, getTranslate(context), getCulture(context));
  return data({ statuses, form }, { headers });
}

export const action = (args: Route.ActionArgs) => findClaim(args);

export default function ClaimStatus({ loaderData, actionData }: Route.ComponentProps) {
  const text = useText();
  const { statuses, form } = loaderData;
  const answer = actionData?.access;
  const errors = !!answer && Object.keys(answer.errors).length > 0;
  return (
    <>
      <PageTitle titleKey="Status_Title" errors={errors} />
      <PageHeading>{text("Status_Title")}</PageHeading>
      {statuses.map((claim) => (
        <section key={claim.referenceCode} className="claim-status" aria-labelledby={`claim-${claim.referenceCode}`}>
          <h2 id={`claim-${claim.referenceCode}`}>
            {claim.flow}: <span className="reference-code">{claim.referenceCode}</span>
          </h2>
          <div className="claim-status-current">
            <p>
              {text("Status_Current")}{" "}
              <strong className={`status-tag status-${claim.current.status}`}>{claim.current.label}</strong>
            </p>
            <p>{text(`Status_${claim.current.status}_Explained`)}</p>
            {claim.current.details.map((detail) => (
              <p key={detail}>{detail}</p>
            ))}
            {claim.current.status === "documents_needed" && (
              <p>
                <PortalLink to="/documents">{text("Status_AddDocuments")}</PortalLink>
              </p>
            )}
          </div>
          <h3>{text("Status_History")}</h3>
          <ol className="claim-status-history">
            {claim.history.map((change, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the history is a fixed list, newest first
              <li key={index}>
                <strong>{change.label}</strong>, {change.date}
                {/* A line each: run together, what is needed and by when read as one sentence on a phone. */}
                {change.details.map((detail) => (
                  <Fragment key={detail}>
                    <br />
                    {detail}
                  </Fragment>
                ))}
              </li>
            ))}
          </ol>
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
