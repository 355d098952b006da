import { ErrorMessage } from "#app/components/ErrorMessage.tsx";
import { WITHOUT_SCRIPTS } from "#app/client/page-data.tsx";

/** Nothing here that scripts would improve: the page loads none (decision 036). */
export const handle = WITHOUT_SCRIPTS;

/** Where failures send the claimant (SPEC §2); an unexpected error renders the same message with status 500. */
export default function ErrorPage() {
  return <ErrorMessage />;
}
