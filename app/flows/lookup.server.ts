import { data } from "react-router";
import { captchaProof, captchaSettings } from "#app/captcha/captcha.server.ts";
import { CAPTCHA_ERROR_NAME } from "#app/captcha/captcha-fields.ts";
import { lookUpVin as lookUp } from "#app/claims/look-up.server.ts";
import { readPostedForm } from "#app/http/form-body.server.ts";
import { ensureSessionId } from "#app/session/session-cookie.server.ts";
import { emptyDraft } from "#app/storage/store.ts";
import { getFlowStep, parsePostedStep } from "./flow-context.server.ts";
import { type StepArgs, stepFormData } from "./step-page.server.ts";

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

/** The lookup's POST (app/claims/look-up.server.ts): the VIN's own rules here, then the captcha and the answer. */
export async function lookUpVin({ request, context }: StepArgs) {
  const flow = getFlowStep(context);
  const { text, now } = flow;
  const { sessionId } = await ensureSessionId(request);
  const formData = await readPostedForm(request, sessionId, text);
  const submission = parsePostedStep(flow, formData, {});
  if (submission.status !== "success")
    return data({ result: submission.reply(), vin: undefined, covered: undefined }, { status: 400 });
  const vin = String(submission.value.vinLookup?.vin ?? "");
  const looked = await lookUp({ vin, captcha: captchaProof(formData), requester: { sessionId, context, now } });
  if (!looked.ok)
    return data(
      {
        result: submission.reply({ fieldErrors: { [CAPTCHA_ERROR_NAME]: [text(looked.key)] } }),
        vin: undefined,
        covered: undefined,
      },
      { status: looked.status },
    );
  return { result: submission.reply({ resetForm: true }), vin, covered: looked.covered };
}
