import { ContactLines } from "#app/components/ContactLines.tsx";
import { FooterLegal } from "#app/components/FooterLegal.tsx";
import { useText } from "#app/i18n/use-text.ts";
import type { LayoutModel } from "../layout-model.ts";

/** The default footer (SPEC §2): three contact lines. */
export function Footer({ model }: { model: LayoutModel }) {
  const text = useText();
  return (
    <div className="container">
      <h2 className="footer-heading">{text("Footer_ContactHeading")}</h2>
      <ContactLines contact={model.contact} />
      <FooterLegal model={model} />
    </div>
  );
}
