import { describe, expect, test } from "vitest";
import {
  FAILURE_WINDOW_MS,
  lockedUntil,
  lockoutDuration,
  MAX_FAILURES,
  withFailure,
} from "#app/security/sign-in-lockout.server.ts";
import type { SignInFailures } from "#app/storage/store.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** `times` failures at `now`, from the record `start`. */
function fail(start: SignInFailures | undefined, times: number, now: number): SignInFailures {
  let record = start;
  for (let attempt = 0; attempt < times; attempt++) record = withFailure(record, now);
  return record!;
}

describe("the sign-in lockout rule", () => {
  test("the fifth failure within 15 minutes locks the Claim ID for 15 minutes; four do not", () => {
    expect(MAX_FAILURES).toBe(5);
    const four = fail(undefined, 4, 0);
    expect(four).toMatchObject({ failures: 4, lockouts: 0, lockedUntil: null });
    expect(lockedUntil(four, 0)).toBeUndefined();
    const five = withFailure(four, 14 * MINUTE);
    expect(lockedUntil(five, 14 * MINUTE)).toBe(29 * MINUTE);
    expect(lockedUntil(five, 29 * MINUTE - 1)).toBe(29 * MINUTE);
    expect(lockedUntil(five, 29 * MINUTE)).toBeUndefined();
  });

  test("failures older than the window start a new count", () => {
    const four = fail(undefined, 4, 0);
    const later = fail(four, 4, FAILURE_WINDOW_MS);
    expect(later).toMatchObject({ failures: 4, windowStartedAt: FAILURE_WINDOW_MS, lockedUntil: null });
  });

  test("each lockout lasts twice the one before, up to a day", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map((lockout) => lockoutDuration(lockout) / MINUTE)).toEqual([
      15, 30, 60, 120, 240, 480, 960, 1440, 1440,
    ]);
    let record: SignInFailures | undefined;
    let now = 0;
    const durations = [];
    for (let lockout = 1; lockout <= 4; lockout++) {
      record = fail(record, 5, now);
      durations.push((record.lockedUntil! - now) / MINUTE);
      now = record.lockedUntil!; // the attacker comes back the moment it opens
    }
    expect(durations).toEqual([15, 30, 60, 120]);
  });

  test("lockouts are remembered a day after the last one ends, then forgotten (the purge removes the record then)", () => {
    const locked = fail(undefined, 5, 0);
    expect(locked.forgetAt).toBe(15 * MINUTE + 24 * HOUR);
    expect(fail(locked, 5, locked.forgetAt - 1).lockedUntil! - (locked.forgetAt - 1)).toBe(30 * MINUTE);
    expect(fail(locked, 5, locked.forgetAt).lockedUntil! - locked.forgetAt).toBe(15 * MINUTE);
    // A failure after a lock keeps the memory of it; one with no lock before is kept for its window only.
    expect(withFailure(locked, 16 * MINUTE).forgetAt).toBe(locked.forgetAt);
    expect(withFailure(undefined, 0).forgetAt).toBe(FAILURE_WINDOW_MS);
  });
});
