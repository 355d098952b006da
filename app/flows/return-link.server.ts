import { data, redirect, type RouterContextProvider } from "react-router";
import { resumeByReturnLink } from "#app/claims/return-link.server.ts";
import { requestNow } from "#app/clock.server.ts";
import { deadlineRedirectTarget } from "#app/deadlines/deadline-guard.ts";
import { getCulture } from "#app/i18n/culture-middleware.server.ts";
import { readSessionId } from "#app/session/session-cookie.server.ts";
import { getPortal } from "#app/settlement/portal.server.ts";
import { continuePath } from "./authorize.server.ts";

/**
 * /return?token=… (decision 032): the link e-mailed to an open claimant. A good one signs the
 * browser in to the link's flow and goes on where the draft left off (303, the token left behind
 * in the address bar); a closed flow goes where its deadline says, as its pages do; else a page
 * says why not: 404 for no such link, 410 for a claim filed since.
 */
export async function loadReturnLink({
  request,
  url,
  context,
}: {
  request: Request;
  url: URL;
  context: Readonly<RouterContextProvider>;
}) {
  const culture = getCulture(context);
  const resumed = await resumeByReturnLink(url.searchParams.get("token") ?? "", {
    sessionId: await readSessionId(request),
    now: requestNow(request),
  });
  if (resumed.ok)
    throw redirect(continuePath(resumed.formType, resumed.draft, undefined, culture), {
      status: 303,
      headers: { "Set-Cookie": resumed.setCookie },
    });
  if (resumed.reason === "closed")
    throw redirect(deadlineRedirectTarget(getPortal().deadlines, resumed.deadline.key, culture, resumed.formType), 303);
  const filed = resumed.reason === "filed";
  return data({ filed }, { status: filed ? 410 : 404 });
}
