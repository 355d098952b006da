import { isbot } from "isbot";

/**
 * The browsers told apart, in the order they are tried: each one's User-Agent also names the ones
 * after it (Edge's, Samsung Internet's and Opera's say "Chrome"; Firefox's on iOS and Chrome's
 * say "Safari"), so the first match is the browser.
 */
const FAMILIES: [family: string, pattern: RegExp][] = [
  ["Edge", /\bEdg(?:e|A|iOS)?\//], // Edg/ (Chromium), EdgA/ (Android), EdgiOS/, Edge/ (the old Edge)
  ["Samsung Internet", /\bSamsungBrowser\//],
  ["Opera", /\bOPR\/|\bOPT\/|\bOPiOS\/|\bOpera\b/], // OPR/ (Chromium), OPT/ (Opera Touch), OPiOS/, Opera Mini
  ["Firefox", /\bFirefox\/|\bFxiOS\//],
  ["Chrome", /\bChrome\/|\bCriOS\//], // CriOS/: Chrome on iOS
  ["Safari", /\bSafari\//],
];

/** Phones and tablets: iPadOS 13 and later's Safari says "Macintosh", so it counts as a computer. */
const MOBILE = /Mobi|Android|iPhone|iPad|iPod|Tablet/;

/**
 * The client's browser family from its User-Agent header, for the claims administrator to see
 * claims sent from the same kind of client: "Chrome", "Safari", "Firefox", "Edge", "Samsung
 * Internet", "Opera", or "other", with " (mobile)" for a phone or tablet ("Chrome (mobile)");
 * "curl" and "python-requests" for those two scripted clients; "bot" for what isbot takes for a
 * crawler or a script, and for headless Chrome; "none" when there is no header.
 *
 * Only the family and the kind of device, never a version, an operating system or a device model:
 * together those narrow a claimant down more than the review needs, and the family alone is enough
 * to see one kind of client behind a burst of claims. Browsers built on Chromium that are not named
 * here (Brave, Vivaldi) count as Chrome, as their User-Agents say.
 */
export function userAgentFamily(header: string | null | undefined): string {
  const text = header?.trim() ?? "";
  if (text === "") return "none";
  // Before isbot, which takes both for bots.
  if (/^curl\//i.test(text)) return "curl";
  if (/^python-requests\//i.test(text)) return "python-requests";
  if (isbot(text) || /HeadlessChrome/.test(text)) return "bot";
  const family = FAMILIES.find(([, pattern]) => pattern.test(text))?.[0] ?? "other";
  return MOBILE.test(text) ? `${family} (mobile)` : family;
}
