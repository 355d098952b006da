import { ContactLines } from "#app/components/ContactLines.tsx";
import { FooterLegal } from "#app/components/FooterLegal.tsx";
import { useText } from "#app/i18n/use-text.ts";
import type { LayoutModel } from "../layout-model.ts";

/** The third footer (SPEC §2): a welcome line, then the contact details as a list. */
export function Footer({ model }: { model: LayoutModel }) {
  const text = useText();
  return (
    <div className="container">
      <p className="footer-welcome">{text("Footer_Welcome", model.contact.settlementName)}</p>
      <ContactLines contact={model.contact} asList />
      <FooterLegal model={model} />
    </div>
  );
}
