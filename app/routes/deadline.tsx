import { PageHeading } from "#app/components/PageHeading.tsx";
import { useText } from "#app/i18n/use-text.ts";
import { PageTitle } from "#app/components/PageTitle.tsx";
import { WITHOUT_SCRIPTS } from "#app/client/page-data.tsx";

/** Nothing here that scripts would improve: the page loads none (decision 036). */
export const handle = WITHOUT_SCRIPTS;

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
