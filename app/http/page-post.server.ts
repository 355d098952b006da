import type { MiddlewareFunction } from "react-router";
import { PAGE_LOCATION_HEADER, PAGE_POST_HEADER } from "./page-post.ts";

/**
 * A redirect answering a form the page's scripts posted (app/http/page-post.ts), as a 204 that
 * carries the address and every other header (the session's cookie after a sign-in, say): the
 * scripts then load that page, as the browser would have.
 */
export const pagePostMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  const response = await next();
  const location = response.headers.get("Location");
  if (request.method !== "POST" || !request.headers.has(PAGE_POST_HEADER) || !location) return response;
  if (response.status < 300 || response.status >= 400) return response;
  const headers = new Headers(response.headers);
  headers.delete("Location");
  headers.set(PAGE_LOCATION_HEADER, location);
  return new Response(null, { status: 204, headers });
};
