import { useText } from "#app/i18n/use-text.ts";
import { PageHeading } from "./PageHeading.tsx";
import { PortalLink } from "./PortalLink.tsx";

/** SPEC §8's generic failure message; the contact details it points to are in the footer. */
export function ErrorMessage() {
  const text = useText();
  return (
    <>
      <PageHeading>{text("Error_Title")}</PageHeading>
      <p>{text("Error_ProblemOccurred")}</p>
      <p>
        <PortalLink to="/">{text("Link_StartPage")}</PortalLink>
      </p>
    </>
  );
}
