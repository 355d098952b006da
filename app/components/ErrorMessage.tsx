import { useText } from "#app/i18n/use-text.ts";
import { PageHeading } from "./PageHeading.tsx";
import { PortalLink } from "./PortalLink.tsx";

/**
 * SPEC §8's generic failure message; the contact details it points to are in the footer. A failure
 * with a reason of its own (a form too large to take) says it instead.
 */
export function ErrorMessage({ message = "Error_ProblemOccurred" }: { message?: string }) {
  const text = useText();
  return (
    <>
      <PageHeading>{text("Error_Title")}</PageHeading>
      <p>{text(message)}</p>
      <p>
        <PortalLink to="/">{text("Link_StartPage")}</PortalLink>
      </p>
    </>
  );
}
