import { useText } from "#app/i18n/use-text.ts";
import type { FlowLink } from "#app/themes/layout-model.ts";
import { ExternalLink } from "./ExternalLink.tsx";
import { PortalLink } from "./PortalLink.tsx";

/** A header link: a page of the portal (same tab, the claimant's culture kept), or of another site (a new tab, and says so). */
export function HeaderLink({ link, label }: { link: FlowLink; label?: string }) {
  const text = useText();
  const shown = label ?? text(link.labelKey);
  return link.on === "site" ? (
    <ExternalLink href={link.href}>{shown}</ExternalLink>
  ) : (
    <PortalLink to={link.href}>{shown}</PortalLink>
  );
}
