import { useText } from "#app/i18n/use-text.ts";
import type { LayoutModel } from "#app/themes/layout-model.ts";

/** Phone, e-mail and mailing address of the Settlement Administrator, from the localized settings. */
export function ContactLines({ contact, asList = false }: { contact: LayoutModel["contact"]; asList?: boolean }) {
  const text = useText();
  const lines = [
    {
      key: "phone",
      line: (
        <>
          {text("Footer_Phone")} <a href={`tel:${contact.phone.replace(/[^\d+]/g, "")}`}>{contact.phone}</a>
        </>
      ),
    },
    {
      key: "email",
      line: (
        <>
          {text("Footer_Email")} <a href={`mailto:${contact.email}`}>{contact.email}</a>
        </>
      ),
    },
    {
      key: "mail",
      line: (
        <>
          {text("Footer_Mail")} {contact.mailingAddress.join(", ")}
        </>
      ),
    },
  ];
  if (asList) {
    return (
      <ul className="contact-list">
        {lines.map(({ key, line }) => (
          <li key={key}>{line}</li>
        ))}
      </ul>
    );
  }
  return (
    <address className="contact-lines">
      {lines.map(({ key, line }) => (
        <p key={key}>{line}</p>
      ))}
    </address>
  );
}
