import type { RouterContextProvider } from "react-router";
import { captchaRefusal, captchaRequired, verifyCaptcha } from "#app/captcha/captcha.server.ts";
import { memberByVin } from "#app/claimants/class-members.server.ts";
import { passedDeadline } from "#app/deadlines/deadline-guard.ts";
import type { FormType } from "#app/flow-registry/form-type.ts";
import {
  FIELD_SIZE_LIMIT,
  isMultipart,
  MalformedUpload,
  PartTooLarge,
  type ReceivedForm,
  receiveUpload,
} from "#app/documents/upload.server.ts";
import { answersThatApply } from "#app/forms/answers-that-apply.ts";
import type { ModelConfig } from "#app/forms/definition-schema.ts";
import { fieldsOfBlocks, type FormDefinition, modelKey } from "#app/forms/form-definition.ts";
import { failureText } from "#app/forms/parse-step.ts";
import { type ModelValues, validateStep } from "#app/forms/validate-step.ts";
import {
  type ApiErrorCode,
  type ApiErrorExtra,
  apiError,
  queryCultureProblem,
  queryCultureRefusal,
  unofferedCulture,
} from "#app/http/api-error.server.ts";
import { readBodyText } from "#app/http/form-body.server.ts";
import { json, readJson } from "#app/http/json.server.ts";
import { createTranslate, type Translate } from "#app/i18n/i18n.ts";
import { type ApiRecords, apiRecords, documentNameFor } from "#app/records/api-records.server.ts";
import { recordsProblems } from "#app/records/record-actions.server.ts";
import { formatBytes, isRecordModel } from "#app/records/records.ts";
import { clientAddressContext } from "#app/request-context.ts";
import { requestLog } from "#app/request-log.server.ts";
import { captchaFailedTooOften, signInFailedTooOften } from "#app/security/address-failures.server.ts";
import { admitSignInAttempt, recordSignInOutcome } from "#app/security/sign-in-lockout.server.ts";
import { CSRF_HEADER_NAME, csrfToken } from "#app/session/csrf.server.ts";
import { requireApiCsrf } from "#app/session/json-api.server.ts";
import { newSessionId } from "#app/session/session-cookie.server.ts";
import { flowDeadlineKeys, getPortal } from "#app/settlement/portal.server.ts";
import { contactFor } from "#app/settlement/settlement-schema.ts";
import { getStore } from "#app/storage/store.server.ts";
import { draftOwner, emptyDraft, filingOutcome, type SessionRecord } from "#app/storage/store.ts";
import {
  askedFields,
  inapplicableAnswers,
  jsonPart,
  modelFields,
  PayloadError,
  textPart,
  unaskedAnswers,
} from "./api-payload.server.ts";
import { grantAuthorization, signInWith } from "./authorize.server.ts";
import { claimMember, newReferenceCode } from "./claim-submission.server.ts";
import { filedClaim, isSessionExpired, newDraftId, renewSessionId } from "./claimant-session.server.ts";
import { checksOf, flowOf } from "./flow-context.server.ts";
import { answerSteps } from "./navigation.ts";
import { credentialsMatch, prepopulatedDataMatches } from "./submitted-identity.server.ts";

/**
 * SPEC §3 "Form submission payload": the model parts a client written from the spec sends. A
 * model of the form's definition that is not among them (the demo's paymentElection) is an
 * optional part: without it the claim is filed without that model's answers (decision 020).
 */
const SPEC_MODEL_PARTS = new Set(["signature", "claimantInfo", "credentials", "claimDetails"]);

/** The parts of a submission other than its form's models (SPEC §3 "Form submission payload"). */
const OTHER_PARTS = ["credentials", "prepopulatedData", "reCaptchaResponse", "captchaRawValue", "userPreferredCulture"];
/** The part SPEC §3 sends files under. */
const FILES_PART = "documents";
/**
 * SPEC §3's payload, every part: a client written from it may send them all, whatever the form, a
 * part the form has no model for (the standard form's claimTransactions) empty. Empty it drops
 * nothing; with something in it, it is refused as a part the form does not take.
 */
const SPEC_PAYLOAD_PARTS = new Set([
  ...SPEC_MODEL_PARTS,
  ...OTHER_PARTS,
  FILES_PART,
  "documentContexts",
  "claimTransactions",
]);

/** A part that holds nothing: absent, blank, or JSON null or an empty list. */
function isEmptyPart(value: FormDataEntryValue | null | undefined): boolean {
  if (typeof value !== "string") return value == null;
  const json = parseJson(value.trim() || "null");
  return json === null || (Array.isArray(json) && json.length === 0);
}

/**
 * Why a part of a submission would go unread, if one would (decision 020: nothing sent is dropped
 * unread): a part without a name or not form-data, a name the form does not take (a misspelling:
 * "paymentelection"), a part sent twice (which would be the answer?), a text part sent as a file.
 */
function unreadPart(received: ReceivedForm, definition: FormDefinition, text: Translate): string | undefined {
  if (received.skipped.unnamed > 0) return text("Api_UnnamedPart");
  const taken = new Set([...definition.models.map(modelKey), ...OTHER_PARTS]);
  const asFile = received.skipped.files[0];
  if (asFile !== undefined) return taken.has(asFile) ? text("Api_PartIsFile", asFile) : text("Api_UnknownPart", asFile);
  for (const name of new Set(received.fields.keys())) {
    if (!taken.has(name) && !(SPEC_PAYLOAD_PARTS.has(name) && isEmptyPart(received.fields.get(name))))
      return text("Api_UnknownPart", name);
    if (received.fields.getAll(name).length > 1) return text("Api_RepeatedPart", name);
  }
  return undefined;
}

/** The model the index page asks for: credentials (or, for lookup, the VIN). */
function signInModel(definition: FormDefinition): ModelConfig {
  const key = fieldsOfBlocks(definition.pages.index!.blocks)[0]!.split(".")[0]!;
  return definition.models.find((model) => modelKey(model) === key)!;
}

interface ApiArgs {
  request: Request;
  formType: FormType;
  context: Readonly<RouterContextProvider>;
}

function parseJson(text: string): unknown {
  try {
    return readJson(text);
  } catch {
    return undefined;
  }
}

/** Each field's first failure, by "model.field": `fields` of a validation_failed refusal. */
function fieldMessages(errors: ReturnType<typeof validateStep>["errors"], text: Translate): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).map(([path, failures]) => [path, failureText(text, failures[0]!)]));
}

/** Every field's message in one text, as SPEC §8 shows a 400's error: "claimantInfo.firstName: Value is required; …". */
function fieldsText(fields: Record<string, string>): string {
  return Object.entries(fields)
    .map(([path, message]) => `${path}: ${message}`)
    .join("; ");
}

/** A validation_failed refusal: `error` lists every field's message, `fields` has each. */
function validationFailed(fields: Record<string, string>): Response {
  return apiError("validation_failed", fieldsText(fields), { fields });
}

/** A captcha refused: the claimant's to redo (400), or the provider's failure (503). */
function captchaFailed(reason: Parameters<typeof captchaRefusal>[0], unavailableKey: string, text: Translate) {
  const { status, key } = captchaRefusal(reason, unavailableKey);
  return { code: (status === 503 ? "captcha_unavailable" : "captcha_failed") as ApiErrorCode, error: text(key) };
}

/** The deadline guard for API calls, which are not under the flow routes. */
function deadlinePassed(formType: FormType, now: number): boolean {
  return !!passedDeadline(getPortal().deadlines, flowDeadlineKeys(formType), now);
}

/** SPEC §7: authorize is "JSON with … content-type": application/json, any parameters (charset) aside. */
function isJson(request: Request): boolean {
  return (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase() === "application/json";
}

/** SPEC §3 sends the captcha token as reCaptchaResponse; some clients send it as captchaRawValue. */
function captchaToken(reCaptchaResponse: unknown, captchaRawValue: unknown): string | null {
  for (const value of [reCaptchaResponse, captchaRawValue]) if (typeof value === "string" && value) return value;
  return null;
}

/** The keys of authorize's body (SPEC §7; captchaRawValue as some clients name the token): any other is refused, not ignored. */
const AUTHORIZE_KEYS = ["credentials", "reCaptchaResponse", "captchaRawValue"];

/**
 * POST /api/forms/{type}/authorize (SPEC §7): JSON { credentials, reCaptchaResponse } with the CSRF
 * header; credentials a model in SPEC's shape or flat. The same checks as the sign-in page, in the
 * same order; answers { authorized, error, captcha, prepopulatedData, csrf }. Refusals are the
 * API's error shape with authorized: false (docs/api.md): 400 for invalid input or captcha and 401
 * for no such member (SPEC §8), 403 CSRF or deadline, 423 locked out, 429 too many attempts.
 * For lookup, { authorized: true, covered } says whether the VIN is covered.
 */
export async function apiAuthorize({ request, formType, context }: ApiArgs): Promise<Response> {
  const flow = flowOf(formType, request, context);
  const { text, now, culture, settlement, definition } = flow;
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
  const captcha = await verifyCaptcha(
    settlement,
    { token: captchaToken(body.reCaptchaResponse, body.captchaRawValue) },
    { sessionId, remoteIp: context.get(clientAddressContext), log: requestLog(context) },
    now,
  );
  if (!captcha.ok) {
    if (await captchaFailedTooOften(context, captcha, now))
      return refuse("rate_limited", text("Captcha_TooManyFailures"));
    const { code, error } = captchaFailed(captcha.reason, "Error_ProblemOccurred", text);
    return refuse(code, error);
  }

  if (formType === "lookup") {
    const vin = String(checked.values[key]?.vin ?? "");
    return json({ authorized: true, error: null, captcha: null, covered: !!(await memberByVin(vin)) });
  }
  const signInCredentials = checked.values.credentials;
  const locked = await admitSignInAttempt(signInCredentials, now, text, culture, context);
  if (locked) return refuse("locked_out", locked);
  const signedIn = await signInWith(formType, signInCredentials, now);
  await recordSignInOutcome(signInCredentials, signedIn);
  if ("key" in signedIn) {
    if (signedIn.status !== 401)
      return refuse("validation_failed", text(signedIn.key), { fields: { [`${key}.claimId`]: text(signedIn.key) } });
    // As on the pages: only a failure counts against the address, and is answered differently past its budget.
    return (await signInFailedTooOften(context, signInCredentials, now))
      ? refuse("rate_limited", text("Authorization_TooManyFailures"))
      : refuse("credentials_not_recognised", text(signedIn.key));
  }
  // As on the pages, signing in renews the session id: a cookie planted or seen before reaches
  // nothing after. The new id's CSRF token comes with the reply, for the calls that follow.
  const renewed = await newSessionId();
  await renewSessionId(sessionId, renewed.sessionId, now);
  await grantAuthorization(renewed.sessionId, formType, signedIn, now);
  return json(
    {
      authorized: true,
      error: null,
      captcha: null,
      prepopulatedData: signedIn.prepopulated,
      csrf: { requestHeaderName: CSRF_HEADER_NAME, requestToken: csrfToken(renewed.sessionId) },
    },
    { headers: { "Set-Cookie": renewed.setCookie } },
  );
}

/**
 * Why a session may not submit to this form type, told truthfully: it never signed in to it (or
 * signed out, or ended), or it did and has lapsed since (which ends it, as a page would).
 */
async function sessionRefusal(
  session: SessionRecord | undefined,
  formType: FormType,
  now: number,
  text: Translate,
): Promise<Response | undefined> {
  if (!session?.authorizations[formType]) return apiError("not_signed_in", text("Api_NotSignedIn"));
  if (!isSessionExpired(session, now)) return undefined;
  await getStore().endSession(session.id);
  return apiError("session_expired", text("SessionExpired_Message"));
}

/**
 * POST /api/forms/{standard,automotive,reimbursement} (SPEC §7): multipart, each payload part
 * JSON (SPEC §3's parts: claimantInfo, claimDetails, signature, credentials, prepopulatedData,
 * documentContexts, claimTransactions, each model in SPEC's shape or flat; reCaptchaResponse,
 * captchaRawValue and userPreferredCulture as JSON strings or plain text; files under
 * "documents"), with the CSRF header, from a session signed in to the form type. Every step's
 * rules run as on the pages; the claim is the signed-in member's, filed in one transaction, and
 * the same answers filed again give the same code. Answers { referenceCodeForm, claim }, or the
 * API's error shape (docs/api.md).
 */
export async function apiSubmit({ request, formType, context }: ApiArgs): Promise<Response> {
  const flow = flowOf(formType, request, context);
  const { now, settlement, definition } = flow;
  let { text } = flow;
  const unoffered = queryCultureRefusal(request);
  if (unoffered) return unoffered;
  const sessionId = await requireApiCsrf(request, text);
  if (sessionId instanceof Response) return sessionId;
  if (deadlinePassed(formType, now)) return apiError("deadline_passed", text("Deadline_Message"));
  const store = getStore();
  const session = await store.getSession(sessionId);
  const notAllowed = await sessionRefusal(session, formType, now, text);
  if (notAllowed) return notAllowed;
  const signIn = session!.authorizations[formType]!;
  const owner = draftOwner(sessionId, signIn);

  if (!isMultipart(request)) return apiError("unsupported_media_type", text("Api_NotMultipart"));
  let received: ReceivedForm;
  try {
    // Files under "documents" go straight to the document store as they arrive (the CSRF header was checked above).
    received = await receiveUpload(request, {
      limits: settlement.uploads,
      store,
      owner: { owner, formType },
      now,
      held: { bytes: 0, files: 0, names: [] },
      acceptsFile: (field) => field === FILES_PART,
      severalPerField: true,
      mayStore: () => true,
      nameOf: (sentAs, fields) => documentNameFor(fields.get("documentContexts"), sentAs),
      countParts: true,
    });
  } catch (error) {
    if (error instanceof PartTooLarge)
      return apiError("too_large", text("Api_PartTooLarge", error.part, formatBytes(FIELD_SIZE_LIMIT, flow.culture)));
    if (error instanceof MalformedUpload)
      return apiError("invalid_request", text("Api_NotMultipart"), { detail: error.message });
    throw error;
  }
  const discardUploads = () =>
    Promise.all(received.files.flatMap((file) => (file.document ? [store.deleteDocument(file.document.id)] : [])));
  const refuse = async (code: ApiErrorCode, error: string, extra: ApiErrorExtra = {}) => {
    await discardUploads();
    return apiError(code, error, extra);
  };
  const part = (name: string) => received.fields.get(name);
  const unread = unreadPart(received, definition, text);
  if (unread) return refuse("invalid_request", unread);

  // Messages in the claimant's language: ?culture= if the client named one, else the culture it prefers.
  const preferred = textPart(part("userPreferredCulture"));
  const named = new URL(request.url).searchParams.has("culture");
  const notSpoken = unofferedCulture(preferred, "userPreferredCulture", named ? text : undefined);
  if (notSpoken) return refuse("invalid_request", notSpoken);
  const culture = preferred ?? flow.culture;
  if (!named) text = createTranslate(getPortal().messages[culture] ?? {});

  const credentialsConfig = signInModel(definition);
  const answered = definition.models.filter((model) => model !== credentialsConfig && !isRecordModel(modelKey(model)));
  const submitted: Record<string, Record<string, unknown>> = {};
  /** Values sent for fields the form does not ask: refused, never dropped (decision 020). */
  let unasked: Record<string, string> = {};
  /** Models of optional parts that were not sent: not checked, not filed. */
  const notSent = new Set<string>();
  let credentials: Record<string, unknown> | null;
  let prepopulatedData: unknown;
  try {
    for (const model of answered) {
      const key = modelKey(model);
      const fields = modelFields(jsonPart(part(key), key, text), model, key, text);
      if (fields === null && !SPEC_MODEL_PARTS.has(key)) notSent.add(key);
      submitted[key] = fields ?? {};
      const asked = askedFields(definition).get(key) ?? new Set<string>();
      unasked = { ...unasked, ...unaskedAnswers(submitted[key], model, asked, key, text) };
    }
    credentials = modelFields(
      jsonPart(part("credentials"), "credentials", text),
      credentialsConfig,
      "credentials",
      text,
    );
    prepopulatedData = jsonPart(part("prepopulatedData"), "prepopulatedData", text);
  } catch (error) {
    if (error instanceof PayloadError) return refuse("invalid_request", error.message);
    throw error;
  }
  // The claim is the signed-in member's: a submission meaning someone else is refused, not filed for either.
  if (!(await credentialsMatch(credentials, signIn)))
    return refuse("credentials_mismatch", text("Submission_CredentialsMismatch"));
  const draft = await store.getDraft(owner, formType);
  if (!prepopulatedDataMatches(prepopulatedData, draft?.prepopulated))
    return refuse("credentials_mismatch", text("Submission_PrepopulatedMismatch"));

  // The same rules as the pages, step by step, each seeing the answers of the steps before it.
  let models: ModelValues = {};
  const errors: ReturnType<typeof validateStep>["errors"] = {};
  if (Object.keys(unasked).length > 0) {
    await discardUploads();
    return validationFailed(unasked);
  }
  for (const step of [...answerSteps(definition), "claim-summary" as const]) {
    const result = validateStep(definition, step, submitted, checksOf(flow, models));
    for (const [path, failures] of Object.entries(result.errors))
      if (!notSent.has(path.split(".")[0]!)) errors[path] = failures;
    for (const [model, values] of Object.entries(result.values))
      if (!notSent.has(model)) models = { ...models, [model]: { ...models[model], ...values } };
  }
  if (Object.keys(errors).length > 0) {
    await discardUploads();
    return validationFailed(fieldMessages(errors, text));
  }
  models = answersThatApply(definition, models);
  const inapplicable = inapplicableAnswers(definition, submitted, models, text);
  if (Object.keys(inapplicable).length > 0) {
    await discardUploads();
    return validationFailed(inapplicable);
  }
  let records: ApiRecords;
  try {
    records = apiRecords(definition, (name) => jsonPart(part(name), name, text), received.files, {
      step: checksOf(flow, models),
      models,
      limits: settlement.uploads,
      text,
      culture,
    });
  } catch (error) {
    if (error instanceof PayloadError) return refuse("invalid_request", error.message);
    throw error;
  }
  if ("fields" in records) {
    await discardUploads();
    return validationFailed(records.fields);
  }
  const problems = Object.assign(
    {},
    ...Object.values(definition.pages).map((page) => recordsProblems(page, { records: records.records, models }, text)),
  ) as Record<string, string>;
  if (Object.keys(problems).length > 0) {
    await discardUploads();
    return validationFailed(problems);
  }
  if (captchaRequired(settlement)) {
    const captcha = await verifyCaptcha(
      settlement,
      { token: captchaToken(textPart(part("reCaptchaResponse")), textPart(part("captchaRawValue"))) },
      { sessionId, remoteIp: context.get(clientAddressContext), log: requestLog(context) },
      now,
    );
    if (!captcha.ok) {
      const { code, error } = captchaFailed(captcha.reason, "Error_SubmissionFailed", text);
      return refuse(code, error);
    }
  }

  const { perMember } = settlement.claims;
  const filed = draft && (await filedClaim(owner, formType, draft));
  // Documents compared by content: the same file sent again (a retry) has a new id.
  const fingerprints = new Map([
    ...received.files.flatMap((file) => (file.document ? [[file.document.id, file.document.sha256] as const] : [])),
    ...(filed
      ? (await store.claimDocuments(filed.referenceCode)).map((document) => [document.id, document.sha256] as const)
      : []),
  ]);
  const outcomeNow = filed && filingOutcome(filed, { models, records: records.records }, perMember, fingerprints);
  if (filed && outcomeNow === "refused" && perMember === "one")
    return refuse("already_filed", alreadyFiledText(text, culture), { referenceCodeForm: filed.referenceCode });
  // "many": answers unlike the claim this draft became are a claim of their own.
  const startsAnother = perMember === "many" && outcomeNow === "refused";
  const updated = await store.updateDraft(
    owner,
    formType,
    (current) => ({
      ...(current && !startsAnother ? current : emptyDraft(newDraftId())),
      prepopulated: current?.prepopulated,
      models,
      records: records.records,
      completedSteps: [...answerSteps(definition), "claim-summary"],
    }),
    now,
  );
  const outcome = await store.submitClaim(
    owner,
    formType,
    { draftId: updated.draftId, member: claimMember(signIn), models, ...records, culture },
    perMember,
    () => newReferenceCode(formType),
    now,
  );
  // Nothing new was filed: the claim stands as it was, and these uploads are not part of it.
  if (outcome.outcome === "unchanged" || outcome.outcome === "refused") await discardUploads();
  if (outcome.outcome === "refused")
    return apiError("already_filed", alreadyFiledText(text, culture), { referenceCodeForm: outcome.referenceCode });
  return json({
    referenceCodeForm: outcome.referenceCode,
    claim: { ...claimMember(signIn), formType, version: outcome.version, amended: outcome.version > 1 },
  });
}

/** Why a filed claim takes no change, and whom to ask instead (SPEC's contact settings, per culture). */
function alreadyFiledText(text: Translate, culture: string): string {
  const contact = contactFor(getPortal().settlement, culture);
  return `${text("Claim_ChangeRefused")} ${text("Claim_HowToChange", contact.phone, contact.email)}`;
}
