import type { RouterContextProvider } from "react-router";
import { captchaRefusal, captchaRequired, verifyCaptcha } from "#app/captcha/captcha.server.ts";
import { memberByVin } from "#app/claimants/class-members.server.ts";
import { FLOW_DEADLINE_KEYS, type FormType, passedDeadline } from "#app/deadlines/deadline-guard.ts";
import { fieldsOfBlocks, type FormDefinition, modelKey } from "#app/forms/form-definition.ts";
import { failureText } from "#app/forms/parse-step.ts";
import { type ModelValues, validateStep } from "#app/forms/validate-step.ts";
import { json, readJson } from "#app/http/json.server.ts";
import type { Translate } from "#app/i18n/i18n.ts";
import { clientAddressContext } from "#app/request-context.ts";
import { authorizeLimit, submitLimit } from "#app/security/rate-limit.server.ts";
import { admitSignInAttempt, recordSignInOutcome } from "#app/security/sign-in-lockout.server.ts";
import { requireApiCsrf } from "#app/session/json-api.server.ts";
import { getPortal } from "#app/settlement/portal.server.ts";
import { draftOwner, emptyDraft, filingOutcome } from "#app/storage/store.ts";
import { CSRF_HEADER_NAME, csrfToken } from "#app/session/csrf.server.ts";
import { newSessionId } from "#app/session/session-cookie.server.ts";
import { getStore } from "#app/storage/store.server.ts";
import { readBodyText } from "#app/http/form-body.server.ts";
import { isMultipart, MalformedUpload, type ReceivedForm, receiveUpload } from "#app/documents/upload.server.ts";
import { type ApiRecords, apiRecords, documentNameFor } from "#app/records/api-records.server.ts";
import { recordsProblems } from "#app/records/record-actions.server.ts";
import { isRecordModel } from "#app/records/records.ts";
import { contactFor } from "#app/settlement/settlement-schema.ts";
import { grantAuthorization, signInWith } from "./authorize.server.ts";
import { claimMember, newReferenceCode } from "./claim-submission.server.ts";
import { filedClaim, isSessionExpired, newDraftId, renewSessionId } from "./claimant-session.server.ts";
import { answerSteps } from "./navigation.ts";
import { checksOf, flowOf } from "./flow-context.server.ts";
import { requestLog } from "#app/request-log.server.ts";
import { answersThatApply } from "#app/forms/answers-that-apply.ts";

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
    return readJson(text);
  } catch {
    return undefined;
  }
}

/** JSON values as the posted text the validator reads (it normalises and checks them itself). */
function asSubmitted(value: unknown): Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value).map(([key, field]) => [key, typeof field === "number" ? String(field) : field]),
  );
}

function firstErrors(errors: ReturnType<typeof validateStep>["errors"], text: Translate): string {
  return Object.entries(errors)
    .map(([path, failures]) => `${path}: ${failureText(text, failures[0]!)}`)
    .join("; ");
}

/** The deadline guard for API calls, which are not under the flow routes: a 403 with its message. */
function deadlinePassed(formType: FormType, now: number, text: Translate): Response | undefined {
  return passedDeadline(getPortal().deadlines, FLOW_DEADLINE_KEYS[formType], now)
    ? json({ error: text("Deadline_Message") }, { status: 403 })
    : undefined;
}

/**
 * POST /api/forms/{type}/authorize (SPEC §7): JSON { credentials, reCaptchaResponse } with the CSRF
 * header. The same checks as the sign-in page, in the same order; answers { authorized, error,
 * captcha, prepopulatedData }, with 400 for invalid input or captcha and 401 for no such member.
 * For lookup, { authorized: true, covered } says whether the VIN is covered.
 */
export async function apiAuthorize({ request, formType, context }: ApiArgs): Promise<Response> {
  const flow = flowOf(formType, request, context);
  const { text, now, culture, settlement, definition } = flow;
  const sessionId = await requireApiCsrf(request);
  if (sessionId instanceof Response) return sessionId;
  const refuse = (status: number, error: string) =>
    json({ authorized: false, error, captcha: null, prepopulatedData: null }, { status });
  const closed = deadlinePassed(formType, now, text);
  if (closed) return closed;
  if (!authorizeLimit.attempt(context.get(clientAddressContext), now))
    return refuse(429, text("Authorization_TooManyAttempts"));
  const raw = await readBodyText(request);
  if (raw === undefined) return refuse(413, "The body is too large.");
  const body = parseJson(raw) as Record<string, unknown> | undefined;
  if (typeof body !== "object" || body === null)
    return refuse(400, "The body must be a JSON object: { credentials, reCaptchaResponse }.");

  const { classMembers } = getPortal();
  const credentialsModel = signInModel(definition);
  const checked = validateStep(
    definition,
    "index",
    { [credentialsModel]: asSubmitted(body.credentials) },
    checksOf(flow, {}),
  );
  if (Object.keys(checked.errors).length > 0) return refuse(400, firstErrors(checked.errors, text));
  const captcha = await verifyCaptcha(
    settlement,
    { token: typeof body.reCaptchaResponse === "string" ? body.reCaptchaResponse : null },
    { sessionId, remoteIp: context.get(clientAddressContext), log: requestLog(context) },
    now,
  );
  if (!captcha.ok) {
    const { status, key } = captchaRefusal(captcha.reason, "Error_ProblemOccurred");
    return refuse(status, text(key));
  }

  if (formType === "lookup") {
    const vin = String(checked.values[credentialsModel]?.vin ?? "");
    return json({ authorized: true, error: null, captcha: null, covered: !!memberByVin(classMembers, vin) });
  }
  const locked = await admitSignInAttempt(checked.values.credentials, now, text, culture);
  if (locked) return refuse(429, locked);
  const signedIn = signInWith(formType, checked.values.credentials, now);
  await recordSignInOutcome(checked.values.credentials, signedIn);
  if ("key" in signedIn) return refuse(signedIn.status, text(signedIn.key));
  authorizeLimit.succeeded(context.get(clientAddressContext));
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
 * POST /api/forms/{standard,automotive,reimbursement} (SPEC §7): multipart, each payload part
 * JSON (claimantInfo, claimDetails, signature, … one per model), plus reCaptchaResponse and
 * userPreferredCulture, with the CSRF header, from a session authorized for the form type. Every
 * step's rules run as on the pages; the claim is filed in one transaction, and the same session's
 * draft filed twice gives the same code. Answers { referenceCodeForm } or 400 { error }.
 */
export async function apiSubmit({ request, formType, context }: ApiArgs): Promise<Response> {
  const flow = flowOf(formType, request, context);
  const { text, now, settlement, definition } = flow;
  const sessionId = await requireApiCsrf(request);
  if (sessionId instanceof Response) return sessionId;
  const store = getStore();
  const session = await store.getSession(sessionId);
  const signIn = session?.authorizations[formType];
  if (!session || !signIn || isSessionExpired(session, now))
    return json({ error: text("SessionExpired_Message") }, { status: 401 });
  const owner = draftOwner(sessionId, signIn);
  const closed = deadlinePassed(formType, now, text);
  if (closed) return closed;
  if (!submitLimit.attempt(context.get(clientAddressContext), now))
    return json({ error: text("Submission_TooManyAttempts") }, { status: 429 });

  if (!isMultipart(request))
    return json({ error: "The body must be multipart/form-data, each payload part JSON." }, { status: 400 });
  let received: ReceivedForm;
  try {
    // Files under "documents" go straight to the document store as they arrive (the CSRF header was checked above).
    received = await receiveUpload(request, {
      limits: settlement.uploads,
      store,
      owner: { owner, formType },
      now,
      held: { bytes: 0, files: 0, names: [] },
      acceptsFile: (field) => field === "documents",
      severalPerField: true,
      mayStore: () => true,
      nameOf: (sentAs, fields) => documentNameFor(fields.get("documentContexts"), sentAs),
    });
  } catch (error) {
    if (error instanceof MalformedUpload)
      return json({ error: "The body must be multipart/form-data, each payload part JSON." }, { status: 400 });
    throw error;
  }
  const discardUploads = () =>
    Promise.all(received.files.flatMap((file) => (file.document ? [store.deleteDocument(file.document.id)] : [])));
  const refuse = async (status: number, error: string) => {
    await discardUploads();
    return json({ error }, { status });
  };
  const part = (name: string): unknown => {
    const raw = received.fields.get(name);
    if (raw === null || raw === "") return null;
    try {
      return readJson(raw);
    } catch {
      throw new SyntaxError(`The part "${name}" is not valid JSON.`);
    }
  };

  let submitted: Record<string, Record<string, unknown>>;
  let token: unknown;
  let preferred: unknown;
  let credentials: unknown;
  try {
    const answered = definition.models
      .map(modelKey)
      .filter((key) => key !== signInModel(definition) && !isRecordModel(key));
    submitted = Object.fromEntries(answered.map((key) => [key, asSubmitted(part(key))]));
    token = part("reCaptchaResponse");
    preferred = part("userPreferredCulture");
    credentials = part(signInModel(definition));
  } catch (error) {
    return refuse(400, (error as Error).message);
  }
  // The claim is the signed-in member's: credentials naming someone else are refused, not ignored.
  const namedClaimId = asSubmitted(credentials).claimId;
  if (typeof namedClaimId === "string" && namedClaimId !== "" && namedClaimId !== signIn.claimId)
    return refuse(403, text("Submission_CredentialsMismatch"));
  const culture = typeof preferred === "string" && settlement.cultures.includes(preferred) ? preferred : flow.culture;

  // The same rules as the pages, step by step, each seeing the answers of the steps before it.
  let models: ModelValues = {};
  const errors: ReturnType<typeof validateStep>["errors"] = {};
  for (const step of [...answerSteps(definition), "claim-summary" as const]) {
    const result = validateStep(definition, step, submitted, checksOf(flow, models));
    Object.assign(errors, result.errors);
    for (const [model, values] of Object.entries(result.values))
      models = { ...models, [model]: { ...models[model], ...values } };
  }
  if (Object.keys(errors).length > 0) return refuse(400, firstErrors(errors, text));
  models = answersThatApply(definition, models);
  let records: ApiRecords;
  try {
    records = apiRecords(definition, part, received.files, {
      step: checksOf(flow, models),
      models,
      limits: settlement.uploads,
      text,
      culture,
    });
  } catch (error) {
    return refuse(400, (error as Error).message);
  }
  if ("error" in records) return refuse(400, records.error);
  const problems = Object.entries(
    Object.assign(
      {},
      ...Object.values(definition.pages).map((page) =>
        recordsProblems(page, { records: records.records, models }, text),
      ),
    ) as Record<string, string>,
  );
  if (problems.length > 0) return refuse(400, problems.map(([model, message]) => `${model}: ${message}`).join("; "));
  if (captchaRequired(settlement)) {
    const captcha = await verifyCaptcha(
      settlement,
      { token: typeof token === "string" ? token : null },
      { sessionId, remoteIp: context.get(clientAddressContext), log: requestLog(context) },
      now,
    );
    if (!captcha.ok) {
      const { status, key } = captchaRefusal(captcha.reason, "Error_SubmissionFailed");
      return refuse(status, text(key));
    }
  }

  const { perMember } = settlement.claims;
  const stored = await store.getDraft(owner, formType);
  const filed = stored && (await filedClaim(owner, formType, stored));
  // Documents compared by content: the same file sent again (a retry) has a new id.
  const fingerprints = new Map([
    ...received.files.flatMap((file) => (file.document ? [[file.document.id, file.document.sha256] as const] : [])),
    ...(filed
      ? (await store.claimDocuments(filed.referenceCode)).map((document) => [document.id, document.sha256] as const)
      : []),
  ]);
  const outcomeNow = filed && filingOutcome(filed, { models, records: records.records }, perMember, fingerprints);
  if (filed && outcomeNow === "refused" && perMember === "one") return refuse(409, alreadyFiledText(text, culture));
  // "many": answers unlike the claim this draft became are a claim of their own.
  const startsAnother = perMember === "many" && outcomeNow === "refused";
  const draft = await store.updateDraft(
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
    { draftId: draft.draftId, member: claimMember(signIn), models, ...records, culture },
    perMember,
    () => newReferenceCode(formType),
    now,
  );
  // Nothing new was filed: the claim stands as it was, and these uploads are not part of it.
  if (outcome.outcome === "unchanged" || outcome.outcome === "refused") await discardUploads();
  if (outcome.outcome === "refused")
    return json({ error: alreadyFiledText(text, culture), referenceCodeForm: outcome.referenceCode }, { status: 409 });
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
