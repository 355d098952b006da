/**
 * The portal's time in the browser: the server's clock as of the page, run on by the device's.
 * Checks such as "not in the future" and the calendar's today follow the server, as the server's
 * own checks do, not a phone whose clock is days off (or a test's clock, `X-Test-Now`).
 */
let offset = 0;

/** The server's time when it rendered the page the browser now shows. */
export function setPortalNow(serverNow: number): void {
  offset = serverNow - Date.now();
}

export function portalNow(): number {
  return Date.now() + offset;
}
