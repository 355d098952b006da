import { checksOf } from "#app/claims/claim-flow.ts";
import { lookUpVin } from "#app/claims/look-up.server.ts";
import { signIn } from "#app/claims/sign-in.server.ts";
import { flowOf } from "#app/flows/flow-context.server.ts";
import { modelKey } from "#app/forms/form-definition.ts";
import { validateStep } from "#app/forms/validate-step.ts";
import { type ApiErrorCode, type ApiErrorExtra, apiError, queryCultureProblem } from "#app/http/api-error.server.ts";
import { readBodyText } from "#app/http/form-body.server.ts";
import { json } from "#app/http/json.server.ts";
import { CSRF_HEADER_NAME, csrfToken } from "#app/session/csrf.server.ts";
import { requireApiCsrf } from "#app/session/json-api.server.ts";
import { askedFields, modelFields, PayloadError, unaskedAnswers } from "./api-payload.server.ts";
import {
  type ApiArgs,
  captchaFailed,
  captchaToken,
  deadlinePassed,
  fieldMessages,
  fieldsText,
  parseJson,
  signInModel,
} from "./api-replies.server.ts";

/** SPEC §7: authorize is "JSON with … content-type": application/json, any parameters (charset) aside. */
function isJson(request: Request): boolean {
  return (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase() === "application/json";
}

/** The keys of authorize's body (SPEC §7; captchaRawValue as some clients name the token): any other is refused, not ignored. */
const AUTHORIZE_KEYS = ["credentials", "reCaptchaResponse", "captchaRawValue"];

/**
 * POST /api/forms/{type}/authorize (SPEC §7): JSON { credentials, reCaptchaResponse } with the CSRF
 * header; credentials a model in SPEC's shape or flat. Signing in (or, for lookup, looking up) is
 * the sign-in page's own use case (app/claims); answers { authorized, error, captcha, prepopulatedData, csrf }. Refusals are the
 * API's error shape with authorized: false (docs/api.md): 400 for invalid input or captcha and 401
 * for no such member (SPEC §8), 403 CSRF or deadline, 423 locked out, 429 too many attempts.
 * For lookup, { authorized: true, covered } says whether the VIN is covered.
 */
export async function apiAuthorize({ request, formType, context }: ApiArgs): Promise<Response> {
  const flow = flowOf(formType, request, context);
  const { text, now, culture, definition } = flow;
  const refuse = (code: ApiErrorCode, error: string, extra: ApiErrorExtra = {}) =>
    apiError(code, error, { authorized: false, captcha: null, prepopulatedData: null, ...extra });
  const unoffered = queryCultureProblem(request);
  if (unoffered) return refuse("invalid_request", unoffered);
  const sessionId = await requireApiCsrf(request, text);
  if (sessionId instanceof Response) return sessionId;
  if (deadlinePassed(formType, now)) return refuse("deadline_passed", text("Deadline_Message"));
  if (!isJson(request)) return refuse("unsupported_media_type", text("Api_UnsupportedMediaType"));
  const raw = await readBodyText(request);
  if (raw === undefined) return refuse("too_large", text("Api_TooLarge"));
  const body = parseJson(raw) as Record<string, unknown> | undefined;
  if (typeof body !== "object" || body === null || Array.isArray(body))
    return refuse("invalid_request", text("Api_AuthorizeBody"));
  const unknownKey = Object.keys(body).find((key) => !AUTHORIZE_KEYS.includes(key));
  if (unknownKey !== undefined) return refuse("invalid_request", text("Api_UnknownAuthorizeKey", unknownKey));

  const credentialsModel = signInModel(definition);
  let credentials: Record<string, unknown> | null;
  try {
    credentials = modelFields(body.credentials, credentialsModel, "credentials", text);
  } catch (error) {
    if (error instanceof PayloadError) return refuse("invalid_request", error.message);
    throw error;
  }
  const key = modelKey(credentialsModel);
  const checked = validateStep(definition, "index", { [key]: credentials ?? {} }, checksOf(flow, {}));
  const unasked = unaskedAnswers(
    credentials ?? {},
    credentialsModel,
    askedFields(definition).get(key) ?? new Set(),
    key,
    text,
  );
  if (Object.keys(checked.errors).length > 0 || Object.keys(unasked).length > 0) {
    const fields = { ...unasked, ...fieldMessages(checked.errors, text) };
    return refuse("validation_failed", fieldsText(fields), { fields });
  }
  const captcha = { token: captchaToken(body.reCaptchaResponse, body.captchaRawValue) };
  const requester = { sessionId, context, now };
  if (formType === "lookup") {
    const looked = await lookUpVin({ vin: String(checked.values[key]?.vin ?? ""), captcha, requester });
    if (!looked.ok) return refuse(...captchaFailed(looked, text));
    return json({ authorized: true, error: null, captcha: null, covered: looked.covered });
  }
  const signedIn = await signIn({
    formType,
    credentials: checked.values.credentials,
    captcha,
    requester,
    text,
    culture,
  });
  if (!signedIn.ok) {
    switch (signedIn.reason) {
      case "captcha":
        return refuse(...captchaFailed(signedIn, text));
      case "lockedOut":
        return refuse("locked_out", signedIn.message);
      case "tooManyFailures":
        return refuse("rate_limited", text(signedIn.key));
      case "notRecognised":
        return refuse("credentials_not_recognised", text(signedIn.key));
      case "credentialsRequired":
        return refuse("validation_failed", text(signedIn.key), { fields: { [`${key}.claimId`]: text(signedIn.key) } });
    }
  }
  // The new session id's CSRF token comes with the reply, for the calls that follow.
  return json(
    {
      authorized: true,
      error: null,
      captcha: null,
      prepopulatedData: signedIn.prepopulated,
      csrf: { requestHeaderName: CSRF_HEADER_NAME, requestToken: csrfToken(signedIn.sessionId) },
    },
    { headers: { "Set-Cookie": signedIn.setCookie } },
  );
}
