import { type CaptchaProof, captchaRefusal, verifyCaptcha } from "#app/captcha/captcha.server.ts";
import { clientAddressContext } from "#app/request-context.ts";
import { requestLog } from "#app/request-log.server.ts";
import { captchaFailedTooOften } from "#app/security/address-failures.server.ts";
import { getPortal } from "#app/settlement/portal.server.ts";
import type { Refusal } from "./refusal.ts";
import type { Requester } from "./requester.ts";

export type CaptchaRefused = Refusal<"captcha">;

/**
 * The captcha, as every use case that asks for it checks it: passed, or refused with why (a proof
 * missing or rejected is the claimant's to redo, an unreachable provider is not: `unavailableKey`).
 * Where a rejection is a guess (`counted`: signing in, a lookup), it counts against the client's
 * address, and is answered 429 past its budget (address-failures.server.ts).
 */
export async function passCaptcha(
  proof: CaptchaProof,
  { sessionId, context, now }: Requester,
  { unavailableKey, counted }: { unavailableKey: string; counted: boolean },
): Promise<{ ok: true } | CaptchaRefused> {
  const captcha = await verifyCaptcha(
    getPortal().settlement,
    proof,
    { sessionId, remoteIp: context.get(clientAddressContext), log: requestLog(context) },
    now,
  );
  if (captcha.ok) return captcha;
  if (counted && (await captchaFailedTooOften(context, captcha, now)))
    return { ok: false, reason: "captcha", status: 429, key: "Captcha_TooManyFailures" };
  return { ok: false, reason: "captcha", ...captchaRefusal(captcha.reason, unavailableKey) };
}
