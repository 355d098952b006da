import { ErrorMessage } from "#app/components/ErrorMessage.tsx";
import { pageTitle } from "#app/page-title.ts";
import type { Route } from "./+types/error";

/** Where failures send the claimant (SPEC §2); an unexpected error renders the same message with status 500. */
export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Error_Title");

export default function ErrorPage() {
  return <ErrorMessage />;
}
