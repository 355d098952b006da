import { PageHeading } from "#app/components/PageHeading.tsx";
import { useText } from "#app/i18n/use-text.ts";
import { pageTitle } from "#app/page-title.ts";
import type { Route } from "./+types/deadline";

/** Shown when a deadline has passed and no redirect target is set; it never redirects itself (SPEC §4). */
export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Deadline_Title");

export default function DeadlinePage() {
  const text = useText();
  return (
    <>
      <PageHeading>{text("Deadline_Title")}</PageHeading>
      <p>{text("Deadline_Message")}</p>
      <p>{text("Deadline_Contact")}</p>
    </>
  );
}
