import { EmailLink, PhoneLink } from "#app/components/ContactLines.tsx";
import { FooterLegal } from "#app/components/FooterLegal.tsx";
import { richText } from "#app/i18n/rich-text.tsx";
import { useText } from "#app/i18n/use-text.ts";
import type { LayoutModel } from "../layout-model.ts";

/** The second footer (SPEC §2): a header block, then a copy block. */
export function Footer({ model }: { model: LayoutModel }) {
  const text = useText();
  const { contact } = model;
  return (
    <div className="container">
      <div className="footer-header-block">
        <h2 className="footer-heading">{text("Footer_HeaderBlock", contact.settlementName)}</h2>
      </div>
      <div className="footer-copy-block">
        <p>
          {richText(text, "Footer_CopyBlock", [
            <PhoneLink key="phone" phone={contact.phone} />,
            <EmailLink key="email" email={contact.email} />,
            contact.mailingAddress.join(", "),
          ])}
        </p>
      </div>
      <FooterLegal model={model} />
    </div>
  );
}
