import type { RouterContextProvider } from "react-router";
import { captchaRefusal, captchaRequired, verifyCaptcha } from "#app/captcha/captcha.server.ts";
import { memberByVin } from "#app/claimants/class-members.server.ts";
import { requestNow } from "#app/clock.server.ts";
import { FLOW_DEADLINE_KEYS, type FormType, passedDeadline } from "#app/deadlines/deadline-guard.ts";
import { fieldsOfBlocks, type FormDefinition, modelKey } from "#app/forms/form-definition.ts";
import { failureText } from "#app/forms/parse-step.ts";
import { type ModelValues, type StepContext, validateStep } from "#app/forms/validate-step.ts";
import { json } from "#app/http/json.server.ts";
import { getCulture, getTranslate } from "#app/i18n/culture-middleware.server.ts";
import type { Translate } from "#app/i18n/i18n.ts";
import { clientAddressContext } from "#app/request-context.ts";
import { authorizeLimit, submitLimit } from "#app/security/rate-limit.server.ts";
import { requireApiCsrf } from "#app/session/json-api.server.ts";
import { getPortal } from "#app/settlement/portal.server.ts";
import { emptyDraft } from "#app/storage/store.ts";
import { getStore } from "#app/storage/store.server.ts";
import { readBodyText } from "#app/http/form-body.server.ts";
import { isMultipart, MalformedUpload, type ReceivedForm, receiveUpload } from "#app/documents/upload.server.ts";
import { type ApiRecords, apiRecords, documentNameFor } from "#app/records/api-records.server.ts";
import { recordsProblems } from "#app/records/record-actions.server.ts";
import { isRecordModel } from "#app/records/records.ts";
import { findMember, grantAuthorization } from "./authorize.server.ts";
import { newReferenceCode } from "./claim-submission.server.ts";
import { isSessionExpired, newDraftId } from "./claimant-session.server.ts";
import { answerSteps } from "./navigation.ts";

/** The model the index page asks for: credentials (or, for lookup, the VIN). */
function signInModel(definition: FormDefinition): string {
  return fieldsOfBlocks(definition.pages.index!.blocks)[0]!.split(".")[0]!;
}

interface ApiArgs {
  request: Request;
  formType: FormType;
  context: Readonly<RouterContextProvider>;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** JSON values as the posted text the validator reads (it normalises and checks them itself). */
function asSubmitted(value: unknown): Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value).map(([key, field]) => [key, typeof field === "number" ? String(field) : field]));
}

function stepContext(now: number, saved: ModelValues, side: StepContext["side"] = "server"): StepContext {
  const { settlement } = getPortal();
  return { characterWhitelist: settlement.characterWhitelist, internationalAddresses: settlement.internationalAddresses, now, side, saved };
}

function firstErrors(errors: ReturnType<typeof validateStep>["errors"], text: Translate): string {
  return Object.entries(errors)
    .map(([path, failures]) => `${path}: ${failureText(text, failures[0]!)}`)
    .join("; ");
}

/** The deadline guard for API calls, which are not under the flow routes: a 403 with its message. */
function deadlinePassed(formType: FormType, now: number, text: Translate): Response | undefined {
  return passedDeadline(getPortal().deadlines, FLOW_DEADLINE_KEYS[formType], now) ? json({ error: text("Deadline_Message") }, { status: 403 }) : undefined;
}

/**
 * POST /api/forms/{type}/authorize (SPEC §7): JSON { credentials, reCaptchaResponse } with the CSRF
 * header. The same checks as the sign-in page, in the same order; answers { authorized, error,
 * captcha, prepopulatedData }, with 400 for invalid input or captcha and 401 for no such member.
 * For lookup, { authorized: true, covered } says whether the VIN is covered.
 */
export async function apiAuthorize({ request, formType, context }: ApiArgs): Promise<Response> {
  const text = getTranslate(context);
  const now = requestNow(request);
  const sessionId = await requireApiCsrf(request);
  if (sessionId instanceof Response) return sessionId;
  const refuse = (status: number, error: string) => json({ authorized: false, error, captcha: null, prepopulatedData: null }, { status });
  const closed = deadlinePassed(formType, now, text);
  if (closed) return closed;
  if (!authorizeLimit.attempt(context.get(clientAddressContext), now)) return refuse(429, text("Authorization_TooManyAttempts"));
  const raw = await readBodyText(request);
  if (raw === undefined) return refuse(413, "The body is too large.");
  const body = parseJson(raw) as Record<string, unknown> | undefined;
  if (typeof body !== "object" || body === null) return refuse(400, "The body must be a JSON object: { credentials, reCaptchaResponse }.");

  const { settlement, forms, classMembers } = getPortal();
  const credentialsModel = signInModel(forms[formType]);
  const checked = validateStep(forms[formType], "index", { [credentialsModel]: asSubmitted(body.credentials) }, stepContext(now, {}));
  if (Object.keys(checked.errors).length > 0) return refuse(400, firstErrors(checked.errors, text));
  const captcha = await verifyCaptcha(settlement, { token: typeof body.reCaptchaResponse === "string" ? body.reCaptchaResponse : null }, context.get(clientAddressContext), now);
  if (!captcha.ok) {
    const { status, key } = captchaRefusal(captcha.reason, "Error_ProblemOccurred");
    return refuse(status, text(key));
  }

  if (formType === "lookup") {
    const vin = String(checked.values[credentialsModel]?.vin ?? "");
    return json({ authorized: true, error: null, captcha: null, covered: !!memberByVin(classMembers, vin) });
  }
  const member = findMember(checked.values.credentials);
  if (!member) return refuse(401, text(checked.values.credentials?.claimId ? "Authorization_ClaimIdPinMismatch" : "Authorization_VinNotFound"));
  await grantAuthorization(sessionId, formType, member, now);
  return json({ authorized: true, error: null, captcha: null, prepopulatedData: member.prepopulated });
}

/**
 * POST /api/forms/{standard,automotive,reimbursement} (SPEC §7): multipart, each payload part
 * JSON (claimantInfo, claimDetails, signature, … one per model), plus reCaptchaResponse and
 * userPreferredCulture, with the CSRF header, from a session authorized for the form type. Every
 * step's rules run as on the pages; the claim is filed in one transaction, and the same session's
 * draft filed twice gives the same code. Answers { referenceCodeForm } or 400 { error }.
 */
export async function apiSubmit({ request, formType, context }: ApiArgs): Promise<Response> {
  const text = getTranslate(context);
  const now = requestNow(request);
  const sessionId = await requireApiCsrf(request);
  if (sessionId instanceof Response) return sessionId;
  const store = getStore();
  const session = await store.getSession(sessionId);
  if (!session?.authorizations[formType] || isSessionExpired(session, now)) return json({ error: text("SessionExpired_Message") }, { status: 401 });
  const closed = deadlinePassed(formType, now, text);
  if (closed) return closed;
  if (!submitLimit.attempt(context.get(clientAddressContext), now)) return json({ error: text("Submission_TooManyAttempts") }, { status: 429 });

  const { settlement, forms } = getPortal();
  if (!isMultipart(request)) return json({ error: "The body must be multipart/form-data, each payload part JSON." }, { status: 400 });
  let received: ReceivedForm;
  try {
    // Files under "documents" go straight to the document store as they arrive (the CSRF header was checked above).
    received = await receiveUpload(request, {
      limits: settlement.uploads,
      store,
      owner: { sessionId, formType },
      now,
      held: { bytes: 0, files: 0, names: [] },
      acceptsFile: (field) => field === "documents",
      severalPerField: true,
      mayStore: () => true,
      nameOf: (sentAs, fields) => documentNameFor(fields.get("documentContexts"), sentAs),
    });
  } catch (error) {
    if (error instanceof MalformedUpload) return json({ error: "The body must be multipart/form-data, each payload part JSON." }, { status: 400 });
    throw error;
  }
  const discardUploads = () => Promise.all(received.files.flatMap((file) => (file.document ? [store.deleteDocument(file.document.id)] : [])));
  const refuse = async (status: number, error: string) => {
    await discardUploads();
    return json({ error }, { status });
  };
  const part = (name: string): unknown => {
    const raw = received.fields.get(name);
    if (raw === null || raw === "") return null;
    try {
      return JSON.parse(raw);
    } catch {
      throw new SyntaxError(`The part "${name}" is not valid JSON.`);
    }
  };

  const definition = forms[formType];
  let submitted: Record<string, Record<string, unknown>>;
  let token: unknown;
  let preferred: unknown;
  try {
    const answered = definition.models.map(modelKey).filter((key) => key !== signInModel(definition) && !isRecordModel(key));
    submitted = Object.fromEntries(answered.map((key) => [key, asSubmitted(part(key))]));
    token = part("reCaptchaResponse");
    preferred = part("userPreferredCulture");
  } catch (error) {
    return refuse(400, (error as Error).message);
  }
  const culture = typeof preferred === "string" && settlement.cultures.includes(preferred) ? preferred : getCulture(context);

  // The same rules as the pages, step by step, each seeing the answers of the steps before it.
  let models: ModelValues = {};
  const errors: ReturnType<typeof validateStep>["errors"] = {};
  for (const step of [...answerSteps(definition), "claim-summary" as const]) {
    const result = validateStep(definition, step, submitted, stepContext(now, models));
    Object.assign(errors, result.errors);
    for (const [model, values] of Object.entries(result.values)) models = { ...models, [model]: { ...models[model], ...values } };
  }
  if (Object.keys(errors).length > 0) return refuse(400, firstErrors(errors, text));
  let records: ApiRecords;
  try {
    records = apiRecords(definition, part, received.files, { step: stepContext(now, models), models, limits: settlement.uploads, text, culture });
  } catch (error) {
    return refuse(400, (error as Error).message);
  }
  if ("error" in records) return refuse(400, records.error);
  const problems = Object.entries(Object.assign({}, ...Object.values(definition.pages).map((page) => recordsProblems(page, { records: records.records, models }, text))) as Record<string, string>);
  if (problems.length > 0) return refuse(400, problems.map(([model, message]) => `${model}: ${message}`).join("; "));
  if (captchaRequired(settlement)) {
    const captcha = await verifyCaptcha(settlement, { token: typeof token === "string" ? token : null }, context.get(clientAddressContext), now);
    if (!captcha.ok) {
      const { status, key } = captchaRefusal(captcha.reason, "Error_SubmissionFailed");
      return refuse(status, text(key));
    }
  }

  const draft = (await store.getDraft(sessionId, formType)) ?? { ...emptyDraft(newDraftId()), updatedAt: now };
  await store.saveDraft(sessionId, formType, { ...draft, models, records: records.records, completedSteps: [...answerSteps(definition), "claim-summary"] }, now);
  const filed = await store.submitClaim(sessionId, formType, { draftId: draft.draftId, models, ...records, culture }, () => newReferenceCode(formType), now);
  // A draft filed before: its claim stands as it was, and these uploads are not part of it.
  if (!filed.created) await discardUploads();
  return json({ referenceCodeForm: filed.referenceCode });
}
