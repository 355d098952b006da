import { checkboxQuestions } from "#app/components/form/checkbox-question.ts";
import { errorsGiven, shownFields } from "#app/components/form/checked-fields.ts";
import { fieldId } from "#app/components/form/field-id.ts";
import { summaryText } from "#app/components/form/summary-text.ts";
import { fieldKind } from "#app/forms/fields/index.ts";
import type { FormErrors } from "#app/forms/submission.ts";
import { setDescribedBy } from "./dependants.ts";
import { laterChecks } from "./later-checks.ts";
import {
  checksContext,
  controlOf,
  type FieldsForm,
  fieldHolder,
  type StepFormPage,
  visuallyHidden,
} from "./step-form-page.ts";

export interface SummaryItem {
  href: string;
  text: string;
}

/**
 * A step form's messages with JavaScript (GOV.UK: they come when the claimant submits, not as they
 * leave a field), drawn on the server's markup as the server draws them (StepForm, FieldShell): the
 * server's, from its last answer; the browser's own checks (the server's code, loaded once the
 * page is enhanced) when the claimant submits, which stop a submission that would be refused
 * (until the checks' code has come, the server checks); and, once they have submitted, the
 * messages of the fields then on show checked again as they change any answer, since one answer
 * can settle another's message (an e-mail typed again to match). A question an answer reveals
 * afterwards waits for the next submission (decision 035).
 *
 * Returns what to call before an answer changes what is shown (`beforeAnswer`) and after
 * (`afterAnswer`), and what shows a record draft's problems (`showDraftLines`); `onShown` is told
 * whether a summary shows (the "saved" message stands aside).
 */
export function startFormMessages(page: StepFormPage, onShown: (errorsShown: boolean) => void) {
  const { form, paths, fields, text } = page;
  const validate = (data: FormData): FormErrors | undefined =>
    laterChecks.loaded &&
    (laterChecks.loaded.parseStep(data, page.definition, page.step, checksContext(page), text).error ?? {});

  let errors = errorsGiven(page.lastResult?.error);
  let submitted = !!page.lastResult?.error;
  let summaryShown = submitted;
  /** The fields on show when the claimant last submitted: only theirs are checked again as answers change. */
  let asked: ReadonlySet<string> | undefined;
  const questions = checkboxQuestions(page.page.blocks, fields);
  const firstField = paths.find((path) => fieldKind(fields[path]!).visible);
  // Problems outside the form's fields (a records list short of its minimum), as the server listed them.
  const fieldLinks = new Set(paths.map((path) => `#${fieldId(path)}`));
  const others: SummaryItem[] = Array.from(
    document.querySelectorAll<HTMLAnchorElement>(".error-summary li a"),
    (link) => ({ href: link.getAttribute("href") ?? "", text: link.textContent ?? "" }),
  ).filter((item) => !fieldLinks.has(item.href));
  /** A record draft's problems the browser found on Save or Upload: in place of the server's for drafts (records.ts). */
  let draftLines: SummaryItem[] = [];
  const otherItems = () =>
    draftLines.length > 0 ? [...draftLines, ...others.filter((item) => !item.href.startsWith("#field-"))] : others;

  const summaryItems = (): SummaryItem[] => [
    ...(summaryShown
      ? [
          ...(errors[""] ?? []).map((message) => ({
            href: firstField ? `#${fieldId(firstField)}` : "#main-content",
            text: message,
          })),
          ...paths
            .filter((path) => errors[path]?.[0])
            .flatMap((path) => {
              // A box's error is its question's, once, linking to the question's first box.
              const question = questions.get(path);
              const message = errors[path]![0]!;
              if (!question)
                return [{ href: `#${fieldId(path)}`, text: summaryText(text(fields[path]!.label), message) }];
              if (question.paths.find((box) => errors[box]?.[0]) !== path) return [];
              return [{ href: `#${fieldId(question.paths[0]!)}`, text: summaryText(text(question.legend), message) }];
            }),
        ]
      : []),
    ...otherItems(),
  ];

  const show = (focus: boolean) => {
    for (const path of paths) if (!questions.has(path)) showFieldMessage(page, path, errors[path]?.[0]);
    for (const question of new Set(questions.values())) {
      const failing = question.paths.find((box) => errors[box]?.[0]);
      showQuestionMessage(page, question.paths, failing, failing && errors[failing]![0]);
    }
    const items = summaryItems();
    const summary = showSummary(page, items);
    document.title = items.length > 0 ? text("Title_WithErrors", page.title) : page.title;
    onShown(items.length > 0);
    if (focus) summary?.focus();
  };

  // In the target's phase, before the scripted post hears the submission (it listens on the document).
  form.addEventListener("submit", (event) => {
    summaryShown = true;
    const found = validate(new FormData(form, event.submitter));
    submitted = true;
    asked = shownFields(form);
    if (!found) return;
    errors = found;
    const refused = Object.keys(found).length > 0;
    show(refused);
    if (refused) event.preventDefault();
  });

  return {
    /** A draft's problems found on Save or Upload (none once it passes): in the summary, focused when there are any. */
    showDraftLines(lines: SummaryItem[]) {
      draftLines = lines;
      show(lines.length > 0);
    },
    beforeAnswer() {
      if (submitted) asked ??= shownFields(form);
    },
    afterAnswer() {
      if (!submitted) return;
      const found = validate(new FormData(form));
      if (!found) return;
      const checked = asked!;
      errors = {
        ...Object.fromEntries(Object.entries(errors).filter(([name]) => !paths.includes(name))),
        ...Object.fromEntries(Object.entries(found).filter(([name]) => paths.includes(name) && checked.has(name))),
      };
      show(false);
    },
  };
}

/** The message element of `id`: "Error: " for a screen reader, then the message (FieldShell's FieldNotes). */
function messageElement(page: Pick<FieldsForm, "text">, id: string, message: string): HTMLElement {
  const element = document.createElement("p");
  element.id = id;
  element.className = "field-error";
  element.append(visuallyHidden(`${page.text("Form_ErrorPrefix")} `), message);
  return element;
}

/** A field's message under its control, last of its notes, or none. */
export function showFieldMessage(page: Pick<FieldsForm, "form" | "text">, path: string, message: string | undefined) {
  const holder = fieldHolder(page, path);
  if (!holder) return;
  const id = `${fieldId(path)}-error`;
  document.getElementById(id)?.remove();
  if (message) holder.append(messageElement(page, id, message));
  holder.classList.toggle("field-invalid", !!message);
  // A radio group's fieldset is what describes it; else its one control.
  const described = holder instanceof HTMLFieldSetElement ? holder : controlOf(path);
  if (!described) return;
  setDescribedBy(described, id, !!message);
  if (message) described.setAttribute("aria-invalid", "true");
  else described.removeAttribute("aria-invalid");
}

/** A checkbox question's message (checkbox-question.ts), after its legend and hint, by the box that failed. */
function showQuestionMessage(page: StepFormPage, boxes: string[], failing: string | undefined, message?: string) {
  const fieldset = fieldHolder(page, boxes[0]!)?.closest("fieldset.block-fieldset");
  if (!fieldset) return;
  for (const box of boxes) {
    document.getElementById(`${fieldId(box)}-error`)?.remove();
    setDescribedBy(fieldset, `${fieldId(box)}-error`, false);
  }
  fieldset.classList.toggle("field-invalid", !!message);
  if (!failing || !message) return;
  const id = `${fieldId(failing)}-error`;
  const hint = fieldset.querySelector(":scope > .field-hint");
  (hint ?? fieldset.querySelector(":scope > legend"))?.after(messageElement(page, id, message));
  setDescribedBy(fieldset, id, true);
}

/**
 * The error summary at the top of the page's content (GOV.UK, ErrorSummary), as the server writes
 * it: the first thing in <main> after the page's inline lines. Gone when it has no items.
 */
function showSummary(page: StepFormPage, items: SummaryItem[]): HTMLElement | undefined {
  const main = page.form.closest("main");
  const current = main?.querySelector<HTMLElement>(":scope > .error-summary");
  if (items.length === 0 || !main) {
    current?.remove();
    return undefined;
  }
  const summary = document.createElement("div");
  summary.className = "error-summary";
  summary.setAttribute("role", "alert");
  summary.setAttribute("aria-labelledby", "error-summary-title");
  summary.tabIndex = -1;
  const title = document.createElement("h2");
  title.id = "error-summary-title";
  title.textContent = page.text("Form_ErrorSummaryTitle");
  const list = document.createElement("ul");
  for (const item of items) {
    const link = document.createElement("a");
    link.setAttribute("href", item.href);
    link.textContent = item.text;
    const line = document.createElement("li");
    line.append(link);
    list.append(line);
  }
  summary.append(title, list);
  if (current) current.replaceWith(summary);
  else main.insertBefore(summary, Array.from(main.children).find((child) => child.localName !== "script") ?? null);
  return summary;
}
