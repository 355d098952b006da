import { data } from "react-router";
import { NotFoundMessage } from "#app/components/NotFoundMessage.tsx";

/** /page-not-found and every unknown path: the not-found page with a real 404 status. */
export function loader() {
  return data(null, { status: 404 });
}

/** A form posted to an unknown path is not found either (without an action it was a 405, "Something went wrong"). */
export function action() {
  return data(null, { status: 404 });
}

export default function PageNotFound() {
  return <NotFoundMessage />;
}
