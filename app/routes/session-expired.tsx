import { PageHeading } from "#app/components/PageHeading.tsx";
import { PortalLink } from "#app/components/PortalLink.tsx";
import { isFormType } from "#app/flow-registry/form-type.ts";
import { flowStartPath } from "#app/flow-registry/form-type.ts";
import { useText } from "#app/i18n/use-text.ts";
import type { Route } from "./+types/session-expired";
import { readSessionId } from "#app/session/session-cookie.server.ts";
import { offeredFlow } from "#app/settlement/portal.server.ts";
import { getStore } from "#app/storage/store.server.ts";
import { databaseAwayMiddleware } from "#app/http/database-away.server.ts";
import { PageTitle } from "#app/components/PageTitle.tsx";

/**
 * /session-expired?form=…&culture=… (SPEC §2): says what happened and offers that form's start
 * again. What happened is told by the browser's session: none at all (signing out clears the
 * cookie: Back after it; a step's address opened in a browser new to the portal), or one the store
 * has that never signed in to the form, is "not signed in"; a cookie whose session the store no
 * longer has is a session that ended (a time-out ends it in the store, and the cookie stays; a
 * cookie given before signing in but never used has no record either, and reads so too).
 */
export const middleware: Route.MiddlewareFunction[] = [databaseAwayMiddleware];

export async function loader({ request, url }: Route.LoaderArgs) {
  const form = url.searchParams.get("form") ?? "";
  // A flow the settlement does not offer has no start page to go back to: the portal's is offered.
  const formType = isFormType(form) && offeredFlow(form) ? form : undefined;
  const sessionId = await readSessionId(request);
  const session = sessionId ? await getStore().getSession(sessionId) : undefined;
  const signedIn = !!session && (!formType || !!session.authorizations[formType]);
  return { formType, notSignedIn: !sessionId || (!!session && !signedIn) };
}

export default function SessionExpired({ loaderData }: Route.ComponentProps) {
  const text = useText();
  const { formType, notSignedIn } = loaderData;
  return (
    <>
      <PageTitle titleKey={notSignedIn ? "SessionSignedOut_Title" : "SessionExpired_Title"} />
      <PageHeading>{text(notSignedIn ? "SessionSignedOut_Title" : "SessionExpired_Title")}</PageHeading>
      <p>{text(notSignedIn ? "SessionSignedOut_Message" : "SessionExpired_Message")}</p>
      <p>
        {formType ? (
          <PortalLink to={flowStartPath(formType)} className="start-again">
            {text("SessionExpired_StartAgain", text(`Flow_${formType}_Title`))}
          </PortalLink>
        ) : (
          <PortalLink to="/">{text("Link_StartPage")}</PortalLink>
        )}
      </p>
    </>
  );
}
