/** How long a new region is on the page, empty, before its words: so screen readers know it before it speaks. */
const SPEAK_AFTER_MS = 150;
/** How long the message shows (SPEC §4 toast), unless the claimant points at or focuses it. */
const SHOWN_MS = 5000;

/**
 * "Your answers were saved." (SPEC §4 toast), with JavaScript: its live region is on the page
 * silent, its words in a <noscript> (read without JavaScript as the page loads; a browser running
 * scripts neither shows nor reads it), and said in the region a moment later, so screen readers
 * announce them (decision 035). It goes after a while unless pointed at or focused, keeping its
 * place: the page does not move under the claimant's finger.
 *
 * Returns what takes the message away: when errors show, they are the news.
 */
export function startSavedMessage(main: HTMLElement): () => void {
  const region = main.querySelector<HTMLElement>(':scope > [role="status"]');
  const words = region?.querySelector("noscript")?.textContent;
  if (!region || !words) return () => {};
  region.replaceChildren();
  let held = false;
  const hold = () => {
    held = true;
  };
  for (const type of ["mouseenter", "focusin", "touchstart"]) region.addEventListener(type, hold);
  const timers = [
    setTimeout(() => {
      // The server's own markup of the message (an icon and the words), as the <noscript> holds it.
      region.append(document.createRange().createContextualFragment(words));
      timers.push(setTimeout(() => held || region.classList.add("toast-gone"), SHOWN_MS));
    }, SPEAK_AFTER_MS),
  ];
  return () => {
    for (const timer of timers) clearTimeout(timer);
    region.className = "toast-region";
    region.replaceChildren();
  };
}
