import { useText } from "#app/i18n/use-text.ts";
import type { FlowLink, HeaderLinks, LayoutModel } from "#app/themes/layout-model.ts";
import { ExternalLink } from "./ExternalLink.tsx";
import { HeaderLink } from "./HeaderLink.tsx";

/**
 * The header navigation of SPEC §2: pages of the settlement web site (appended to its base URL,
 * opening in a new tab), the portal's own documents page (issue 25: the settlement's documents and
 * a filed claim's, unless headerLinks keeps it on the site) and VIN lookup; the claim,
 * reimbursement and VIN links only for the flows the settlement offers (`flowLinks`). The kontent
 * header omits them.
 */
export function SiteNavigation({
  model,
  flowLinks,
  headerLinks,
}: {
  model: LayoutModel;
  flowLinks: FlowLink[];
  headerLinks: HeaderLinks;
}) {
  const text = useText();
  const site = (path: string) => `${model.siteBaseUrl}${path}`;
  return (
    <nav aria-label={text("Header_MainNavigation")} className="site-navigation">
      <ul>
        <li>
          <ExternalLink href={site("/")}>{text("Header_Home")}</ExternalLink>
        </li>
        <li>
          <ExternalLink href={site("/dates")}>{text("Header_Dates")}</ExternalLink>
        </li>
        <li>
          <HeaderLink link={headerLinks.documents} label={text("Header_Documents")} />
        </li>
        <li>
          <ExternalLink href={site("/faq")}>{text("Header_Faq")}</ExternalLink>
        </li>
        {flowLinks.map(({ labelKey, href, on }) => (
          <li key={href}>
            <HeaderLink link={{ labelKey, href, on }} />
          </li>
        ))}
      </ul>
    </nav>
  );
}
