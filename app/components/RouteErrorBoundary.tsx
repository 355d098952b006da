import { isRouteErrorResponse, useRouteError } from "react-router";
import { useRequestId } from "#app/request-context.ts";
import { ErrorMessage } from "./ErrorMessage.tsx";
import { NotFoundMessage } from "./NotFoundMessage.tsx";
import { PageExpiredMessage } from "./PageExpiredMessage.tsx";

/**
 * Anything a route throws ends here (the root, and each flow route: under the root, a failed form
 * post still has the root's data, so the page keeps its header, footer and contact details): a 404
 * shows the not-found page, a 403 (a form's token from before the session changed) that the page
 * expired, a 413 (a form over its size limit) says so, a 503 (the database was away: issue 23) asks
 * them to try again in a minute, everything else the /error message of SPEC §8, never a stack trace (the request's
 * log line has it). Except for the 404, the page gives the request's id as the reference for
 * support: the one detail that finds the failure in the log.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const reference = useRequestId();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundMessage />;
  if (isRouteErrorResponse(error) && error.status === 403) return <PageExpiredMessage />;
  if (isRouteErrorResponse(error) && error.status === 413)
    return <ErrorMessage message="Form_TooLarge" reference={reference} />;
  if (isRouteErrorResponse(error) && error.status === 503)
    return <ErrorMessage title="Error_TryAgain_Title" message="Error_TryAgain" reference={reference} />;
  return <ErrorMessage reference={reference} />;
}
