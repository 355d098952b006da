import { filingClient } from "#app/signals/claim-signals.server.ts";
import { data, redirect } from "react-router";
import { claimantEmail } from "#app/claims/claim-email.server.ts";
import { emailSettings } from "#app/email/email-settings.server.ts";
import { captchaProof, captchaSettings } from "#app/captcha/captcha.server.ts";
import { CAPTCHA_ERROR_NAME } from "#app/captcha/captcha-fields.ts";
import { checkClaimAnswers } from "#app/claims/claim-answers.ts";
import { isReadOnly } from "#app/claims/claimant-session.server.ts";
import { draftKeptFor } from "#app/claims/draft-kept.server.ts";
import { fileClaim } from "#app/claims/file-claim.server.ts";
import { startAnotherClaim as startAnother } from "#app/claims/start-another-claim.server.ts";
import type { FormType } from "#app/flow-registry/form-type.ts";
import { formatClaimantDate } from "#app/forms/claimant-dates.ts";
import { claimantToday, formatDayLong } from "#app/forms/claimant-clock.ts";
import { answerRows } from "#app/forms/answer-rows.ts";
import { fieldsOfBlocks, type FormDefinition } from "#app/forms/form-definition.ts";
import { readPostedForm } from "#app/http/form-body.server.ts";
import { withCulture } from "#app/i18n/culture.ts";
import type { Translate } from "#app/i18n/i18n.ts";
import { recordChoices, recordsViews } from "#app/records/records-view.server.ts";
import { csrfToken } from "#app/session/csrf.server.ts";
import { contactFor } from "#app/settlement/settlement-schema.ts";
import { getStore } from "#app/storage/store.server.ts";
import { type Claim, type Draft, type DraftOwner, sameContent } from "#app/storage/store.ts";
import { requireClaimantSession } from "./claimant-page.server.ts";
import { getFlowStep, parsePostedStep } from "./flow-context.server.ts";
import { answerSteps, firstIncompleteBefore, flowSteps, stepPath } from "#app/forms/steps.ts";
import { filedClaimPath, sessionTimeout, type StepArgs, stepFormData, stepPosition } from "./step-page.server.ts";

/** The date a claim signed now carries: today in Los Angeles (also GET /api/signature-date). */
export function signatureDate(now: number, culture: string) {
  const today = claimantToday(now);
  return { signatureDate: formatClaimantDate(today), displayDate: formatDayLong(today, culture, "long") };
}

/** The named answers of a model, for comparing what a page posts with what was filed. */
const pick = (values: Record<string, unknown> | undefined, keys: string[]) =>
  Object.fromEntries(keys.map((key) => [key, values?.[key] ?? null]));

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
    const answers = answerRows(definition, fieldsOfBlocks(page.blocks), models, text, culture);
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
  const { sessionId, session, draft, filed, signIn } = await requireClaimantSession(request, flow);
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
    draftKept: draftKeptFor(formType, signIn, culture),
  };
}

/**
 * The summary's POST (SPEC §4 "Submission"): session, CSRF (no limit per address: decision 021),
 * every step complete, the attestation and signature; then the claim is filed
 * (app/claims/file-claim.server.ts) and the confirmation shows it. A step whose answers or records
 * no longer pass is where the claimant goes instead.
 */
export async function submitClaim({ request, context }: StepArgs) {
  const flow = getFlowStep(context);
  const { formType, step, definition, culture, text, now, settlement } = flow;
  const claimant = await requireClaimantSession(request, flow);
  const { sessionId, draft, filed } = claimant;
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
  // Every step's answers as saved, with the summary's, checked again as one claim.
  const submitted = structuredClone(draft.models);
  for (const [model, values] of Object.entries(submission.value)) submitted[model] = { ...submitted[model], ...values };
  const checked = checkClaimAnswers(flow, submitted);
  if (!checked.ok) throw redirect(withCulture(stepPath(formType, checked.step), culture), 303);
  const filing = await fileClaim({
    flow,
    claimant,
    answers: checked.answers,
    captcha: captchaProof(formData),
    requester: { sessionId, context, now },
    client: filingClient(request, context),
  });
  if (!filing.ok && filing.reason === "recordsIncomplete")
    throw redirect(withCulture(stepPath(formType, filing.step), culture), 303);
  if (!filing.ok && filing.reason === "emailTaken")
    return data(
      { result: submission.reply({ formErrors: [`${text("Claim_EmailAlreadyFiled")} ${text("Claim_EmailChange")}`] }) },
      { status: 400 },
    );
  // A captcha not passed (a provider out of reach too: the sum is offered there then) is shown at the captcha.
  if (!filing.ok && filing.reason === "captcha") {
    const reply = submission.reply({ fieldErrors: { [CAPTCHA_ERROR_NAME]: [text(filing.key)] } });
    return data({ result: reply }, { status: filing.status });
  }
  // With several claims a member's draft moves on ("File another claim", maybe on another device
  // before this redirect is followed): the confirmation is told which claim was filed.
  const claimShown = settlement.claims.perMember === "many" ? filing.referenceCode : undefined;
  return redirect(filedClaimPath(formType, culture, { changeRefused: !filing.ok, claim: claimShown }), 303);
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
    // Said only where a message was queued: e-mail is on and the claim gives an address.
    emailedTo: emailSettings() ? claimantEmail(formType, filed.models) : undefined,
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

/** The confirmation's POST: "File another claim" (app/claims/start-another-claim.server.ts), then its first step. */
export async function startAnotherClaim({ request, context }: StepArgs) {
  const flow = getFlowStep(context);
  const { formType, definition, culture, text } = flow;
  const claimant = await requireClaimantSession(request, flow);
  const formData = await readPostedForm(request, claimant.sessionId, text);
  if (formData.get("intent") !== "another") throw data(null, { status: 400 });
  if (!(await startAnother(flow, claimant)).ok) throw data(null, { status: 400 });
  return redirect(withCulture(stepPath(formType, flowSteps(definition)[1]!), culture), 303);
}
