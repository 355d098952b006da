import { data } from "react-router";
import { PageHeading } from "#app/components/PageHeading.tsx";
import { FLOW_DEADLINE_KEYS } from "#app/deadlines/deadline-guard.ts";
import { formTypeOfPath } from "#app/flows/form-type.ts";
import { useText } from "#app/i18n/use-text.ts";
import { pageTitle } from "#app/page-title.ts";
import type { Route } from "./+types/flow-index";

export function loader({ url }: Route.LoaderArgs) {
  const formType = formTypeOfPath(url.pathname);
  if (!formType) throw data(null, { status: 404 });
  return { formType, deadlineKey: FLOW_DEADLINE_KEYS[formType][0]! };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => pageTitle(matches, `Flow_${loaderData?.formType ?? "automotive"}_Title`);

/** A flow's start page: what the claim is for and when it closes. */
export default function FlowIndex({ loaderData }: Route.ComponentProps) {
  const text = useText();
  const { formType, deadlineKey } = loaderData;
  return (
    <>
      <PageHeading>{text(`Flow_${formType}_Title`)}</PageHeading>
      <p>{text(`Flow_${formType}_Intro`)}</p>
      <p>
        <strong>{text(`Flow_${formType}_Deadline`, text(`Deadline_${deadlineKey}_Long`))}</strong>
      </p>
    </>
  );
}
