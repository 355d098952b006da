import { dependenciesFulfilled } from "#app/forms/dependencies.ts";
import type { FieldValue } from "#app/forms/field-value.ts";
import { isMarkedRequired } from "#app/forms/required-rules.ts";
import { controlOf, fieldHolder, formValues, type StepFormPage, valueAtFor, visuallyHidden } from "./step-form-page.ts";

/** What the dependants say of each field as the answers stand. */
export interface FieldStates {
  /** Whether each field's conditions hold (a field without any: true). */
  fulfilled: Record<string, boolean>;
  /** Whether each field is marked required. */
  required: Record<string, boolean>;
}

/**
 * SPEC §3 "Dependency settings", with JavaScript: questions asked only in some cases show, hide or
 * are disabled as the claimant answers, and marks say which must be answered as the answers stand;
 * without JavaScript every such question is on the page with a hint saying when it applies, which
 * goes once this runs. Works on the server's markup (decision 044): the field's holder
 * (`data-field`), its label or legend, its control.
 *
 * Returns what to call after each answer (an input event), and the states as they stand.
 */
export function startDependants(page: StepFormPage) {
  const { paths, fields } = page;
  const statesFor = (values: Record<string, FieldValue>): FieldStates => ({
    fulfilled: Object.fromEntries(
      paths.map((path) => [path, dependenciesFulfilled(fields[path]!.dependencies, valueAtFor(page, values, path))]),
    ),
    required: Object.fromEntries(
      paths.map((path) => [path, isMarkedRequired(fields[path]!.validations, valueAtFor(page, values, path))]),
    ),
  });
  // As the server rendered the page: its answers as written into it.
  const states = statesFor(formValues(page, "written"));
  /** What a field held when its dependency stopped being met, to show again if it is met again. */
  const keptWhileUnmet = new Map<string, string | boolean>();

  /**
   * Re-evaluates the dependencies, and resets fields whose dependency state changed (SPEC §4
   * "Fields"): emptied when it stops being met, so nothing hidden is sent; when it is met again, the
   * default if the field resets on fulfilment, else what it held before (decision 035: a country
   * changed and changed back does not lose the state, ZIP and phone, prefilled or typed).
   */
  const applyAnswers = ({ everyField = false } = {}) => {
    const next = statesFor(formValues(page, "current"));
    for (const path of paths) {
      const dependencies = fields[path]!.dependencies;
      if (!dependencies || next.fulfilled[path] === states.fulfilled[path]) continue;
      const element = page.form.elements.namedItem(path);
      if (!(element instanceof HTMLInputElement || element instanceof HTMLSelectElement)) continue;
      if (element.type === "hidden") continue;
      const defaultValue = fields[path]!.defaultValue;
      const empty =
        element.type === "checkbox" ? defaultValue === true : typeof defaultValue === "string" ? defaultValue : "";
      if (!next.fulfilled[path]) {
        keptWhileUnmet.set(path, controlValue(element));
        if (dependencies.resetOnUnfulfilled) setControlValue(element, empty);
      } else {
        const kept = keptWhileUnmet.get(path);
        keptWhileUnmet.delete(path);
        if (dependencies.resetOnFulfilled) setControlValue(element, empty);
        else if (kept !== undefined) setControlValue(element, kept);
      }
    }
    // Only the fields whose state changed are drawn again: this runs on every keystroke.
    const changed = paths.filter(
      (path) =>
        everyField || next.fulfilled[path] !== states.fulfilled[path] || next.required[path] !== states.required[path],
    );
    Object.assign(states, next);
    for (const path of changed) showField(page, path, states);
  };

  // Without scripts every question that may apply is shown with a hint saying when; with them it
  // shows when it applies, and the hint goes.
  for (const hint of page.form.querySelectorAll(".field-applies")) {
    for (const described of page.form.querySelectorAll(`[aria-describedby~="${hint.id}"]`))
      setDescribedBy(described, hint.id, false);
    hint.remove();
  }
  // The form as the claimant left it: an answer changed before the scripts ran (a country chosen on
  // a slow network) shows and hides the questions it settles, as if just given. Every field is
  // drawn: the server's markup has no dependant hidden or disabled, and marks as it was written.
  applyAnswers({ everyField: true });
  return { applyAnswers, states };
}

/** Adds `id` to an element's aria-describedby, last, or takes it out. */
export function setDescribedBy(element: Element, id: string, described: boolean) {
  const ids = (element.getAttribute("aria-describedby") ?? "").split(" ").filter((one) => one && one !== id);
  if (described) ids.push(id);
  if (ids.length > 0) element.setAttribute("aria-describedby", ids.join(" "));
  else element.removeAttribute("aria-describedby");
}

/** A field as its states say: shown, hidden or disabled; marked required or not. */
function showField(page: StepFormPage, path: string, states: FieldStates) {
  const holder = fieldHolder(page, path);
  if (!holder) return;
  const field = page.fields[path]!;
  const dependencies = field.dependencies;
  const unmet = !!dependencies && states.fulfilled[path] === false;
  if (dependencies) {
    holder.hidden = unmet && dependencies.hideWhenUnfulfilled && !dependencies.disable;
    const disabled = unmet && dependencies.disable;
    const control = holder instanceof HTMLFieldSetElement ? holder : controlOf(path);
    if (control) control.disabled = disabled;
  }
  // Marked only while it applies: a question asked only in some cases is required only then.
  const required = !field.disableRequiredStyling && states.required[path] === true && !unmet;
  const label = holder.querySelector(holder instanceof HTMLFieldSetElement ? ":scope > legend" : ":scope > label");
  const mark = label?.querySelector(":scope > .required-mark");
  if (required && label && !mark) label.append(requiredMark(page));
  if (!required) mark?.remove();
  // A radio group's fieldset is not marked: its buttons are the question's answers.
  const control = controlOf(path);
  if (required) control?.setAttribute("aria-required", "true");
  else control?.removeAttribute("aria-required");
}

/** " *" for the eye, "(required)" for a screen reader, as the server writes it (FieldShell's RequiredMark). */
function requiredMark(page: StepFormPage): HTMLElement {
  const mark = document.createElement("span");
  mark.className = "required-mark";
  const star = document.createElement("span");
  star.setAttribute("aria-hidden", "true");
  star.textContent = " *";
  mark.append(star, visuallyHidden(` ${page.text("Form_Required")}`));
  return mark;
}

/** A text box's or menu's value, or a box's tick. */
function controlValue(element: HTMLInputElement | HTMLSelectElement): string | boolean {
  return element instanceof HTMLInputElement && element.type === "checkbox" ? element.checked : element.value;
}

function setControlValue(element: HTMLInputElement | HTMLSelectElement, value: string | boolean) {
  if (element instanceof HTMLInputElement && element.type === "checkbox") element.checked = value === true;
  else element.value = typeof value === "string" ? value : "";
}
