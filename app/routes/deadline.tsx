import { PageHeading } from "#app/components/PageHeading.tsx";
import { useText } from "#app/i18n/use-text.ts";
import { PageTitle } from "#app/components/PageTitle.tsx";

/** Shown when a deadline has passed and no redirect target is set; it never redirects itself (SPEC §4). */

export default function DeadlinePage() {
  const text = useText();
  return (
    <>
      <PageTitle titleKey="Deadline_Title" />
      <PageHeading>{text("Deadline_Title")}</PageHeading>
      <p>{text("Deadline_Message")}</p>
      <p>{text("Deadline_Contact")}</p>
    </>
  );
}
