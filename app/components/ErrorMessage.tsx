import { useText } from "#app/i18n/use-text.ts";
import { SUPPORT_REFERENCE_SLOT } from "./server-failure-dialog.ts";
import { PageHeading } from "./PageHeading.tsx";
import { PageTitle } from "./PageTitle.tsx";
import { PortalLink } from "./PortalLink.tsx";

/**
 * SPEC §8's generic failure message; the contact details it points to are in the footer. A failure
 * with a reason of its own (a form too large to take; the database away for a moment) says it
 * instead, under a heading of its own if it has one. `reference` is the failed
 * request's id, for the claimant to quote to support (the server's log lines carry it); nothing
 * else about the failure is shown.
 */
export function ErrorMessage({
  title = "Error_Title",
  message = "Error_ProblemOccurred",
  reference,
}: {
  title?: string;
  message?: string;
  reference?: string;
}) {
  const text = useText();
  return (
    <>
      <PageTitle titleKey={title} />
      <PageHeading>{text(title)}</PageHeading>
      <p>{text(message)}</p>
      <SupportReference reference={reference} />
      <p>
        <PortalLink to="/">{text("Link_StartPage")}</PortalLink>
      </p>
    </>
  );
}

/** "Reference for support: 7K3M-9QXW-2HDF", when there is a request to refer to. */
export function SupportReference({ reference }: { reference?: string }) {
  const text = useText();
  if (!reference) return null;
  // The id in a span that never breaks across lines: it is read out and typed back.
  const [before, after] = text("Error_SupportReference", SUPPORT_REFERENCE_SLOT).split(SUPPORT_REFERENCE_SLOT);
  return (
    <p className="support-reference">
      {before}
      <span className="support-code">{reference}</span>
      {after}
    </p>
  );
}
