import { PageHeading } from "#app/components/PageHeading.tsx";
import { PageTitle } from "#app/components/PageTitle.tsx";
import { PortalLink } from "#app/components/PortalLink.tsx";
import { loadReturnLink } from "#app/flows/return-link.server.ts";
import { databaseAwayMiddleware } from "#app/http/database-away.server.ts";
import { useText } from "#app/i18n/use-text.ts";
import type { Route } from "./+types/return-link";

/** /return?token=…: an open claimant's e-mailed link back to their draft (decision 032). */
export const middleware: Route.MiddlewareFunction[] = [databaseAwayMiddleware];

export const loader = (args: Route.LoaderArgs) => loadReturnLink(args);

/** What a link that opens no draft says: none such (404), or its claim is filed (410). */
export default function ReturnLink({ loaderData }: Route.ComponentProps) {
  const text = useText();
  const title = loaderData.filed ? "Return_Filed_Title" : "Return_Unknown_Title";
  return (
    <>
      <PageTitle titleKey={title} />
      <PageHeading>{text(title)}</PageHeading>
      <p>{text(loaderData.filed ? "Return_Filed_Message" : "Return_Unknown_Message")}</p>
      <p>
        {loaderData.filed ? (
          <PortalLink to="/claim/status" className="claim-status">
            {text("Return_Filed_Status")}
          </PortalLink>
        ) : (
          <PortalLink to="/">{text("Link_StartPage")}</PortalLink>
        )}
      </p>
    </>
  );
}
