/**
 * The portal's "now". Tests may move the clock per request with the X-Test-Now header (an ISO
 * date-time) to reach a deadline or a session expiry; this only works when PORTAL_TEST_CLOCK=1
 * outside production, and server.ts refuses to start with it in production.
 */
export const TEST_CLOCK_HEADER = "x-test-now";

export function testClockEnabled(): boolean {
  return process.env.PORTAL_TEST_CLOCK === "1" && process.env.NODE_ENV !== "production";
}

export function assertNoTestClockInProduction(): void {
  if (process.env.PORTAL_TEST_CLOCK === "1" && process.env.NODE_ENV === "production") {
    throw new Error("PORTAL_TEST_CLOCK=1 is for tests only and cannot be used with NODE_ENV=production.");
  }
}

export function requestNow(request: Request): number {
  if (testClockEnabled()) {
    const header = request.headers.get(TEST_CLOCK_HEADER);
    if (header) {
      const at = Date.parse(header);
      if (!Number.isNaN(at)) return at;
    }
  }
  return Date.now();
}
