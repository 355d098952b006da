import { getOnly, getOnlyLoader, requiredCulture } from "#app/http/api-error.server.ts";
import { redirect } from "react-router";
import { withCulture } from "#app/i18n/culture.ts";
import { getTranslate } from "#app/i18n/culture-middleware.server.ts";
import { sameOriginPath } from "#app/http/same-origin-path.ts";
import type { LoaderFunctionArgs } from "react-router";

/**
 * GET /api/culture/set-language?culture=&returnUrl= (declared in SPEC §7, use not shown): sends the
 * claimant back to a portal page in the chosen culture. A return URL is followed only if, resolved
 * against this origin, it stays on it (else the start page), so it cannot be used as an open redirect.
 */
function read({ request, context }: LoaderFunctionArgs) {
  const culture = requiredCulture(request, getTranslate(context));
  if (culture instanceof Response) return culture;
  const url = new URL(request.url);
  const local = sameOriginPath(url.searchParams.get("returnUrl") ?? "/", url.origin) ?? "/";
  const target = new URL(local, url.origin);
  target.searchParams.delete("culture");
  return redirect(withCulture(`${target.pathname}${target.search}${target.hash}`, culture));
}

/** This address takes a GET: any other method is 405, Allow: GET, HEAD. */
export const action = getOnly;

export const loader = getOnlyLoader(read);
