import { data, redirect } from "react-router";
import { requestNow } from "#app/clock.server.ts";
import type { FormType } from "#app/deadlines/deadline-guard.ts";
import type { ModelConfig } from "#app/forms/definition-schema.ts";
import type { FieldValue } from "#app/forms/field-value.ts";
import { fieldsOfBlocks, type FormDefinition, resolveField } from "#app/forms/form-definition.ts";
import { STEP_NAMES, type StepName } from "#app/forms/page-schema.ts";
import { COUNTRIES, countryName } from "#app/forms/places.ts";
import { initialFieldValue } from "#app/forms/prepopulation.ts";
import { parseStep } from "#app/forms/parse-step.ts";
import { withCulture } from "#app/i18n/culture.ts";
import { getCulture, getTranslate } from "#app/i18n/culture-middleware.server.ts";
import { CSRF_FIELD_NAME, csrfToken, isValidCsrfToken } from "#app/session/csrf.server.ts";
import { ensureSessionId, readSessionId } from "#app/session/session-cookie.server.ts";
import { getPortal } from "#app/settlement/portal.server.ts";
import { emptyDraft } from "#app/storage/store.ts";
import { getStore } from "#app/storage/store.server.ts";
import { formTypeOfPath } from "./form-type.ts";
import { backStep, firstIncompleteBefore, flowSteps, nextStep, stepPath } from "./navigation.ts";

interface StepArgs {
  request: Request;
  url: URL;
  context: Parameters<typeof getCulture>[0];
}

/** The flow and step a step URL names, and its page; a 404 for anything else. */
function locate(url: URL): { formType: FormType; step: StepName; definition: FormDefinition } {
  const formType = formTypeOfPath(url.pathname);
  const step = url.pathname.split("/").filter(Boolean)[1] as StepName | undefined;
  if (!formType || !step || !(STEP_NAMES as readonly string[]).includes(step)) throw data(null, { status: 404 });
  const definition = getPortal().forms[formType];
  if (!definition.pages[step]) throw data(null, { status: 404 });
  return { formType, step, definition };
}

/** Only the fields this page shows, so the browser gets what it validates and nothing more. */
function pageModels(definition: FormDefinition, paths: string[]): ModelConfig[] {
  return definition.models
    .map((model) => ({ ...model, fields: Object.fromEntries(Object.entries(model.fields).filter(([key]) => paths.some((path) => resolveField(definition, path)?.field === model.fields[key]))) }))
    .filter((model) => Object.keys(model.fields).length > 0);
}

export async function loadStep({ request, url, context }: StepArgs) {
  const { formType, step, definition } = locate(url);
  const culture = getCulture(context);
  const page = definition.pages[step]!;
  if (page.skipped) {
    const next = nextStep(definition, step) ?? flowSteps(definition).at(-1)!;
    throw redirect(withCulture(stepPath(formType, next), culture));
  }
  const { sessionId, setCookie } = await ensureSessionId(request);
  const draft = (await getStore().getDraft(sessionId, formType)) ?? { ...emptyDraft(), updatedAt: 0 };
  // SPEC §4 / issue: a later step opened before the earlier ones are complete goes to the first incomplete one.
  const missing = firstIncompleteBefore(definition, step, draft.completedSteps);
  if (missing) throw redirect(withCulture(stepPath(formType, missing), culture));

  const paths = fieldsOfBlocks(page.blocks);
  const values: Record<string, FieldValue> = Object.fromEntries(
    paths.map((path) => {
      const [model, key] = path.split(".") as [string, string];
      return [path, initialFieldValue(resolveField(definition, path)!.field, draft.models[model]?.[key], draft.prepopulated, draft.edited.includes(path))];
    }),
  );
  const shownValues = Object.fromEntries(
    Object.values(page.blocks)
      .flatMap((block) => (block.kind === "labelledValue" && block.valueFrom ? [block.valueFrom] : []))
      .flatMap((reference) => {
        const [model, key] = reference.split(".") as [string, string];
        const value = draft.models[model]?.[key];
        return typeof value === "string" ? [[reference, value]] : [];
      }),
  );
  const { settlement } = getPortal();
  const back = backStep(definition, step);
  const steps: StepName[] = flowSteps(definition).filter((candidate) => candidate !== "index");
  return data(
    {
      formType,
      step,
      page,
      models: pageModels(definition, paths),
      values,
      saved: draft.models,
      shownValues,
      characterWhitelist: settlement.characterWhitelist,
      internationalAddresses: settlement.internationalAddresses,
      countryNames: paths.some((path) => resolveField(definition, path)!.field.optionsSource === "countries")
        ? Object.fromEntries(COUNTRIES.map((country) => [country.value, countryName(country.value, culture)]))
        : {},
      csrfToken: csrfToken(sessionId),
      // An explicit action keeps the culture when a script-less browser posts the form.
      action: withCulture(stepPath(formType, step), culture),
      backPath: back ? withCulture(stepPath(formType, back), culture) : undefined,
      stepNumber: steps.indexOf(step) + 1,
      stepCount: steps.length,
      justSaved: url.searchParams.get("saved") === "1",
    },
    { headers: setCookie ? { "Set-Cookie": setCookie } : {} },
  );
}

/**
 * A step's POST: CSRF, then the same validation the browser ran; errors come back with status 400,
 * valid answers are stored in the draft and the claimant moves on (post/redirect/get).
 */
export async function submitStep({ request, url, context }: StepArgs) {
  const { formType, step, definition } = locate(url);
  const culture = getCulture(context);
  const formData = await request.formData();
  const sessionId = await readSessionId(request);
  if (!isValidCsrfToken(sessionId, formData.get(CSRF_FIELD_NAME)?.toString())) {
    throw data(null, { status: 403, statusText: "Forbidden" });
  }
  const store = getStore();
  const draft = (await store.getDraft(sessionId!, formType)) ?? { ...emptyDraft(), updatedAt: 0 };
  const { settlement } = getPortal();
  const text = getTranslate(context);
  const submission = parseStep(
    formData,
    definition,
    step,
    { characterWhitelist: settlement.characterWhitelist, internationalAddresses: settlement.internationalAddresses, now: requestNow(request), side: "server", saved: draft.models },
    text,
  );
  if (submission.status !== "success") {
    return data({ result: submission.reply() }, { status: 400 });
  }
  const models = structuredClone(draft.models);
  for (const [model, fields] of Object.entries(submission.value)) models[model] = { ...models[model], ...fields };
  const paths = fieldsOfBlocks(definition.pages[step]!.blocks);
  await store.saveDraft(
    sessionId!,
    formType,
    {
      models,
      completedSteps: [...new Set([...draft.completedSteps, step])],
      edited: [...new Set([...draft.edited, ...paths])],
      prepopulated: draft.prepopulated,
    },
    requestNow(request),
  );
  const next = nextStep(definition, step) ?? step;
  return redirect(withCulture(`${stepPath(formType, next)}?saved=1`, culture), 303);
}
