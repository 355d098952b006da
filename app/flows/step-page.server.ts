import type { FormType } from "#app/flow-registry/form-type.ts";
import { labelledValueSources } from "#app/forms/labelled-value.ts";
import { displayValue } from "#app/forms/display-value.ts";
import { isEmpty } from "#app/forms/field-value.ts";
import { CLAIMANT_DATE_ZONE } from "#app/deadlines/time-zones.ts";
import { flowDeadlineKeys } from "#app/settlement/portal.server.ts";
import { formatClockTime } from "#app/forms/claimant-clock.ts";
import { dateOrderOf } from "#app/i18n/date-order.ts";
import type { ModelConfig } from "#app/forms/definition-schema.ts";
import { withoutFieldDefaults } from "#app/forms/field-defaults.ts";
import type { FieldValue } from "#app/forms/field-value.ts";
import { fieldsOfBlocks, type FormDefinition, resolveField } from "#app/forms/form-definition.ts";
import { initialFieldValue } from "#app/forms/prepopulation.ts";
import { withoutSensitiveAnswers } from "#app/forms/sensitive-fields.ts";
import { withCulture } from "#app/i18n/culture.ts";
import { FILE_TYPES } from "#app/documents/file-types.ts";
import { isRecordIntent, postedIntent, readStepForm, recordAction } from "#app/records/record-actions.server.ts";
import { recordChoices, recordsViews } from "#app/records/records-view.server.ts";
import { csrfToken } from "#app/session/csrf.server.ts";
import type { Draft, SessionRecord } from "#app/storage/store.ts";
import { getStore } from "#app/storage/store.server.ts";
import { isReadOnly, SESSION_LIFETIME_MS, SESSION_TIMEOUT_MS } from "#app/claims/claimant-session.server.ts";
import { mayChangeAnswers, saveStep } from "#app/claims/save-step.server.ts";
import { returnLinkNotice } from "#app/claims/return-link.server.ts";
import { draftKeptFor } from "#app/claims/draft-kept.server.ts";
import { requireClaimantSession, sessionExpiredPath } from "./claimant-page.server.ts";
import { backStep, firstIncompleteBefore, flowSteps, nextStep, stepPath } from "#app/forms/steps.ts";
import { data, redirect, type RouterContextProvider } from "react-router";
import type { StepName } from "#app/forms/page-schema.ts";
import { type FlowStep, getFlowStep, parsePostedStep } from "./flow-context.server.ts";
import type { SessionTimeout } from "./session-timeout.ts";

export interface StepArgs {
  request: Request;
  context: Readonly<RouterContextProvider>;
}

/** Only the fields this page shows, so the browser gets what it validates and nothing more. */
function pageModelsOf(definition: FormDefinition, paths: string[]): ModelConfig[] {
  const shown = new Set(paths.map((path) => resolveField(definition, path)?.field));
  return definition.models
    .map((model) => ({
      ...model,
      fields: Object.fromEntries(Object.entries(model.fields).filter(([, field]) => shown.has(field))),
    }))
    .filter((model) => Object.keys(model.fields).length > 0);
}

/**
 * A page's models are the same for every request of it: worked out once per definition (the
 * settlement's, loaded at start-up) and page, and shared, frozen, by the requests that follow.
 */
const pageModelsCache = new WeakMap<FormDefinition, Map<string, ModelConfig[]>>();

export function pageModels(definition: FormDefinition, paths: string[]): ModelConfig[] {
  const pages = pageModelsCache.get(definition) ?? pageModelsCache.set(definition, new Map()).get(definition)!;
  const key = paths.join(" ");
  const known = pages.get(key);
  if (known) return known;
  // Frozen: a request changing them would change every later page.
  const models = Object.freeze(pageModelsOf(definition, paths).map((model) => Object.freeze(model))) as ModelConfig[];
  pages.set(key, models);
  return models;
}

/** "return=summary": a change made from the summary goes back to it (issue 4 "check your answers"). */
function returnsToSummary(url: URL): boolean {
  return url.searchParams.get("return") === "summary";
}

/**
 * What a StepForm needs for one page of a flow: its blocks, the fields' definitions and starting
 * values (draft, else prepopulated, else default), and the settings its validation uses.
 */
export function stepFormData(
  flow: FlowStep,
  draft: Pick<Draft, "models" | "prepopulated" | "edited" | "records">,
  sessionId: string,
) {
  const { formType, step, page, definition, culture, text, url, now, settlement } = flow;
  const paths = fieldsOfBlocks(page.blocks);
  const values: Record<string, FieldValue> = Object.fromEntries(
    paths.map((path) => {
      const [model, key] = path.split(".") as [string, string];
      return [
        path,
        initialFieldValue(
          resolveField(definition, path)!.field,
          draft.models[model]?.[key],
          draft.prepopulated,
          draft.edited.includes(path),
        ),
      ];
    }),
  );
  // A labelled value's answers as the claimant reads them back (an option's label, a country's name), those answered.
  const shownValues = Object.fromEntries(
    page.blocks
      .flatMap((block) => (block.kind === "labelledValue" && block.valueFrom ? [block.valueFrom] : []))
      .flatMap((valueFrom) => {
        const { key, references } = labelledValueSources(valueFrom);
        const shown = references.flatMap((reference) => {
          const [model, field] = reference.split(".") as [string, string];
          const value = draft.models[model]?.[field];
          if (typeof value !== "string" || isEmpty(value)) return [];
          return [displayValue(resolveField(definition, reference)!.field, value, text, culture)];
        });
        return shown.length ? [[key, shown.join(", ")]] : [];
      }),
  );
  const query = returnsToSummary(url) ? "?return=summary" : "";
  const choices = recordChoices(definition, page, draft.records, text, culture);
  return {
    formType,
    step,
    page,
    models: withoutFieldDefaults(pageModels(definition, paths)),
    values,
    // For conditions that look across steps; a sensitive answer goes only to the page asking for it.
    saved: withoutSensitiveAnswers(draft.models, definition, paths),
    shownValues,
    characterWhitelist: settlement.characterWhitelist,
    internationalAddresses: settlement.internationalAddresses,
    // The browser's checks of dates ("not in the future") use the server's clock, not the device's.
    now,
    csrfToken: csrfToken(sessionId),
    // An explicit action keeps the culture when a script-less browser posts the form.
    action: withCulture(`${stepPath(formType, step)}${query}`, culture),
    records: recordsViews(definition, page, draft.records, text, culture, choices),
    recordChoices: choices,
    fileAccept: settlement.uploads.allowedTypes.flatMap((type) => FILE_TYPES[type].extensions).join(","),
  };
}

/**
 * The confirmation page, where a filed claim is shown; `changeRefused` when a change was just
 * refused; `claim`, the reference code of the claim to show (a member with several claims of a
 * form type, claims.perMember "many": the one just filed, whatever they start after it).
 */
export function filedClaimPath(
  formType: FormType,
  culture: string,
  { changeRefused = false, claim }: { changeRefused?: boolean; claim?: string } = {},
): string {
  const query = new URLSearchParams();
  if (claim) query.set("claim", claim);
  if (changeRefused) query.set("notice", "filed");
  const search = query.size ? `?${query}` : "";
  return withCulture(`${stepPath(formType, "confirmation")}${search}`, culture);
}

/**
 * The inactivity time-out a page shows (app/flows/session-timeout.ts), for a session just touched
 * by this request: it ends after SESSION_TIMEOUT_MS without a request, or at the end of its
 * lifetime if that comes first, stated as a time of day in the zone of the flow's deadlines.
 */
export function sessionTimeout(
  { page, formType, culture, now, settlement }: FlowStep,
  session: Pick<SessionRecord, "createdAt" | "lastSeenAt">,
): SessionTimeout | undefined {
  if (!page.enableTimeout) return undefined;
  const idleEnd = session.lastSeenAt + SESSION_TIMEOUT_MS;
  const lifeEnd = session.createdAt + SESSION_LIFETIME_MS;
  const end = Math.min(idleEnd, lifeEnd);
  const zone =
    flowDeadlineKeys(formType)
      .map((key) => settlement.deadlines.settings[key]?.zone)
      .find(Boolean) ?? CLAIMANT_DATE_ZONE;
  return {
    seconds: SESSION_TIMEOUT_MS / 1000,
    expiredPath: sessionExpiredPath(formType, culture),
    endsIn: Math.max(0, Math.ceil((end - now) / 1000)),
    endsAt: formatClockTime(end, zone, culture),
    endsForGood: lifeEnd < idleEnd,
  };
}

/** Where a step sits in its flow: the Back link's target and "Step N of M" (every step, the summary too). */
export function stepPosition({ formType, step, definition, culture }: FlowStep, back = backStep(definition, step)) {
  const steps: StepName[] = flowSteps(definition).filter((candidate) => candidate !== "index");
  return {
    backPath: back ? withCulture(stepPath(formType, back), culture) : undefined,
    stepNumber: steps.indexOf(step) + 1,
    stepCount: steps.length,
  };
}

export async function loadStep({ request, context }: StepArgs) {
  const flow = getFlowStep(context);
  const { formType, step, definition, page, culture, url } = flow;
  if (page.skipped) {
    const next = nextStep(definition, step) ?? flowSteps(definition).at(-1)!;
    throw redirect(withCulture(stepPath(formType, next), culture));
  }
  const claimant = await requireClaimantSession(request, flow);
  const { sessionId, session, draft, filed, signIn } = claimant;
  if (isReadOnly(filed)) throw redirect(filedClaimPath(formType, culture));
  // A later step opened before the earlier ones are complete goes to the first incomplete one.
  const missing = firstIncompleteBefore(definition, step, draft.completedSteps);
  if (missing) throw redirect(withCulture(stepPath(formType, missing), culture));
  return {
    ...stepFormData(flow, draft, sessionId),
    ...stepPosition(flow, returnsToSummary(url) ? "claim-summary" : backStep(definition, step)),
    justSaved: url.searchParams.get("saved") === "1",
    timeout: sessionTimeout(flow, session),
    returnLink: returnLinkNotice(flow, claimant),
    draftKept: draftKeptFor(formType, signIn, culture),
  };
}

/**
 * A step's POST: session and authorization, CSRF, then the same validation the browser ran; errors
 * come back with status 400, valid answers are saved (app/claims/save-step.server.ts) and the
 * claimant moves on (post/redirect/get), or back to the summary when the change was made from there.
 */
export async function submitStep({ request, context }: StepArgs) {
  const flow = getFlowStep(context);
  const { formType, step, definition, page, culture, text, now, settlement, url } = flow;
  const claimant = await requireClaimantSession(request, flow);
  const { sessionId, owner, draft } = claimant;
  const { characterWhitelist, internationalAddresses } = settlement;
  const records = {
    sessionId,
    owner,
    formType,
    definition,
    page,
    draft,
    store: getStore(),
    limits: settlement.uploads,
    settings: { characterWhitelist, internationalAddresses, dateOrder: dateOrderOf(culture) },
    now,
    text,
  };
  const posted = await readStepForm(request, records);
  // A filed claim that may not change: nothing posted is kept, and the confirmation says so.
  if (!(await mayChangeAnswers(claimant, posted.files)))
    return redirect(filedClaimPath(formType, culture, { changeRefused: true }), 303);
  const query = returnsToSummary(url) ? "?return=summary" : "";
  const intent = postedIntent(posted, definition, page);
  if (isRecordIntent(intent))
    return recordAction(intent, posted, records, withCulture(`${stepPath(formType, step)}${query}`, culture), culture);

  const submission = parsePostedStep(flow, posted.fields, draft.models);
  const answers = submission.status === "success" ? submission.value : undefined;
  const saved = await saveStep({ flow, step, page, claimant, answers });
  if (!saved.ok && saved.reason === "emailTaken")
    return data(
      {
        result: submission.reply({ fieldErrors: { [saved.field]: [text("Claim_EmailAlreadyFiled")] } }),
        recordProblems: {},
      },
      { status: 400 },
    );
  if (!saved.ok) return data({ result: submission.reply(), recordProblems: saved.recordProblems }, { status: 400 });
  const next =
    returnsToSummary(url) && !firstIncompleteBefore(definition, "claim-summary", saved.draft.completedSteps)
      ? "claim-summary"
      : (nextStep(definition, step) ?? step);
  return redirect(withCulture(`${stepPath(formType, next)}?saved=1`, culture), 303);
}
