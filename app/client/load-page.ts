/**
 * Loads the page a redirect named (`location`, as a page post's answer gives it: PAGE_LOCATION_HEADER),
 * as the browser does after a form's POST. The same page with another fragment (the documents
 * step's "#records-…") is loaded afresh too: assigning it would only scroll, and the page would not
 * show what the post changed.
 *
 * Given to the scripted post (app/client/scripted-post.ts), whose source a page without modules
 * writes into its lines: so it uses nothing but its parameter and the page's globals.
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
