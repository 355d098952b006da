import { filingClient } from "#app/signals/claim-signals.server.ts";
import { checkClaimAnswers } from "#app/claims/claim-answers.ts";
import { checksOf } from "#app/claims/claim-flow.ts";
import { signedInClaimant } from "#app/claims/claimant-session.server.ts";
import { fileClaim } from "#app/claims/file-claim.server.ts";
import { credentialsMatch, prepopulatedDataMatches } from "#app/claims/submitted-identity.server.ts";
import {
  FIELD_SIZE_LIMIT,
  isMultipart,
  MalformedUpload,
  PartTooLarge,
  type ReceivedForm,
  receiveUpload,
} from "#app/documents/upload.server.ts";
import { flowOf } from "#app/flows/flow-context.server.ts";
import { answersThatApply } from "#app/forms/answers-that-apply.ts";
import { type FormDefinition, modelKey } from "#app/forms/form-definition.ts";
import {
  type ApiErrorCode,
  type ApiErrorExtra,
  apiError,
  queryCultureRefusal,
  unofferedCulture,
} from "#app/http/api-error.server.ts";
import { json } from "#app/http/json.server.ts";
import { createTranslate, type Translate } from "#app/i18n/i18n.ts";
import { type ApiRecords, apiRecords, documentNameFor } from "./api-records.server.ts";
import { formatBytes, isRecordModel } from "#app/records/records.ts";
import { requireApiCsrf } from "#app/session/json-api.server.ts";
import { signInKindsOf } from "#app/claims/sign-in-kinds.server.ts";
import { getPortal } from "#app/settlement/portal.server.ts";
import { contactFor } from "#app/settlement/settlement-schema.ts";
import { getStore } from "#app/storage/store.server.ts";
import {
  askedFields,
  inapplicableAnswers,
  jsonPart,
  modelFields,
  PayloadError,
  textPart,
  unaskedAnswers,
} from "./api-payload.server.ts";
import {
  type ApiArgs,
  captchaFailed,
  captchaToken,
  deadlinePassed,
  fieldMessages,
  parseJson,
  signInModel,
  validationFailed,
} from "./api-replies.server.ts";

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

/**
 * POST /api/forms/{standard,automotive,reimbursement} (SPEC §7): multipart, each payload part
 * JSON (SPEC §3's parts: claimantInfo, claimDetails, signature, credentials, prepopulatedData,
 * documentContexts, claimTransactions, each model in SPEC's shape or flat; reCaptchaResponse,
 * captchaRawValue and userPreferredCulture as JSON strings or plain text; files under
 * "documents"), with the CSRF header, from a session signed in to the form type. The payload is
 * read here, strictly (decision 020); its answers are checked and the claim filed by the pages' own
 * use cases (app/claims: checkClaimAnswers, fileClaim). Answers { referenceCodeForm, claim }, or the
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
  const claimant = await signedInClaimant(sessionId, formType, now, { idleTimeout: true });
  if (!claimant.ok)
    return claimant.reason === "expired"
      ? apiError("session_expired", text("SessionExpired_Message"))
      : apiError(
          "not_signed_in",
          text(signInKindsOf(formType).includes("open") ? "Api_NotStarted" : "Api_NotSignedIn"),
        );
  const { signIn, owner, draft } = claimant;

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
  if (!named) text = createTranslate(getPortal().messages[culture] ?? {}, culture);

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
  if (!prepopulatedDataMatches(prepopulatedData, draft.prepopulated))
    return refuse("credentials_mismatch", text("Submission_PrepopulatedMismatch"));
  if (Object.keys(unasked).length > 0) return refuse(...validationFailed(unasked));

  const checked = checkClaimAnswers({ ...flow, culture, text }, submitted, notSent);
  if (!checked.ok) return refuse(...validationFailed(fieldMessages(checked.errors, text)));
  const { answers } = checked;
  const applying = answersThatApply(definition, answers);
  const inapplicable = inapplicableAnswers(definition, submitted, applying, text);
  if (Object.keys(inapplicable).length > 0) return refuse(...validationFailed(inapplicable));
  let records: ApiRecords;
  try {
    records = apiRecords(definition, (name) => jsonPart(part(name), name, text), received.files, {
      step: checksOf(flow, applying),
      models: applying,
      limits: settlement.uploads,
      text,
      culture,
    });
  } catch (error) {
    if (error instanceof PayloadError) return refuse("invalid_request", error.message);
    throw error;
  }
  if ("fields" in records) return refuse(...validationFailed(records.fields));

  const filing = await fileClaim({
    flow: { ...flow, culture, text },
    claimant,
    answers,
    records,
    uploads: received.files.flatMap((file) => (file.document ? [file.document] : [])),
    captcha: { token: captchaToken(textPart(part("reCaptchaResponse")), textPart(part("captchaRawValue"))) },
    requester: { sessionId, context, now },
    client: filingClient(request, context, true),
  });
  if (!filing.ok) {
    switch (filing.reason) {
      case "recordsIncomplete":
        return apiError(...validationFailed(filing.problems));
      case "captcha":
        return apiError(...captchaFailed(filing, text));
      case "alreadyFiled":
        return apiError("already_filed", alreadyFiledText(text, culture), { referenceCodeForm: filing.referenceCode });
      case "emailTaken":
        return apiError("email_already_filed", text("Claim_EmailAlreadyFiled"), {
          fields: { [filing.field]: text("Claim_EmailAlreadyFiled") },
        });
    }
  }
  return json({
    referenceCodeForm: filing.referenceCode,
    claim: { ...filing.member, formType, version: filing.version, amended: filing.version > 1 },
  });
}

/** Why a filed claim takes no change, and whom to ask instead (SPEC's contact settings, per culture). */
function alreadyFiledText(text: Translate, culture: string): string {
  const contact = contactFor(getPortal().settlement, culture);
  return `${text("Claim_ChangeRefused")} ${text("Claim_HowToChange", contact.phone, contact.email)}`;
}
