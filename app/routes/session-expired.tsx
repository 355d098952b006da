import { PageHeading } from "#app/components/PageHeading.tsx";
import { PortalLink } from "#app/components/PortalLink.tsx";
import { isFormType } from "#app/deadlines/deadline-guard.ts";
import { flowStartPath } from "#app/flows/form-type.ts";
import { useText } from "#app/i18n/use-text.ts";
import type { Route } from "./+types/session-expired";
import { PageTitle } from "#app/components/PageTitle.tsx";

/** /session-expired?form=…&culture=… (SPEC §2): says what happened and offers that form's start again. */
export function loader({ url }: Route.LoaderArgs) {
  const form = url.searchParams.get("form") ?? "";
  return { formType: isFormType(form) ? form : undefined };
}

export default function SessionExpired({ loaderData }: Route.ComponentProps) {
  const text = useText();
  const { formType } = loaderData;
  return (
    <>
      <PageTitle titleKey="SessionExpired_Title" />
      <PageHeading>{text("SessionExpired_Title")}</PageHeading>
      <p>{text("SessionExpired_Message")}</p>
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
