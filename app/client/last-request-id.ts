/**
 * In the browser: the id of the last answer the server gave to a form the page's scripts posted
 * (app/client/page-post.ts notes it; "" when the server was not reached). The error dialog quotes
 * it for support (useRequestId). A module of its own: request-context.ts, which reads it, is also
 * the server's, and imports the router.
 */
let last: string | undefined;

export function noteRequestId(id: string): void {
  last = id;
}

export const lastRequestId = () => last;
