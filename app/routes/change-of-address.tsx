import { AnswerList } from "#app/components/AnswerList.tsx";
import { ContactLines } from "#app/components/ContactLines.tsx";
import { PageHeading } from "#app/components/PageHeading.tsx";
import { PageTitle } from "#app/components/PageTitle.tsx";
import { PortalLink } from "#app/components/PortalLink.tsx";
import { ClaimAccessForm } from "#app/components/ClaimAccessForm.tsx";
import { loadAddressClaims, signInForAddress } from "#app/flows/change-of-address.server.ts";
import { databaseAwayMiddleware } from "#app/http/database-away.server.ts";
import { useText } from "#app/i18n/use-text.ts";
import type { Route } from "./+types/change-of-address";

export const middleware: Route.MiddlewareFunction[] = [databaseAwayMiddleware];

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/RouteErrorBoundary.tsx";
export const loader = (args: Route.LoaderArgs) => loadAddressClaims(args);
export const action = (args: Route.ActionArgs) => signInForAddress(args);

/**
 * /coa, change of address (issue 25): a member signed in with their Claim ID and PIN sees each
 * claim's current contact details (GOV.UK "Check answers") with a link to change them; anyone else
 * is told how to sign in, or, signed in without a PIN, whom to ask.
 */
export default function ChangeOfAddress({ loaderData, actionData }: Route.ComponentProps) {
  const text = useText();
  const { signedIn, contact, claims, form } = loaderData;
  const answer = actionData?.access;
  return (
    <>
      <PageTitle titleKey="Address_Title" errors={!!answer && Object.keys(answer.errors).length > 0} />
      <PageHeading>{text("Address_Title")}</PageHeading>
      <p>{text("Address_Intro")}</p>
      {signedIn === "notSignedIn" && <p className="address-sign-in">{text("Address_SignIn")}</p>}
      {signedIn === "notVerified" && <p className="address-not-verified">{text("Address_NotVerified")}</p>}
      {(form.shown || answer) && <ClaimAccessForm form={form} answer={answer} />}
      {signedIn !== "member" && (
        <>
          <p className="address-without-notice">{text("Address_WithoutNotice")}</p>
          <ContactLines contact={contact} asList />
        </>
      )}
      {claims.map((claim) => (
        <section key={claim.referenceCode} className="answer-section" aria-labelledby={`claim-${claim.referenceCode}`}>
          <h2 id={`claim-${claim.referenceCode}`}>
            {text("Address_ClaimHeading", text(claim.flowTitle), claim.referenceCode)}
          </h2>
          <AnswerList answers={claim.answers} />
          <p>
            <PortalLink to={claim.changePath} className="address-change">
              {text("Address_ChangeLink")}
              <span className="visually-hidden"> {text("Address_ForClaim", claim.referenceCode)}</span>
            </PortalLink>
          </p>
        </section>
      ))}
    </>
  );
}
