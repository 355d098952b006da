import { useEffect, useState } from "react";

/** What a form's client action answers when the server could not take the POST. */
export interface ServerFailure {
  serverError: true;
}

export function isServerFailure(result: unknown): result is ServerFailure {
  return typeof result === "object" && result !== null && "serverError" in result;
}

/**
 * A route's `handle` saying that, with JavaScript, a POST that fails on the server's side (a 5xx,
 * or no answer at all: the network) leaves its page as the claimant typed it, signature included,
 * and says so (SPEC §8), instead of replacing it with the error page: closing the tab is the only
 * way to lose answers (app/client/page-post.ts). Redirects, the 400 with field errors and the
 * CSRF 403 are shown as the server answered them.
 */
export const KEEPS_PAGE_ON_SERVER_FAILURE = { keepsPageOnServerFailure: true } as const;

export const keepsPageOnServerFailure = (handle: unknown) =>
  typeof handle === "object" && handle !== null && "keepsPageOnServerFailure" in handle;

/** Whether to show the failure's message now: after each failed POST, until the claimant closes it. */
export function useServerFailureMessage(actionData: unknown): [boolean, () => void] {
  const failed = isServerFailure(actionData);
  const [shown, setShown] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each failed POST brings new actionData, and shows the message again after the claimant closed it
  useEffect(() => setShown(failed), [failed, actionData]);
  return [shown, () => setShown(false)];
}
