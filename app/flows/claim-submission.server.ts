import { randomInt } from "node:crypto";
import { data, redirect } from "react-router";
import { captchaProof, captchaRefusal, captchaSettings, verifyCaptcha } from "#app/captcha/captcha.server.ts";
import { CAPTCHA_ERROR_NAME } from "#app/captcha/captcha-fields.ts";
import type { FormType } from "#app/flow-registry/form-type.ts";
import { FLOWS } from "#app/flow-registry/flows.ts";
import { formatDayLong, formatClaimantDate, claimantToday } from "#app/forms/claimant-dates.ts";
import { answersThatApply } from "#app/forms/answers-that-apply.ts";
import { dependenciesFulfilled } from "#app/forms/dependencies.ts";
import { displayValue } from "#app/forms/display-value.ts";
import { fieldKind } from "#app/forms/fields/index.ts";
import { fieldsOfBlocks, type FormDefinition, qualify, resolveField } from "#app/forms/form-definition.ts";
import type { FieldConfig } from "#app/forms/definition-schema.ts";
import type { Translate } from "#app/i18n/i18n.ts";
import { withCulture } from "#app/i18n/culture.ts";
import { clientAddressContext } from "#app/request-context.ts";
import { csrfToken } from "#app/session/csrf.server.ts";
import { getStore } from "#app/storage/store.server.ts";
import { claimDocumentIds, recordsProblems, savedOnly } from "#app/records/record-actions.server.ts";
import { recordChoices, recordsViews } from "#app/records/records-view.server.ts";
import {
  type Claim,
  type ClaimMember,
  type Draft,
  type DraftOwner,
  emptyDraft,
  sameContent,
  type SignIn,
} from "#app/storage/store.ts";
import { contactFor } from "#app/settlement/settlement-schema.ts";
import { isReadOnly, newDraftId, requireClaimantSession } from "./claimant-session.server.ts";
import { answerSteps, firstIncompleteBefore, flowSteps, stepPath } from "./navigation.ts";
import {
  filedClaimPath,
  sessionTimeout,
  type StepArgs,
  stepFormData,
  stepPosition,
  withStepAnswers,
} from "./step-page.server.ts";
import { readPostedForm } from "#app/http/form-body.server.ts";
import { getFlowStep, parsePostedStep } from "./flow-context.server.ts";
import { requestLog } from "#app/request-log.server.ts";

/** The date a claim signed now carries: today in Los Angeles (also GET /api/signature-date). */
export function signatureDate(now: number, culture: string) {
  const today = claimantToday(now);
  return { signatureDate: formatClaimantDate(today), displayDate: formatDayLong(today, culture, "long") };
}

/** Crockford's base32 without I, L, O and U: easy to read out over the phone. */
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** An unguessable reference code per form type: "AUT-7K3M-9QXW-2HDF" (60 random bits). */
export function newReferenceCode(formType: FormType): string {
  const groups = Array.from({ length: 3 }, () =>
    Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join(""),
  );
  return [FLOWS[formType].referenceCodePrefix, ...groups].join("-");
}

/** The named answers of a model, for comparing what a page posts with what was filed. */
const pick = (values: Record<string, unknown> | undefined, keys: string[]) =>
  Object.fromEntries(keys.map((key) => [key, values?.[key] ?? null]));

/** Who a claim filed under this sign-in belongs to, as the administrator will see it. */
export function claimMember(signIn: SignIn): ClaimMember {
  return signIn.method === "claimIdPin" && signIn.claimId
    ? { claimId: signIn.claimId, vin: null, verified: true, signInMethod: "claimIdPin" }
    : { claimId: null, vin: signIn.vin ?? null, verified: false, signInMethod: "vin" };
}

/** A field that only repeats another to catch typing errors ("Confirm email address"): not an answer of its own. */
const repeatsAnotherField = (field: FieldConfig) =>
  field.validations?.some((validation) => validation.type === "equalTo") ?? false;

/**
 * Every answer by step, each with a link to change its step (issue 4 "check your answers"; issue 13):
 * as the claimant would write it, without the "Confirm …" repeats, a blank optional one "Not given".
 */
function answerSections(
  formType: FormType,
  definition: FormDefinition,
  draft: Pick<Draft, "models" | "records">,
  text: Translate,
  culture: string,
) {
  const { models } = draft;
  return answerSteps(definition).map((step) => {
    const page = definition.pages[step]!;
    const answers = fieldsOfBlocks(page.blocks).flatMap((path) => {
      const { field, modelKey } = resolveField(definition, path)!;
      const valueAt = (reference: string) => {
        const [model, key] = qualify(reference, modelKey).split(".") as [string, string];
        return models[model]?.[key] ?? null;
      };
      // Hidden fields and fields that do not apply are not the claimant's answers.
      if (!fieldKind(field).visible || !dependenciesFulfilled(field.dependencies, valueAt)) return [];
      if (repeatsAnotherField(field)) return [];
      const [model, key] = path.split(".") as [string, string];
      const value = models[model]?.[key] ?? null;
      const shown = value === null || value === "" ? text("Value_NotGiven") : displayValue(field, value, text, culture);
      return [{ path, label: text(field.label), value: shown }];
    });
    // Each saved record (an expense, a document) as one answer: "Document 1 — receipt.pdf, Receipt, 120 KB".
    const choices = recordChoices(definition, page, draft.records, text, culture);
    for (const view of recordsViews(definition, page, draft.records, text, culture, choices)) {
      if (view.rows.length === 0)
        answers.push({ path: view.block.model, label: text(view.block.legend), value: text("Records_None") });
      // A record's blank optional values are left out of its line rather than read as "Not answered yet".
      const notAnswered = text("Value_NotAnswered");
      for (const row of view.rows) {
        const value = row.cells.filter((cell) => cell && cell !== notAnswered).join(", ");
        answers.push({ path: row.clientId, label: row.title, value });
      }
    }
    return {
      step,
      title: text(page.title),
      changePath: withCulture(`${stepPath(formType, step)}?return=summary`, culture),
      answers,
    };
  });
}

export async function loadSummary({ request, context }: StepArgs) {
  const flow = getFlowStep(context);
  const { formType, step, definition, culture, text, now, settlement } = flow;
  const { sessionId, session, draft, filed } = await requireClaimantSession(request, flow);
  if (isReadOnly(filed)) throw redirect(filedClaimPath(formType, culture));
  const missing = firstIncompleteBefore(definition, step, draft.completedSteps);
  if (missing) throw redirect(withCulture(stepPath(formType, missing), culture));
  return {
    ...stepFormData(flow, draft, sessionId),
    /** The claim this summary would amend (claims.perMember "amend"), if filed already. */
    amending: filed?.referenceCode,
    sections: answerSections(formType, definition, draft, text, culture),
    ...stepPosition(flow),
    ...signatureDate(now, culture),
    captcha: captchaSettings(settlement, sessionId, now),
    timeout: sessionTimeout(flow, session),
  };
}

/**
 * The claim's submission (SPEC §4 "Submission"): session, CSRF (no limit per address: decision
 * 021), the attestation and signature, the captcha, every step complete; then the draft is filed
 * as a claim of the member who signed in, in one transaction. The same answers filed twice (double click, back button,
 * retry, a second session of the member) make one claim with one reference code; changed answers
 * are a new version of it where the settlement lets members amend, and are never taken silently
 * where it does not.
 */
export async function submitClaim({ request, context }: StepArgs) {
  const flow = getFlowStep(context);
  const { formType, step, definition, culture, text, now, settlement } = flow;
  const { sessionId, signIn, owner, draft, filed } = await requireClaimantSession(request, flow);
  const formData = await readPostedForm(request, sessionId, text);
  // Filed already and final: the claim as filed. A second click of Submit sends what was filed;
  // anything else (a signature changed in a tab left open) is refused, and the page says so.
  if (filed && isReadOnly(filed)) {
    const posted = parsePostedStep(flow, formData, filed.models);
    const same =
      posted.status === "success" &&
      Object.entries(posted.value).every(([model, values]) =>
        sameContent(values, pick(filed.models[model], Object.keys(values))),
      );
    return redirect(filedClaimPath(formType, culture, { changeRefused: !same }), 303);
  }
  const missing = firstIncompleteBefore(definition, step, draft.completedSteps);
  if (missing) throw redirect(withCulture(stepPath(formType, missing), culture), 303);

  const submission = parsePostedStep(flow, formData, draft.models);
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const captcha = await verifyCaptcha(
    settlement,
    captchaProof(formData),
    { sessionId, remoteIp: context.get(clientAddressContext), log: requestLog(context) },
    now,
  );
  if (!captcha.ok) {
    const { status, key } = captchaRefusal(captcha.reason, "Error_SubmissionFailed");
    const reply =
      status === 503
        ? submission.reply({ formErrors: [text(key)] })
        : submission.reply({ fieldErrors: { [CAPTCHA_ERROR_NAME]: [text(key)] } });
    return data({ result: reply }, { status });
  }

  // The records' rules hold at filing time too, whatever was posted since their step.
  const recordsStep = answerSteps(definition).find(
    (candidate) => Object.keys(recordsProblems(definition.pages[candidate], draft, text)).length > 0,
  );
  if (recordsStep) throw redirect(withCulture(stepPath(formType, recordsStep), culture), 303);

  const store = getStore();
  const signed = await store.updateDraft(
    owner,
    formType,
    (current) => withStepAnswers(current ?? draft, step, submission.value, []),
    now,
  );
  const claim = {
    draftId: signed.draftId,
    member: claimMember(signIn),
    models: answersThatApply(definition, signed.models),
    records: savedOnly(signed.records),
    documentIds: claimDocumentIds(signed.records),
    culture,
  };
  const outcome = await store.submitClaim(
    owner,
    formType,
    claim,
    settlement.claims.perMember,
    () => newReferenceCode(formType),
    now,
  );
  // With several claims a member's draft moves on ("File another claim", maybe on another device
  // before this redirect is followed): the confirmation is told which claim was filed.
  const claimShown = settlement.claims.perMember === "many" ? outcome.referenceCode : undefined;
  return redirect(
    filedClaimPath(formType, culture, { changeRefused: outcome.outcome === "refused", claim: claimShown }),
    303,
  );
}

/**
 * The confirmation page: the claim the member filed in this flow, as filed (its latest version),
 * printable, with what comes next: amend it, file another, or (when final) how to ask the
 * administrator for a change.
 */
export async function loadConfirmation({ request, context }: StepArgs) {
  const flow = getFlowStep(context);
  const { formType, definition, page, culture, text, settlement, url } = flow;
  const { perMember } = settlement.claims;
  const session = await requireClaimantSession(request, flow);
  const { sessionId } = session;
  const named = perMember === "many" ? await claimNamed(url, session.owner, formType) : undefined;
  const filed = named ?? session.filed;
  if (!filed) throw redirect(withCulture(stepPath(formType, "claim-summary"), culture));
  const { phone, email } = contactFor(settlement, culture);
  return {
    formType,
    contact: { phone, email },
    page,
    referenceCode: filed.referenceCode,
    submittedOn: formatDayLong(claimantToday(filed.submittedAt), culture, "long"),
    amendedOn: filed.version > 1 ? formatDayLong(claimantToday(filed.versionAt), culture, "long") : undefined,
    version: filed.version,
    sections: filedAnswers(formType, definition, filed, text, culture),
    perMember,
    changeRefused: url.searchParams.get("notice") === "filed",
    changePath: perMember === "amend" ? withCulture(stepPath(formType, "claim-summary"), culture) : undefined,
    csrfToken: csrfToken(sessionId),
    action: withCulture(stepPath(formType, "confirmation"), culture),
  };
}

/**
 * The claim a confirmation address names (`?claim=`, claims.perMember "many"), if it is the
 * member's own of this form type: a member's earlier claim stays on its confirmation page (back,
 * reload) after they start another. Anyone else's code shows nothing of it.
 */
async function claimNamed(url: URL, owner: DraftOwner, formType: FormType): Promise<Claim | undefined> {
  const code = url.searchParams.get("claim");
  if (!code) return undefined;
  const claim = await getStore().getClaim(code);
  return claim && claim.owner === owner && claim.formType === formType ? claim : undefined;
}

/** The claim's answers by step, read-only: what the administrator received. */
function filedAnswers(formType: FormType, definition: FormDefinition, claim: Claim, text: Translate, culture: string) {
  return answerSections(formType, definition, claim, text, culture).map(
    ({ changePath: _change, ...section }) => section,
  );
}

/**
 * "File another claim" (claims.perMember "many"): the member's next draft starts empty, with their
 * data filled in again; the claims filed stay as they are.
 */
export async function startAnotherClaim({ request, context }: StepArgs) {
  const flow = getFlowStep(context);
  const { formType, definition, culture, text, now, settlement } = flow;
  const { sessionId, owner, filed } = await requireClaimantSession(request, flow);
  const formData = await readPostedForm(request, sessionId, text);
  if (settlement.claims.perMember !== "many" || formData.get("intent") !== "another") throw data(null, { status: 400 });
  // Only a draft that was filed is replaced: a second click finds the new one and leaves it be.
  await getStore().updateDraft(
    owner,
    formType,
    (current) =>
      current && current.draftId !== filed?.draftId
        ? current
        : { ...emptyDraft(newDraftId()), prepopulated: current?.prepopulated },
    now,
  );
  return redirect(withCulture(stepPath(formType, flowSteps(definition)[1]!), culture), 303);
}
