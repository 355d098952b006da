import { useText } from "#app/i18n/use-text.ts";
import type { LayoutModel } from "#app/themes/layout-model.ts";
import { ExternalLink } from "./ExternalLink.tsx";

/** Privacy-policy link (new tab) and the copyright with the current year, in every footer. */
export function FooterLegal({ model }: { model: LayoutModel }) {
  const text = useText();
  return (
    <div className="footer-legal">
      <ExternalLink href={model.privacyPolicyUrl}>{text("Footer_PrivacyPolicy")}</ExternalLink>
      <small>{text("Footer_Copyright", new Date().getFullYear(), model.contact.settlementName)}</small>
    </div>
  );
}
