import { ErrorMessage } from "#app/components/ErrorMessage.tsx";

/** Where failures send the claimant (SPEC §2); an unexpected error renders the same message with status 500. */
export default function ErrorPage() {
  return <ErrorMessage />;
}
