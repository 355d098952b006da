import { portalMetrics } from "#app/metrics/portal-metrics.server.ts";
import type { RouterContextProvider } from "react-router";
import type { CaptchaOutcome } from "#app/captcha/captcha.server.ts";
import type { ModelValues } from "#app/forms/field-answers.ts";
import type { LogFields } from "#app/log.server.ts";
import { clientAddressContext } from "#app/request-context.ts";
import { requestLog } from "#app/request-log.server.ts";
import { getStore } from "#app/storage/store.server.ts";
import { clientKey } from "./client-key.server.ts";

/**
 * The limit per client address (issue 23, docs/decisions/021-limits-per-address.md). Thousands of
 * claimants can share one address (a carrier's NAT, a library, an office), so it never refuses
 * correct credentials, a passed security check or a filing: it counts failures only (a sign-in
 * that matched no one, a security check not passed), in the store, so every instance counts
 * together. An address past its budget has its failures answered 429 with a message of its own,
 * and each is logged with the address: what it is still for is to make one address spraying a PIN
 * across many Claim IDs visible, and to stop answering it as if nothing were wrong. Guessing one
 * Claim ID's PIN is stopped by the lockout per Claim ID (sign-in-lockout.server.ts), whatever the
 * address; each guess costs a captcha.
 */
export const ADDRESS_WINDOW_MS = 10 * 60_000;

/**
 * Failed attempts an address may make in 10 minutes before its failures are answered 429
 * (AUTHORIZE_ATTEMPTS_PER_10_MIN): sized for a carrier NAT's share of deadline-day claimants
 * mistyping their PIN, not for one person.
 */
function failureBudget(): number {
  return Number(process.env.AUTHORIZE_ATTEMPTS_PER_10_MIN ?? 200);
}

/** The client the request counts against: its address, an IPv6 client's /64 (clientKey). */
export function requestClient(context: Readonly<RouterContextProvider>): string {
  return clientKey(context.get(clientAddressContext));
}

/**
 * Counts a failed attempt from the request's client and logs it as a warning (`message`, with
 * `fields`, the client and its failures in the window): true when the client is past its budget.
 */
export async function countFailure(
  context: Readonly<RouterContextProvider>,
  now: number,
  message: string,
  fields: LogFields = {},
): Promise<boolean> {
  const client = requestClient(context);
  const failures = await getStore().countAddressFailure(client, now, ADDRESS_WINDOW_MS);
  requestLog(context).warn(message, { ...fields, client, clientFailures: failures });
  return failures > failureBudget();
}

/**
 * A sign-in whose credentials matched no one, counted and logged with what it tried: the Claim ID,
 * or the VIN of a VIN sign-in (never the PIN), and in the metrics. True when the client is past its budget.
 */
export function signInFailedTooOften(
  context: Readonly<RouterContextProvider>,
  credentials: ModelValues[string] | undefined,
  now: number,
): Promise<boolean> {
  const claimId = typeof credentials?.claimId === "string" ? credentials.claimId : "";
  const tried = claimId ? { claimId } : { vin: String(credentials?.vin ?? "").toUpperCase() };
  portalMetrics.signInFailed();
  return countFailure(context, now, "sign-in failed", tried);
}

/**
 * A security check that failed, counted: true when it was rejected (a wrong answer to the
 * no-JavaScript challenge, a token the provider refused) from a client past its budget. A missing
 * proof or an unreachable provider is no guess and is not counted.
 */
export async function captchaFailedTooOften(
  context: Readonly<RouterContextProvider>,
  outcome: Exclude<CaptchaOutcome, { ok: true }>,
  now: number,
): Promise<boolean> {
  return outcome.reason === "rejected" && countFailure(context, now, "security check not passed");
}
