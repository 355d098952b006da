import { redirect } from "react-router";
import { withCulture } from "#app/i18n/culture.ts";
import { requiredCulture } from "#app/http/json.server.ts";
import type { Route } from "./+types/culture-set-language";

/**
 * GET /api/culture/set-language?culture=&returnUrl= (declared in SPEC §7, use not shown): sends the
 * claimant back to a portal page in the chosen culture. Only local paths are followed, so it
 * cannot be used as an open redirect.
 */
export function loader({ request }: Route.LoaderArgs) {
  const culture = requiredCulture(request);
  if (culture instanceof Response) return culture;
  const returnUrl = new URL(request.url).searchParams.get("returnUrl") ?? "/";
  const local = /^\/(?![/\\])/.test(returnUrl) ? returnUrl : "/";
  const target = new URL(local, "http://portal.invalid");
  target.searchParams.delete("culture");
  return redirect(withCulture(`${target.pathname}${target.search}${target.hash}`, culture));
}
