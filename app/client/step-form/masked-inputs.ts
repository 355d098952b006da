import { caretIn } from "#app/components/form/caret.ts";
import { type Mask, maskFor, shownAs } from "#app/forms/masks/index.ts";
import type { FieldStates } from "./dependants.ts";
import { controlOf, type FieldsForm } from "./step-form-page.ts";

/** Keys that leave the field or submit, or only modify another key: the formatted value stays shown. */
const LEAVING_KEYS = new Set(["Tab", "Shift", "Control", "Alt", "Meta", "Escape", "Enter"]);

/** A field's mask as the answers stand: its dependency's override while that is met (a ZIP code's, a phone's). */
function maskOf(page: FieldsForm, path: string, states: FieldStates): Mask | undefined {
  const field = page.fields[path];
  if (field?.componentName === "FormFieldDate")
    return maskFor(
      (field.picker?.mode ?? "single") === "single" && !field.hasTimePicker ? "SLASH_DELIMITED_FULL_DATE" : "none",
    );
  if (field?.componentName !== "FormFieldText") return undefined;
  return maskFor((states.fulfilled[path] !== false && field.dependencies?.maskOverride) || field.maskName);
}

/**
 * Masks (SPEC §3), once scripts run: a value is shown in its usual form when the claimant leaves
 * the field (1250.5 → 1,250.50; 2065550100 → (206) 555-0100), if the mask can read it. While they
 * type, the field holds exactly what they typed: nothing is inserted, dropped or cut under the
 * caret. When they come back and change it, the change applies to what they typed, not to the
 * formatted form: a digit added to "1,250" or a Backspace in "1,250.50" would otherwise edit
 * characters they never typed, and store something else than the same keystrokes do without
 * JavaScript (the parity rule, docs/forms.md). A date is typed, and shown back, in the claimant's
 * culture's order (decision 034).
 *
 * Returns what to call when the answers have changed a mask (its placeholder and keyboard follow).
 */
export function startMaskedInputs(page: FieldsForm, states: FieldStates) {
  /** What the claimant typed, by input, while the field shows it formatted. */
  const typed = new WeakMap<HTMLInputElement, { text: string; shown: string }>();
  const maskedInput = (target: EventTarget | null) =>
    target instanceof HTMLInputElement && target.form === page.form ? target : undefined;

  page.form.addEventListener("focusout", (event) => {
    const input = maskedInput(event.target);
    const mask = input && maskOf(page, input.name, states);
    if (!input || !mask) return;
    const shown = shownAs(mask, input.value, { typedIn: page.order, shownIn: page.order });
    if (shown === input.value) typed.delete(input);
    else typed.set(input, { text: input.value, shown });
    input.value = shown;
  });

  // As the claimant comes back to it (a tap or click, which then puts the caret where it lands; a
  // key, whose default action comes after this listener; a paste or cut), the field goes back to
  // what was typed, the selection kept at the same letters and digits: what they see is then what
  // they edit, and what the same keys edit without JavaScript.
  const showTyped = (event: Event) => {
    const input = maskedInput(event.target);
    if (!input) return;
    const before = typed.get(input);
    if (before && input.value === before.shown) {
      const start = caretIn(before.text, before.shown, input.selectionStart ?? before.shown.length);
      const end = caretIn(before.text, before.shown, input.selectionEnd ?? before.shown.length);
      input.value = before.text;
      input.setSelectionRange(start, end);
    }
    typed.delete(input);
  };
  for (const type of ["pointerdown", "paste", "cut"]) page.form.addEventListener(type, showTyped);
  page.form.addEventListener("keydown", (event) => {
    if (!LEAVING_KEYS.has(event.key)) showTyped(event);
  });

  // A month's format in the claimant's language, as the messages spell it: mm/aaaa in Spanish.
  const year = page.text("Placeholder_Year");
  return () => {
    for (const path of page.paths) {
      const field = page.fields[path]!;
      const input = field.dependencies?.maskOverride ? controlOf(path) : undefined;
      const mask = input && maskOf(page, path, states);
      if (!(input instanceof HTMLInputElement) || !mask) continue;
      const placeholder = (field.placeholder ?? mask.placeholder)?.replace(/\byyyy\b/g, year);
      if (placeholder) input.placeholder = placeholder;
      else input.removeAttribute("placeholder");
      if (mask.inputMode) input.inputMode = mask.inputMode;
      else input.removeAttribute("inputmode");
    }
  };
}
