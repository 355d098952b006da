import { data, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { getTranslate } from "#app/i18n/culture-middleware.server.ts";
import { requestErrorsContext } from "#app/request-context.ts";
import { isDatabaseAway } from "#app/storage/database-away.server.ts";
import { apiError } from "./api-error.server.ts";

/**
 * Whether the request failed (a 5xx) because the database was away or dropped its connection
 * (app/storage/database-away.server.ts). React Router has reported what its loader or action threw
 * by then (entry.server.tsx's handleError, into the request's errors): that is how it is known here.
 */
function failedWithDatabaseAway(context: Readonly<RouterContextProvider>, response: Response): boolean {
  return response.status >= 500 && !!context.get(requestErrorsContext)?.some(isDatabaseAway);
}

/**
 * A page whose loader or action met the database away answers 503 with the "try again" page in the
 * claimant's language (RouteErrorBoundary), not the 500 of a fault: nothing is wrong with what they
 * sent, and the portal connects again by itself (issue 23). React Router renders the route's error
 * page again for the 503; the request's log line keeps the database's error (an `error`, with its
 * cause). Loaders' and actions' errors reach a middleware only as the page rendered for them, so it
 * looks after `next()`; a route's own middleware, so the error page is the route's, inside the
 * root's layout (its culture, header and footer).
 */
export const databaseAwayMiddleware: MiddlewareFunction<Response> = async ({ context }, next) => {
  const response = await next();
  if (failedWithDatabaseAway(context, response)) throw data(null, { status: 503, statusText: "Service Unavailable" });
  return response;
};

/** The JSON API's: 503 `database_unavailable` in the API's error shape (docs/api.md), the message in the call's culture. */
export const apiDatabaseAwayMiddleware: MiddlewareFunction<Response> = async ({ context }, next) => {
  const response = await next();
  return failedWithDatabaseAway(context, response)
    ? apiError("database_unavailable", getTranslate(context)("Error_TryAgain"))
    : response;
};
