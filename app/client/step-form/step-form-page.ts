import type { PageData } from "#app/client/page-document.ts";
import { fieldId } from "#app/components/form/field-id.ts";
import type { FieldConfig } from "#app/forms/definition-schema.ts";
import { type ModelOnTheWire, withFieldDefaults } from "#app/forms/field-defaults.ts";
import { answerAt, forcedValue, type ModelValues, submittedValue } from "#app/forms/field-answers.ts";
import type { FieldValue } from "#app/forms/field-value.ts";
import { fieldsOfBlocks, qualify, resolveField } from "#app/forms/form-definition.ts";
import type { PageDefinition, StepName } from "#app/forms/page-schema.ts";
import type { SubmissionResult } from "#app/forms/submission.ts";
import { dateOrderOf, type DateOrder, knowDateOrder } from "#app/i18n/date-order.ts";
import { createTranslate, type Translate } from "#app/i18n/i18n.ts";
import { portalNow, setPortalNow } from "#app/components/form/portal-clock.ts";
import type { StepContext } from "#app/forms/validate-step.ts";

/**
 * What a step form's data holds that its enhancer reads: a step's route data itself
 * (app/flows/step-page.server.ts, loadStep), or its `form` (a claim's change of address,
 * app/flows/change-of-address.server.ts).
 */
interface StepData {
  step: StepName;
  page: PageDefinition;
  models: ModelOnTheWire[];
  saved: ModelValues;
  characterWhitelist: string;
  internationalAddresses: boolean;
  now: number;
  csrfToken: string;
}

/** A step page as its enhancer sees it: the form, its fields' definitions, and the claimant's language. */
export interface StepFormPage {
  form: HTMLFormElement;
  step: StepName;
  page: PageDefinition;
  definition: { models: ReturnType<typeof withFieldDefaults>; pages: Partial<Record<StepName, PageDefinition>> };
  /** "model.field" → its definition, for the fields of the page, in page order. */
  fields: Record<string, FieldConfig>;
  paths: string[];
  saved: ModelValues;
  characterWhitelist: string;
  internationalAddresses: boolean;
  /** The server's last answer to this form, when the page is one (its errors). */
  lastResult?: SubmissionResult;
  csrfToken: string;
  /** The session's inactivity time-out, on a claim's step (app/flows/step-page.server.ts). */
  timeout?: { seconds: number; expiredPath: string };
  /** The document's title without errors: "<page> – <claims-admin title>". */
  title: string;
  culture: string;
  order: DateOrder;
  text: Translate;
}

/** A form whose fields the enhancer knows: a step's form, or a record's draft (records.ts). */
export type FieldsForm = Pick<StepFormPage, "form" | "fields" | "paths" | "order" | "text" | "culture">;

/** What a text's key looks like ("Picker_Month"), unlike a settlement's own words given as they are. */
const TEXT_KEY = /^[A-Z][A-Za-z0-9]*_[A-Za-z0-9_]+$/;

/**
 * The step form in `data`, or undefined if the document has none (a change of address's confirmation). Sets what the form
 * engine's functions read from the page (the culture's date order, the server's clock).
 */
export function readStepFormPage(data: PageData): StepFormPage | undefined {
  const route = data.loaderData as { form?: StepData; timeout?: StepFormPage["timeout"] };
  const loaded = route.form ?? (route as StepData);
  const form = document.getElementById(`step-${loaded.step}`);
  if (!(form instanceof HTMLFormElement)) return undefined;
  knowDateOrder(data.culture, data.dateOrder);
  setPortalNow(loaded.now);
  const translate = createTranslate(data.texts, data.culture);
  // A key the page was not given shows as itself (SPEC §1), and says so in the console, where the
  // browser tests look (tests/support/page-tour.ts).
  const text: Translate = (key, ...args) => {
    const shown = translate(key, ...args);
    if (shown === key && TEXT_KEY.test(key)) console.error(`No text for ${key} in this page's texts`);
    return shown;
  };
  const definition = { models: withFieldDefaults(loaded.models), pages: { [loaded.step]: loaded.page } };
  const paths = fieldsOfBlocks(loaded.page.blocks);
  const fields = Object.fromEntries(paths.map((path) => [path, resolveField(definition, path)!.field]));
  const root = data.rootData as { layout?: { claimsAdminTitle?: string } } | undefined;
  const page = text(loaded.page.title);
  const action = data.actionData as { result?: SubmissionResult } | undefined;
  return {
    form,
    step: loaded.step,
    page: loaded.page,
    definition,
    fields,
    paths,
    saved: loaded.saved,
    characterWhitelist: loaded.characterWhitelist,
    internationalAddresses: loaded.internationalAddresses,
    csrfToken: loaded.csrfToken,
    timeout: route.timeout,
    lastResult: action && "result" in action ? action.result : undefined,
    title: root?.layout?.claimsAdminTitle ? `${page} – ${root.layout.claimsAdminTitle}` : page,
    culture: data.culture,
    order: dateOrderOf(data.culture),
    text,
  };
}

/**
 * The answers of the page's fields as the form holds them (`current`), or as the server wrote them
 * into the page (`written`: its markup's values), read as a submission reads them: a disabled
 * control is not sent.
 */
export function formValues(page: StepFormPage, which: "current" | "written"): Record<string, FieldValue> {
  const raw = new Map<string, string>();
  for (const element of page.form.elements) {
    const control = element as HTMLInputElement | HTMLSelectElement;
    if (!control.name || control.disabled || control.matches(":disabled")) continue;
    if (control instanceof HTMLSelectElement) {
      const option =
        which === "current"
          ? control.selectedOptions[0]
          : (Array.from(control.options).find((candidate) => candidate.defaultSelected) ?? control.options[0]);
      if (option) raw.set(control.name, option.value);
    } else if (control.type === "checkbox" || control.type === "radio") {
      if (which === "current" ? control.checked : control.defaultChecked) raw.set(control.name, control.value);
    } else if (control.type !== "file")
      raw.set(control.name, which === "current" ? control.value : control.defaultValue);
  }
  return Object.fromEntries(page.paths.map((path) => [path, submittedValue(page.fields[path]!, raw.get(path))]));
}

/** Another field's answer, as a field of `path`'s model names it, with the form's answers as `values`. */
export function valueAtFor(page: StepFormPage, values: Record<string, FieldValue>, path: string) {
  const model = path.split(".")[0]!;
  // As on the server: without international addresses the country is the US, asked or not.
  return (reference: string) =>
    forcedValue(qualify(reference, model), page) ?? answerAt(values, page.saved, model, reference);
}

/** The element that holds a field on the page (its label, control and notes; a radio group's fieldset). */
export function fieldHolder(page: Pick<FieldsForm, "form">, path: string): HTMLElement | null {
  return page.form.querySelector<HTMLElement>(`[data-field="${path}"]`);
}

/** A field's one control, by its id: its box, menu or input; none for a radio group (its fieldset has the id). */
export function controlOf(path: string): HTMLInputElement | HTMLSelectElement | undefined {
  const control = document.getElementById(fieldId(path));
  return control instanceof HTMLInputElement || control instanceof HTMLSelectElement ? control : undefined;
}

/** Words for a screen reader only (the portal's `visually-hidden` class): "(required)", "Error:". */
export function visuallyHidden(words: string): HTMLSpanElement {
  const span = document.createElement("span");
  span.className = "visually-hidden";
  span.textContent = words;
  return span;
}

/** What the form's checks are given in the browser, as the server gives its own: the page's settings, the portal's time now. */
export function checksContext(page: StepFormPage): StepContext {
  return {
    characterWhitelist: page.characterWhitelist,
    internationalAddresses: page.internationalAddresses,
    now: portalNow(),
    side: "client",
    saved: page.saved,
    dateOrder: page.order,
  };
}
