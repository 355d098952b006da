import { useEffect, useState } from "react";
import { isRouteErrorResponse, type ShouldRevalidateFunction } from "react-router";

/** What a form's client action answers when the server could not take the POST. */
export interface ServerFailure {
  serverError: true;
}

export function isServerFailure(result: unknown): result is ServerFailure {
  return typeof result === "object" && result !== null && "serverError" in result;
}

/**
 * With JavaScript, a POST that fails on the server's side (a 5xx, or no answer at all: the
 * network) leaves the page as the claimant typed it, signature included, and says so (SPEC §8),
 * instead of replacing it with the error page: closing the tab is the only way to lose answers.
 * Redirects, the 400 with field errors and the CSRF 403 pass through unchanged.
 */
export async function keepPageOnServerFailure<T>(serverAction: () => Promise<T>): Promise<T | ServerFailure> {
  try {
    return await serverAction();
  } catch (error) {
    // A 403 too: the page's session changed since it was opened (signed in again in another tab),
    // so no retry from it can be taken; the route's error page says so and opens it again.
    if (error instanceof Response || (isRouteErrorResponse(error) && error.status < 500)) throw error;
    return { serverError: true };
  }
}

/** After a failed POST the page's data is unchanged; reloading it would only fail the same way. */
export const noReloadAfterServerFailure: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  isServerFailure(actionResult) ? false : defaultShouldRevalidate;

/** Whether to show the failure's message now: after each failed POST, until the claimant closes it. */
export function useServerFailureMessage(actionData: unknown): [boolean, () => void] {
  const failed = isServerFailure(actionData);
  const [shown, setShown] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each failed POST brings new actionData, and shows the message again after the claimant closed it
  useEffect(() => setShown(failed), [failed, actionData]);
  return [shown, () => setShown(false)];
}
