import { PAGE_LOCATION_HEADER, PAGE_POST_HEADER } from "#app/http/page-post.ts";
import { noteRequestId } from "./last-request-id.ts";
import { loadPageAfterPost } from "./load-page.ts";
import { keepsPageOnServerFailure } from "#app/http/server-failure.ts";
import { type PageData, readPageData } from "./page-document.ts";

/** What a page's form post may change of the page the browser shows. */
export interface PageView {
  page: PageData;
  show: (page: PageData) => void;
  setPosting: (posting: boolean) => void;
}

/**
 * A form the claimant sent, posted by the page's scripts (decision 036): what the server answers is
 * what the browser would have shown, with one difference SPEC §8 asks for. A redirect loads the
 * next page; an answer that is this page again (its errors) is shown in place, from its data; and
 * when the server fails (a 5xx, or no answer at all) on a page that keeps itself, the page stays
 * as typed and says so (the step pages' error dialog). Any other answer is shown as the server
 * wrote it.
 */
export function postPage(form: HTMLFormElement, submitter: HTMLElement | null | undefined, view: PageView) {
  // No answer, on a page that has no dialog for it: the browser sends it itself, and says what happened.
  return postData(form.action, new FormData(form, submitter ?? undefined), view, () =>
    HTMLFormElement.prototype.submit.call(form),
  );
}

/** `body` posted to `action` as a form of the page would be (a records row saved as focus leaves it). */
export async function postData(action: string, body: FormData, view: PageView, withoutAnswer?: () => void) {
  view.setPosting(true);
  let response: Response | undefined;
  try {
    response = await fetch(action, { method: "POST", body, headers: { [PAGE_POST_HEADER]: "1" } });
  } catch {
    response = undefined;
  }
  noteRequestId(response?.headers.get("X-Request-Id") ?? "");
  const location = response?.headers.get(PAGE_LOCATION_HEADER);
  // Still posting until the next page replaces this one: the button stays disabled.
  if (location) return loadPageAfterPost(location);
  if ((!response || response.status >= 500) && keepsPageOnServerFailure(view.page.handle)) {
    // A new object each time: the page shows its message again after each failed post.
    view.show({ ...view.page, actionData: { serverError: true } });
    return view.setPosting(false);
  }
  if (!response) {
    view.setPosting(false);
    return withoutAnswer?.();
  }
  // Without its styles: they are this page's theme's, applied already, and their nonce is the
  // answer's, which this page's Content-Security-Policy would refuse (and report) as it parsed them.
  const html = (await response.text()).replace(/<style\b[^>]*>[\s\S]*?<\/style>/g, "");
  const answer = new DOMParser().parseFromString(html, "text/html");
  const next = readPageData(answer);
  if (next && next.routeId === view.page.routeId) {
    view.show({ ...next, handle: view.page.handle });
    return view.setPosting(false);
  }
  document.title = answer.title;
  document.body.replaceWith(document.adoptNode(answer.body));
}
