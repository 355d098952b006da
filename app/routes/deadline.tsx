import { PageHeading } from "#app/components/PageHeading.tsx";
import { useText } from "#app/i18n/use-text.ts";
import { PageTitle } from "#app/components/PageTitle.tsx";
import { passedDeadline } from "#app/deadlines/deadline-guard.ts";
import { requestNow } from "#app/clock.server.ts";
import { isFormType } from "#app/flow-registry/form-type.ts";
import { formatDeadline } from "#app/forms/claimant-clock.ts";
import { getCulture, getTranslate } from "#app/i18n/culture-middleware.server.ts";
import { flowDeadlineKeys, getPortal, offeredFlow } from "#app/settlement/portal.server.ts";
import type { Route } from "./+types/deadline";

/**
 * Shown when a deadline has passed and no redirect target is set; it never redirects itself (SPEC §4).
 * It says which deadline passed and when (decision 035): the flow's, named by the deadline guard's
 * `flow`, or the settlement's own; opened when neither has passed, it says only that one has.
 */
export function loader({ request, url, context }: Route.LoaderArgs) {
  const { deadlines } = getPortal();
  const now = requestNow(request);
  const flow = url.searchParams.get("flow") ?? undefined;
  const formType = isFormType(flow) && offeredFlow(flow) ? flow : undefined;
  const passed = passedDeadline(deadlines, formType ? flowDeadlineKeys(formType) : ["globalDeadline"], now);
  if (!passed) return { passed: undefined };
  const text = getTranslate(context);
  const when = formatDeadline(passed.closesAt, passed.zone, getCulture(context));
  return {
    passed:
      formType && passed.key !== "globalDeadline"
        ? text("Pages_Deadline_Flow", text(`Flow_${formType}_Title`), when)
        : text("Pages_Deadline_Settlement", when),
  };
}

export default function DeadlinePage({ loaderData }: Route.ComponentProps) {
  const text = useText();
  return (
    <>
      <PageTitle titleKey="Deadline_Title" />
      <PageHeading>{text("Deadline_Title")}</PageHeading>
      <p>{loaderData.passed ?? text("Deadline_Message")}</p>
      <p>{text("Deadline_Contact")}</p>
    </>
  );
}
