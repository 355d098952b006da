import { portalMetrics } from "#app/metrics/portal-metrics.server.ts";
import type { CaptchaProof } from "#app/captcha/captcha.server.ts";
import { answerSteps } from "#app/forms/steps.ts";
import { answersThatApply } from "#app/forms/answers-that-apply.ts";
import type { StepName } from "#app/forms/page-schema.ts";
import type { ModelValues } from "#app/forms/field-answers.ts";
import { claimDocumentIds, recordsProblems, savedOnly } from "#app/records/record-actions.server.ts";
import { getStore } from "#app/storage/store.server.ts";
import { type ClaimMember, type DraftRecords, emptyDraft, filingOutcome } from "#app/storage/store.ts";
import { wakeEmailSender } from "#app/email/outbox-sender.server.ts";
import { type CaptchaRefused, passCaptcha } from "./captcha-check.server.ts";
import { filingEmail } from "./claim-email.server.ts";
import { claimMember } from "./claim-member.ts";
import type { Flow } from "./claim-flow.ts";
import { type ClaimantSession, newDraftId } from "./claimant-session.server.ts";
import { openClaimEmail } from "./open-claims.server.ts";
import { newReferenceCode } from "./reference-code.ts";
import {
  answerSignals,
  type FilingClient,
  filingClaimSignals,
  filingSignals,
} from "#app/signals/claim-signals.server.ts";
import type { Requester } from "./requester.ts";

export type FileClaimOutcome =
  | {
      ok: true;
      /** "filed" a new claim, "amended" it (a new version), or "unchanged": these answers were filed already. */
      outcome: "filed" | "amended" | "unchanged";
      referenceCode: string;
      version: number;
      member: ClaimMember;
    }
  /** The records' rules (a required document, a minimum of records) do not hold, by model: `step`, the first step that says so. */
  | { ok: false; reason: "recordsIncomplete"; step: StepName; problems: Record<string, string> }
  | CaptchaRefused
  /** The owner's claim is filed and may not change (claims.perMember): `referenceCode`, that claim's. */
  | { ok: false; reason: "alreadyFiled"; referenceCode: string }
  /** A flow without notices: someone else filed a claim with the e-mail address given in `field`. */
  | { ok: false; reason: "emailTaken"; field: string };

/** A document this request brought, by its content: the same file sent again (a retry) has a new id. */
export interface Upload {
  id: string;
  sha256: string;
}

/**
 * Filing a claim (SPEC §4 "Submission", §7 submit), for the pages and the API alike, once its
 * answers passed checkClaimAnswers: the records' rules, the captcha, then one transaction: the
 * claim of the member who signed in (claimMember), its models, records and documents, a unique
 * reference code. The same answers filed twice (a double click, a retry, a second session of the
 * member) make one claim with one code; changed answers are a new version where the settlement
 * lets members amend, a claim of their own where it lets them file several ("many"), and are never
 * taken silently where it does not ("one"). The draft keeps the answers; `records` replace its own
 * where they came with the request (the API), else its saved ones are filed. Documents the request
 * brought (`uploads`) go when nothing new is filed. What the request says of its `client`, and the
 * values the answers may share with other claims, are kept with the filing (issue 27).
 */
export async function fileClaim({
  flow,
  claimant,
  answers,
  records,
  uploads = [],
  captcha,
  requester,
  client,
}: {
  flow: Flow;
  claimant: Pick<ClaimantSession, "owner" | "signIn" | "draft" | "filed">;
  answers: ModelValues;
  records?: { records: DraftRecords; documentIds: string[] };
  uploads?: Upload[];
  captcha: CaptchaProof;
  requester: Requester;
  client: FilingClient;
}): Promise<FileClaimOutcome> {
  const { formType, definition, settlement, text, culture, now } = flow;
  const { owner, signIn, draft, filed } = claimant;
  const store = getStore();
  const discardUploads = () => Promise.all(uploads.map((upload) => store.deleteDocument(upload.id)));
  const refuse = async <Refused extends FileClaimOutcome>(refusal: Refused) => {
    await discardUploads();
    return refusal;
  };
  const claimed = answersThatApply(definition, answers);
  const filedRecords = records?.records ?? savedOnly(draft.records);

  // The records' rules hold at filing time too, whatever was posted since their step.
  const problemsBySteps = answerSteps(definition).map(
    (step) =>
      [step, recordsProblems(definition.pages[step], { records: filedRecords, models: answers }, text)] as const,
  );
  const incomplete = problemsBySteps.filter(([, problems]) => Object.keys(problems).length > 0);
  if (incomplete.length > 0) {
    const problems = Object.assign({}, ...incomplete.map(([, stepProblems]) => stepProblems));
    return refuse({ ok: false, reason: "recordsIncomplete", step: incomplete[0]![0], problems });
  }
  const passed = await passCaptcha(captcha, requester, { unavailableKey: "Error_SubmissionFailed", counted: false });
  if (!passed.ok) return refuse(passed);

  const { perMember } = settlement.claims;
  const fingerprints = new Map([
    ...uploads.map((upload) => [upload.id, upload.sha256] as const),
    ...(filed
      ? (await store.claimDocuments(filed.referenceCode)).map((document) => [document.id, document.sha256] as const)
      : []),
  ]);
  const outcomeNow = filed && filingOutcome(filed, { models: claimed, records: filedRecords }, perMember, fingerprints);
  if (filed && outcomeNow === "refused" && perMember === "one")
    return refuse({ ok: false, reason: "alreadyFiled", referenceCode: filed.referenceCode });
  // "many": answers unlike the claim this draft became are a claim of their own.
  const startsAnother = perMember === "many" && outcomeNow === "refused";
  const updated = await store.updateDraft(
    owner,
    formType,
    (current) => ({
      ...(current && !startsAnother ? current : emptyDraft(newDraftId())),
      prepopulated: current?.prepopulated,
      models: answers,
      records: records?.records ?? current?.records ?? draft.records,
      completedSteps: [...answerSteps(definition), "claim-summary"],
    }),
    now,
  );
  const member = claimMember(signIn);
  const email = openClaimEmail(formType, claimed);
  const documentIds = records?.documentIds ?? claimDocumentIds(draft.records);
  const filing = filingSignals(client, signIn.at, captcha, now);
  const outcome = await store.submitClaim(
    owner,
    formType,
    {
      draftId: updated.draftId,
      member,
      models: claimed,
      records: filedRecords,
      documentIds,
      culture,
      ...(email ? { contactKey: email.key } : {}),
      email: filingEmail(flow, claimed, documentIds.length),
      filing,
      signals: [...answerSignals(definition, claimed), ...filingClaimSignals(filing)],
    },
    perMember,
    () => newReferenceCode(formType),
    now,
  );
  // Nothing new was filed: the claim stands as it was, and this request's documents are not part of it.
  if (outcome.outcome === "refused")
    return refuse({ ok: false, reason: "alreadyFiled", referenceCode: outcome.referenceCode });
  if (outcome.outcome === "emailTaken") return refuse({ ok: false, reason: "emailTaken", field: email!.field });
  if (outcome.outcome === "unchanged") await discardUploads();
  else {
    // Its e-mail was queued with it: this instance's sender sends it now rather than at its next look.
    wakeEmailSender();
    portalMetrics.claimFiled(formType, outcome.outcome);
  }
  return { ok: true, outcome: outcome.outcome, referenceCode: outcome.referenceCode, version: outcome.version, member };
}
