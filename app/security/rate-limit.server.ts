import { clientKey } from "./client-key.server.ts";

/**
 * A fixed-window limit on attempts per client and action (authorize, submit, the fallback
 * challenge): it slows a script down, and the lockout per Claim ID (sign-in-lockout.server.ts) is
 * what stops one trying PINs from many addresses. A client is its address, an IPv6 client its /64
 * (clientKey). It lives in this process's memory, so with several instances each counts its own
 * share (docs/operating.md).
 */
export interface RateLimit {
  /** True when the attempt is allowed (and counted); false once the window's budget is spent. */
  attempt(address: string, now: number): boolean;
  /** The attempt succeeded: it no longer counts, so many claimants behind one address are not held up. */
  succeeded(address: string): void;
}

export function createRateLimit(maxAttempts: number, windowMs: number): RateLimit {
  const windows = new Map<string, { startedAt: number; count: number }>();
  return {
    attempt(address, now) {
      const client = clientKey(address);
      const window = windows.get(client);
      if (!window || now - window.startedAt >= windowMs) {
        windows.set(client, { startedAt: now, count: 1 });
        // Forget stale clients now and then, so the map does not grow without bound.
        if (windows.size > 10_000)
          for (const [key, value] of windows) if (now - value.startedAt >= windowMs) windows.delete(key);
        return true;
      }
      window.count++;
      return window.count <= maxAttempts;
    },
    succeeded(address) {
      const window = windows.get(clientKey(address));
      if (window && window.count > 0) window.count--;
    },
  };
}

/**
 * Per client address: 20 authorization attempts per 10 minutes that do not succeed (a wrong PIN, a
 * failed check), 10 claim submissions.
 */
export const authorizeLimit = createRateLimit(Number(process.env.AUTHORIZE_ATTEMPTS_PER_10_MIN ?? 20), 10 * 60_000);
export const submitLimit = createRateLimit(Number(process.env.SUBMIT_ATTEMPTS_PER_10_MIN ?? 10), 10 * 60_000);
