import { data } from "react-router";
import { NotFoundMessage } from "#app/components/NotFoundMessage.tsx";
import { pageTitle } from "#app/page-title.ts";
import type { Route } from "./+types/page-not-found";

/** /page-not-found and every unknown path: the not-found page with a real 404 status. */
export function loader() {
  return data(null, { status: 404 });
}

/** A form posted to an unknown path is not found either (without an action it was a 405, "Something went wrong"). */
export function action() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "NotFound_Title");

export default function PageNotFound() {
  return <NotFoundMessage />;
}
