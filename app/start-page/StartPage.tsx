import { PageHeading } from "#app/components/PageHeading.tsx";
import { PageTitle } from "#app/components/PageTitle.tsx";
import { PortalLink } from "#app/components/PortalLink.tsx";
import { useText } from "#app/i18n/use-text.ts";
import type { StartPageData } from "./start-page.server.ts";

/**
 * The start page of a settlement with several flows and no home flow (GOV.UK's start page): what
 * the portal is for, then a link to each flow offered with a line on what it is for.
 */
export function StartPage({ startPage }: StartPageData) {
  const text = useText();
  return (
    <>
      <PageTitle titleKey="Start_Title" />
      <PageHeading>{text("Start_Title")}</PageHeading>
      {/* "…or to check whether it covers you" only where the VIN lookup is offered. */}
      <p>{text(startPage.some((flow) => flow.formType === "lookup") ? "Start_Intro" : "Start_IntroClaimsOnly")}</p>
      <ul className="flow-list">
        {startPage.map((flow) => (
          <li key={flow.formType}>
            <PortalLink to={flow.path}>{text(`Flow_${flow.formType}_Title`)}</PortalLink>
            <p>{text(`Flow_${flow.formType}_Intro`)}</p>
          </li>
        ))}
      </ul>
    </>
  );
}
