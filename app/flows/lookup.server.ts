import { data } from "react-router";
import { captchaProof, captchaRefusal, captchaSettings, verifyCaptcha } from "#app/captcha/captcha.server.ts";
import { CAPTCHA_ERROR_NAME } from "#app/captcha/captcha-fields.ts";
import { memberByVin } from "#app/claimants/class-members.server.ts";
import { clientAddressContext } from "#app/request-context.ts";
import { captchaFailedTooOften } from "#app/security/address-failures.server.ts";
import { ensureSessionId } from "#app/session/session-cookie.server.ts";
import { emptyDraft } from "#app/storage/store.ts";
import { type StepArgs, stepFormData } from "./step-page.server.ts";
import { readPostedForm } from "#app/http/form-body.server.ts";
import { getFlowStep, parsePostedStep } from "./flow-context.server.ts";
import { requestLog } from "#app/request-log.server.ts";

export async function loadLookup({ request, context }: StepArgs) {
  const flow = getFlowStep(context);
  const { sessionId, setCookie } = await ensureSessionId(request);
  return data(
    {
      ...stepFormData(flow, emptyDraft(""), sessionId),
      captcha: captchaSettings(flow.settlement, sessionId, flow.now),
    },
    { headers: setCookie ? { "Set-Cookie": setCookie } : {} },
  );
}

/**
 * The VIN lookup (SPEC §2: Lookup has its index only, authorized there): with a captcha, it says
 * whether the VIN is among the covered vehicles. Nothing is stored, so the answer is the response
 * itself. A VIN is no secret: a lookup that passes its captcha is answered from any address; only
 * a failed captcha counts against the address (address-failures.server.ts).
 */
export async function lookUpVin({ request, context }: StepArgs) {
  const flow = getFlowStep(context);
  const { text, now, settlement } = flow;
  const { sessionId } = await ensureSessionId(request);
  const formData = await readPostedForm(request, sessionId, text);
  const submission = parsePostedStep(flow, formData, {});
  if (submission.status !== "success")
    return data({ result: submission.reply(), vin: undefined, covered: undefined }, { status: 400 });
  const captcha = await verifyCaptcha(
    settlement,
    captchaProof(formData),
    { sessionId, remoteIp: context.get(clientAddressContext), log: requestLog(context) },
    now,
  );
  if (!captcha.ok) {
    const { status, key } = (await captchaFailedTooOften(context, captcha, now))
      ? { status: 429, key: "Captcha_TooManyFailures" }
      : captchaRefusal(captcha.reason, "Error_ProblemOccurred");
    return data(
      {
        result: submission.reply({ fieldErrors: { [CAPTCHA_ERROR_NAME]: [text(key)] } }),
        vin: undefined,
        covered: undefined,
      },
      { status },
    );
  }
  const vin = String(submission.value.vinLookup?.vin ?? "");
  return { result: submission.reply({ resetForm: true }), vin, covered: !!(await memberByVin(vin)) };
}
