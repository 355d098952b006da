import { useText } from "#app/i18n/use-text.ts";
import { PageHeading } from "./PageHeading.tsx";
import { PageTitle } from "./PageTitle.tsx";
import { PortalLink } from "./PortalLink.tsx";

export function NotFoundMessage() {
  const text = useText();
  return (
    <>
      <PageTitle titleKey="NotFound_Title" />
      <PageHeading>{text("NotFound_Title")}</PageHeading>
      <p>{text("NotFound_Message")}</p>
      <p>
        <PortalLink to="/">{text("Link_StartPage")}</PortalLink>
      </p>
    </>
  );
}
