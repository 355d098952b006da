/**
 * Loads the page a redirect named (`location`, as a page post's answer gives it: PAGE_LOCATION_HEADER),
 * as the browser does after a form's POST. The same page with another fragment (the documents
 * step's "#records-…") is loaded afresh too: assigning it would only scroll, and the page would not
 * show what the post changed.
 *
 * Used by both kinds of scripted post: app/client/page-post.ts imports it, and a page without
 * modules is given its source (app/client/scripted-post.ts). So it uses nothing but its parameter
 * and the page's globals.
 */
export function loadPageAfterPost(location: string): void {
  const next = new URL(location, window.location.href);
  const here = new URL(window.location.href);
  if (next.pathname !== here.pathname || next.search !== here.search) {
    window.location.assign(next);
    return;
  }
  window.history.replaceState(window.history.state, "", next);
  // To the fragment, as a fresh load goes, not back to where the claimant had scrolled.
  window.history.scrollRestoration = "manual";
  window.location.reload();
}
