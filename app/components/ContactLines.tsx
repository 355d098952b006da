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
          {text("Footer_Phone")} <PhoneLink phone={contact.phone} />
        </>
      ),
    },
    {
      key: "email",
      line: (
        <>
          {text("Footer_Email")} <EmailLink email={contact.email} />
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

/** The administrator's phone number, a link that calls it on a phone. */
export function PhoneLink({ phone }: { phone: string }) {
  return <a href={`tel:${phone.replace(/[^\d+]/g, "")}`}>{phone}</a>;
}

/** The administrator's e-mail address, a link that writes to it. */
export function EmailLink({ email }: { email: string }) {
  return <a href={`mailto:${email}`}>{email}</a>;
}
