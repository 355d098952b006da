import type { CaptchaProof } from "#app/captcha/captcha.server.ts";
import { memberByVin } from "#app/claimants/class-members.server.ts";
import { type CaptchaRefused, passCaptcha } from "./captcha-check.server.ts";
import type { Requester } from "./requester.ts";

/**
 * The VIN lookup (SPEC §2: Lookup has its index only, authorized there): with a captcha, whether the
 * VIN is among the covered vehicles. Nothing is stored. A VIN is no secret: a lookup that passes its
 * captcha is answered from any address; only a failed captcha counts against the address.
 */
export async function lookUpVin({
  vin,
  captcha,
  requester,
}: {
  vin: string;
  captcha: CaptchaProof;
  requester: Requester;
}): Promise<{ ok: true; covered: boolean } | CaptchaRefused> {
  const passed = await passCaptcha(captcha, requester, { unavailableKey: "Error_ProblemOccurred", counted: true });
  if (!passed.ok) return passed;
  return { ok: true, covered: !!(await memberByVin(vin)) };
}
