import { useText } from "#app/i18n/use-text.ts";
import type { FlowLink, LayoutModel } from "#app/themes/layout-model.ts";
import { ExternalLink } from "./ExternalLink.tsx";
import { PortalLink } from "./PortalLink.tsx";

/**
 * The header navigation of SPEC §2: pages of the settlement web site (appended to its base URL,
 * opening in a new tab) and the portal's own VIN lookup; the claim, reimbursement and VIN links
 * only for the flows the settlement offers (`flowLinks`). The kontent header omits them.
 */
export function SiteNavigation({ model, flowLinks }: { model: LayoutModel; flowLinks: FlowLink[] }) {
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
          <ExternalLink href={site("/documents")}>{text("Header_Documents")}</ExternalLink>
        </li>
        <li>
          <ExternalLink href={site("/faq")}>{text("Header_Faq")}</ExternalLink>
        </li>
        {flowLinks.map(({ labelKey, href, on }) => (
          <li key={href}>
            {on === "site" ? (
              <ExternalLink href={href}>{text(labelKey)}</ExternalLink>
            ) : (
              <PortalLink to={href}>{text(labelKey)}</PortalLink>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
