import { Link, useLocation } from "react-router";
import { useText } from "#app/i18n/use-text.ts";
import { PageHeading } from "./PageHeading.tsx";
import { PageTitle } from "./PageTitle.tsx";

/**
 * A form posted from a page whose session token no longer holds (a 403): the browser signed in
 * again or out since the page was opened, in another tab say, or sends no cookie at all. Nothing
 * was taken; the way on is the same page opened again, under the session the browser has now.
 */
export function PageExpiredMessage() {
  const text = useText();
  const { pathname, search } = useLocation();
  return (
    <>
      <PageTitle titleKey="Error_PageExpired_Title" />
      <PageHeading>{text("Error_PageExpired_Title")}</PageHeading>
      <p>{text("Error_PageExpired")}</p>
      <p>
        {/* A whole new document: the page as the session now stands, with its token. */}
        <Link to={`${pathname}${search}`} className="page-again" reloadDocument>
          {text("Link_PageAgain")}
        </Link>
      </p>
    </>
  );
}
