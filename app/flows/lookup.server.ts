import { data } from "react-router";
import { captchaProof, captchaRefusal, captchaSettings, verifyCaptcha } from "#app/captcha/captcha.server.ts";
import { CAPTCHA_ERROR_NAME } from "#app/captcha/captcha-fields.ts";
import { memberByVin } from "#app/claimants/class-members.server.ts";
import { requestNow } from "#app/clock.server.ts";
import { formErrorResult, parseStep } from "#app/forms/parse-step.ts";
import { getCulture, getTranslate } from "#app/i18n/culture-middleware.server.ts";
import { clientAddressContext } from "#app/request-context.ts";
import { authorizeLimit } from "#app/security/rate-limit.server.ts";
import { requireFormCsrf } from "#app/session/csrf.server.ts";
import { ensureSessionId } from "#app/session/session-cookie.server.ts";
import { getPortal } from "#app/settlement/portal.server.ts";
import { readFormFields } from "#app/http/form-body.server.ts";
import { emptyDraft } from "#app/storage/store.ts";
import { locateStep, type StepArgs, stepFormData } from "./step-page.server.ts";

export async function loadLookup({ request, url, context }: StepArgs) {
  const { formType, step, definition } = locateStep(url, "index");
  const { sessionId, setCookie } = await ensureSessionId(request);
  const now = requestNow(request);
  return data(
    { ...stepFormData(formType, step, definition, emptyDraft(""), getCulture(context), sessionId, url, now, getTranslate(context)), captcha: captchaSettings(getPortal().settlement, sessionId, now) },
    { headers: setCookie ? { "Set-Cookie": setCookie } : {} },
  );
}

/**
 * The VIN lookup (SPEC §2: Lookup has its index only, authorized there): with a captcha and a rate
 * limit, it says whether the VIN is among the covered vehicles. Nothing is stored, so the answer is
 * the response itself.
 */
export async function lookUpVin({ request, url, context }: StepArgs) {
  const { step, definition } = locateStep(url, "index");
  const text = getTranslate(context);
  const now = requestNow(request);
  const { settlement, classMembers } = getPortal();
  const { sessionId } = await ensureSessionId(request);
  const formData = await readFormFields(request, { tooLarge: getTranslate(context)("Form_TooLarge"), malformed: getTranslate(context)("Upload_Malformed") });
  requireFormCsrf(sessionId, formData);
  if (!authorizeLimit.attempt(context.get(clientAddressContext), now)) {
    return data({ result: formErrorResult(text("Authorization_TooManyAttempts")), vin: undefined, covered: undefined }, { status: 429 });
  }
  const submission = parseStep(formData, definition, step, { characterWhitelist: settlement.characterWhitelist, internationalAddresses: settlement.internationalAddresses, now, side: "server", saved: {} }, text);
  if (submission.status !== "success") return data({ result: submission.reply(), vin: undefined, covered: undefined }, { status: 400 });
  const captcha = await verifyCaptcha(settlement, captchaProof(formData), { sessionId, remoteIp: context.get(clientAddressContext) }, now);
  if (!captcha.ok) {
    const { status, key } = captchaRefusal(captcha.reason, "Error_ProblemOccurred");
    return data({ result: submission.reply({ fieldErrors: { [CAPTCHA_ERROR_NAME]: [text(key)] } }), vin: undefined, covered: undefined }, { status });
  }
  const vin = String(submission.value.vinLookup?.vin ?? "");
  return { result: submission.reply({ resetForm: true }), vin, covered: !!memberByVin(classMembers, vin) };
}
