import { portalMetrics } from "#app/metrics/portal-metrics.server.ts";
import type { RouterContextProvider } from "react-router";
import { CLAIMANT_DATE_ZONE } from "#app/deadlines/time-zones.ts";
import type { ModelValues } from "#app/forms/field-answers.ts";
import type { Translate } from "#app/i18n/i18n.ts";
import { requestLog } from "#app/request-log.server.ts";
import { getPortal } from "#app/settlement/portal.server.ts";
import { getStore } from "#app/storage/store.server.ts";
import type { SignInFailures } from "#app/storage/store.ts";
import { contactFor } from "#app/settlement/settlement-schema.ts";
import { requestClient } from "./address-failures.server.ts";

/**
 * Issue 10, "sign-in that cannot be guessed": a 6-digit PIN falls to anyone who may try it often
 * enough, and a limit per client address does not stop one who rotates addresses. So attempts are
 * also counted per Claim ID, in the store (every instance sees them): five that fail within 15
 * minutes lock the Claim ID for 15 minutes, each lockout after that twice as long as the last, up
 * to a day; while it is locked even the right PIN is refused, with a message saying until when and
 * how to reach the Settlement Administrator. Signing in forgets the failures. Claim IDs that match
 * no one are counted the same, so the lockout does not tell which exist.
 *
 * Each attempt is counted before its PIN is compared, as a failure until it succeeds: attempts
 * fired at once, on any instance, queue on the Claim ID's record, and no more than five reach the
 * comparison before the lock (docs/decisions/011-sign-in-lockout.md).
 */
export const MAX_FAILURES = 5;
export const FAILURE_WINDOW_MS = 15 * 60_000;
const FIRST_LOCKOUT_MS = 15 * 60_000;
const LONGEST_LOCKOUT_MS = 24 * 60 * 60_000;
/** How long after its lock ends a Claim ID's lockouts are remembered, for the next to be longer. */
const LOCKOUTS_REMEMBERED_MS = LONGEST_LOCKOUT_MS;

/** How long the Claim ID's `lockout`th lockout lasts (1: the first). */
export function lockoutDuration(lockout: number): number {
  return Math.min(FIRST_LOCKOUT_MS * 2 ** (lockout - 1), LONGEST_LOCKOUT_MS);
}

/** Until when the record locks its Claim ID at `now`, if it does. */
export function lockedUntil(record: SignInFailures | undefined, now: number): number | undefined {
  return record?.lockedUntil != null && now < record.lockedUntil ? record.lockedUntil : undefined;
}

/** The record after one more attempt that has not (yet) succeeded, at `now`, on an unlocked Claim ID. */
export function withFailure(stored: SignInFailures | undefined, now: number): SignInFailures {
  // Past its forgetAt a record counts for nothing, whether or not the purge has removed it yet.
  const current = stored && now < stored.forgetAt ? stored : undefined;
  const inWindow = current && now - current.windowStartedAt < FAILURE_WINDOW_MS;
  const failures = (inWindow ? current.failures : 0) + 1;
  const windowStartedAt = inWindow ? current.windowStartedAt : now;
  const lockouts = current?.lockouts ?? 0;
  if (failures >= MAX_FAILURES) {
    const until = now + lockoutDuration(lockouts + 1);
    return {
      failures: 0,
      windowStartedAt: now,
      lockouts: lockouts + 1,
      lockedUntil: until,
      forgetAt: until + LOCKOUTS_REMEMBERED_MS,
    };
  }
  const lastLock = current?.lockedUntil ?? null;
  return {
    failures,
    windowStartedAt,
    lockouts,
    lockedUntil: lastLock,
    forgetAt: Math.max(windowStartedAt + FAILURE_WINDOW_MS, lastLock === null ? 0 : lastLock + LOCKOUTS_REMEMBERED_MS),
  };
}

/** The Claim ID a sign-in names with its PIN; none for a VIN alone (no secret to guess). */
function claimIdOf(credentials: ModelValues[string] | undefined): string | undefined {
  return typeof credentials?.claimId === "string" && credentials.claimId !== "" ? credentials.claimId : undefined;
}

/** Why a locked Claim ID (or reference code: `key`) is refused: until when (in the claimants' time zone), and whom to call. */
export function lockedText(
  until: number,
  text: Translate,
  culture: string,
  key = "Authorization_ClaimIdLocked",
): string {
  const { phone, email } = contactFor(getPortal().settlement, culture);
  const when = new Intl.DateTimeFormat(culture, {
    year: "numeric",
    month: "long",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone: CLAIMANT_DATE_ZONE,
    timeZoneName: "long",
  }).format(until);
  return text(key, when, phone, email);
}

/**
 * Before the PIN is compared: the message refusing a locked Claim ID (logged as a warning, with the
 * client as the limit per address counts it, for an operator to see who is trying); else
 * undefined, and the attempt is counted as a failure until recordSignInOutcome says it succeeded.
 */
export async function admitSignInAttempt(
  credentials: ModelValues[string] | undefined,
  now: number,
  text: Translate,
  culture: string,
  context: Readonly<RouterContextProvider>,
): Promise<string | undefined> {
  const claimId = claimIdOf(credentials);
  if (!claimId) return undefined;
  const locked = await admitAttempt(claimId, now);
  if (locked === undefined) return undefined;
  requestLog(context).warn("sign-in refused: the Claim ID is locked", {
    claimId,
    client: requestClient(context),
    lockedUntil: new Date(locked).toISOString(),
  });
  return lockedText(locked, text, culture);
}

/**
 * An attempt on what `lockKey` names (a Claim ID, or a reference code's key: referenceCodeLockKey),
 * counted as a failure until it succeeds: until when it is locked, if it is (the attempt is then
 * not counted).
 */
export async function admitAttempt(lockKey: string, now: number): Promise<number | undefined> {
  let locked: number | undefined;
  let lockedNow = false;
  await getStore().updateSignInFailures(lockKey, (current) => {
    locked = lockedUntil(current, now);
    if (locked !== undefined) return current;
    const next = withFailure(current, now);
    // This attempt begins a lockout (the next ones are refused), for the metrics.
    lockedNow = next.lockouts > (current?.lockouts ?? 0);
    return next;
  });
  if (lockedNow) portalMetrics.lockedOut(lockKey.startsWith(REFERENCE_LOCK_PREFIX) ? "referenceCode" : "claimId");
  return locked;
}

/**
 * Finding a claim by its reference code and its claimant's last name (claim access) is locked per
 * code as signing in is per Claim ID, in the same records, under this key: no Claim ID has a colon.
 */
export function referenceCodeLockKey(referenceCode: string): string {
  return `${REFERENCE_LOCK_PREFIX}${referenceCode}`;
}
const REFERENCE_LOCK_PREFIX = "reference:";

/** After the PIN is compared: a sign-in that succeeded forgets its Claim ID's failures (a failure stays counted). */
export async function recordSignInOutcome(
  credentials: ModelValues[string] | undefined,
  outcome: { signIn: unknown } | { key: string },
): Promise<void> {
  const claimId = claimIdOf(credentials);
  if (claimId && "signIn" in outcome) await getStore().clearSignInFailures(claimId);
}
