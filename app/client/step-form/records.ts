import { answerDocument } from "#app/client/answer-document.ts";
import { PAGE_DATA_ID, readPageData } from "#app/client/page-document.ts";
import { fieldId } from "#app/components/form/field-id.ts";
import { summaryText } from "#app/components/form/summary-text.ts";
import type { FieldConfig, ModelConfig } from "#app/forms/definition-schema.ts";
import { isUploadField } from "#app/forms/fields/index.ts";
import type { RecordChoices } from "#app/forms/options.ts";
import type { RecordsBlock } from "#app/forms/page-schema.ts";
import { PAGE_LOCATION_HEADER, PAGE_POST_HEADER } from "#app/http/page-post.ts";
import { startDatePickers } from "./date-pickers.ts";
import { showFieldMessage, type SummaryItem } from "./form-messages.ts";
import { laterChecks } from "./later-checks.ts";
import { startMaskedInputs } from "./masked-inputs.ts";
import { checksContext, type FieldsForm, type StepFormPage } from "./step-form-page.ts";

/** What a records list's data holds that its drafts' enhancement reads (app/records/records-view.server.ts). */
interface RecordsView {
  block: RecordsBlock;
  model: ModelConfig;
  fields: string[];
  draft?: { editing: boolean };
}

/** What the records need of the rest of the page. */
export interface RecordsParts {
  /** A draft's problems found on Save or Upload, for the error summary (form-messages.ts). */
  showDraftLines: (lines: SummaryItem[]) => void;
  /** A save the server could not take, said as the form's post says it (SPEC §8). */
  showFailure: (reference: string) => void;
}

/**
 * The records lists of a step (SPEC §4 "Records": expenses, documents), with JavaScript: each open
 * draft's fields get their masks and calendar; Save and Upload are checked in the browser first
 * (as the server checks), its problems under its fields and in the summary, and nothing is sent
 * while it would be refused; a table's draft is saved when focus leaves it and it passes, in
 * place: the lists are brought up to date without a new page, so what the claimant went on to is
 * not taken from under them. The drafts' and the record buttons' forms are posted by the page's
 * post (app/client/scripted-post.ts): a saved record, a removal or Cancel load the list again,
 * whose draft (or the list) takes focus, as a list reached by its address does.
 */
export function startRecords(page: StepFormPage, parts: RecordsParts) {
  const main = page.form.closest("main")!;
  for (const draft of main.querySelectorAll<HTMLFormElement>("section.records form.record-draft"))
    enhanceDraft(page, draft, parts);
  // Arrived at a list (a record saved, removed or opened): its draft's first field, else the list.
  const arrived = location.hash.startsWith("#records-") ? document.getElementById(location.hash.slice(1)) : null;
  if (arrived) {
    const field = arrived.querySelector<HTMLElement>(".record-draft :is(input:not([type=hidden]), select, textarea)");
    (field ?? arrived).focus();
  }
}

/**
 * The records lists and their choices in the page's data (a step's route data), read afresh: a
 * draft saved in place brings the page's new data (saveInPlace).
 */
function recordsData(): { records: RecordsView[]; recordChoices: RecordChoices } {
  const data = readPageData(document)?.loaderData as
    | { records?: RecordsView[]; recordChoices?: RecordChoices }
    | undefined;
  return { records: data?.records ?? [], recordChoices: data?.recordChoices ?? {} };
}

/** A record's open draft: its fields' masks and calendar, its checks, and a table row's save when focus leaves it. */
function enhanceDraft(page: StepFormPage, draft: HTMLFormElement, parts: RecordsParts) {
  const model = (draft.elements.namedItem("records") as HTMLInputElement | null)?.value;
  const view = recordsData().records.find((candidate) => candidate.block.model === model);
  if (!view) return;
  const fields: Record<string, FieldConfig> = Object.fromEntries(
    view.fields.map((path) => [path, view.model.fields[path.split(".")[1]!]!]),
  );
  const form: FieldsForm = {
    form: draft,
    fields,
    paths: view.fields,
    order: page.order,
    text: page.text,
    culture: page.culture,
  };
  startMaskedInputs(form, { fulfilled: {}, required: {} });
  startDatePickers(form);
  const hasFile = Object.values(view.model.fields).some(isUploadField);
  const editing = view.draft?.editing === true;

  /** The draft's problems as the server would find them (none while the checks are on their way). */
  const check = (): Record<string, string> => {
    if (!laterChecks.loaded) return {};
    const { validateRecord, failureText } = laterChecks.loaded;
    const data = new FormData(draft);
    const result = validateRecord(view.block, view.model, (name) => data.get(name) ?? undefined, {
      ...checksContext(page),
      recordChoices: recordsData().recordChoices,
    });
    return Object.fromEntries(
      Object.entries(result.errors).map(([path, failures]) => [path, failureText(page.text, failures[0]!)]),
    );
  };
  const showMessages = (found: Record<string, string>) => {
    for (const path of view.fields) showFieldMessage(form, path, found[path]);
  };

  /** Sent by one of its buttons: the page that answers replaces this one, nothing more to save. */
  let sent = false;
  draft.addEventListener("submit", (event) => {
    if (event.submitter?.getAttribute("value") === "cancel") {
      sent = true;
      return;
    }
    const found = check();
    const file = draft.elements.namedItem(`${view.block.model}.file`);
    if (hasFile && !editing && file instanceof HTMLInputElement && !file.files?.length)
      found[`${view.block.model}.file`] = page.text("Documents_ChooseFile");
    showMessages(found);
    // In the draft's order (a document's file first), as the server's summary lists them.
    parts.showDraftLines(
      view.fields
        .filter((path) => found[path])
        .map((path) => ({
          href: `#${fieldId(path)}`,
          text: summaryText(page.text(fields[path]?.label ?? path), found[path]!),
        })),
    );
    if (Object.keys(found).length > 0) event.preventDefault();
    else sent = true;
  });

  // A table's draft is saved when focus leaves the whole row and it passes; not a document's, whose
  // file is sent by Upload.
  if (hasFile) return;
  draft.addEventListener("focusout", () => {
    // Where focus went, once it has gone: not back into the row (the calendar, closing, gives it
    // to its button; a click on the page's background leaves it nowhere).
    setTimeout(() => {
      // Not the pressed button's focus, lost as the post disables it; not a row being saved.
      if (sent || draft.contains(document.activeElement) || !laterChecks.loaded || !draft.isConnected) return;
      const found = check();
      showMessages(found);
      if (Object.keys(found).length > 0) return;
      const data = new FormData(draft);
      data.set("intent", "save");
      sent = true;
      void saveInPlace(page, draft, data, parts).then((saved) => {
        sent = saved;
      });
    });
  });
}

/**
 * Saves a draft and brings the lists up to date from the page's answer, without loading a new page.
 * While it is saved the row cannot be changed (a change would be a copy of what is being saved).
 * Resolves whether the server answered (else the row can be saved again).
 */
async function saveInPlace(page: StepFormPage, draft: HTMLFormElement, data: FormData, parts: RecordsParts) {
  const row = draft.querySelector("fieldset");
  if (row) row.disabled = true;
  draft.setAttribute("aria-busy", "true");
  let response: Response | undefined;
  try {
    response = await fetch(draft.action, { method: "POST", body: data, headers: { [PAGE_POST_HEADER]: "1" } });
    const location = response.headers.get(PAGE_LOCATION_HEADER);
    // Saved: the page again, as the post's redirect names it.
    if (location) response = await fetch(location);
  } catch {
    response = undefined;
  }
  if (!response || response.status >= 500) {
    if (row) row.disabled = false;
    draft.removeAttribute("aria-busy");
    parts.showFailure(response?.headers.get("X-Request-Id") ?? "");
    return false;
  }
  // The page again, or with the record refused (400): its lists in place of these.
  const answer = answerDocument(await response.text());
  const freshData = answer.getElementById(PAGE_DATA_ID);
  const ourData = document.getElementById(PAGE_DATA_ID);
  if (freshData && ourData) ourData.textContent = freshData.textContent;
  const saved = draft.closest("section.records");
  for (const fresh of answer.querySelectorAll<HTMLElement>("main section.records[id]")) {
    const current = document.getElementById(fresh.id);
    if (!current) continue;
    // Another list's open draft keeps what the claimant has chosen or typed there; its menus (a
    // receipt's expense) are brought up to date.
    if (current !== saved && current.querySelector("form.record-draft") && fresh.querySelector("form.record-draft")) {
      updateChoices(current, fresh);
      continue;
    }
    const adopted = document.adoptNode(fresh);
    current.replaceWith(adopted);
    for (const next of adopted.querySelectorAll<HTMLFormElement>("form.record-draft")) enhanceDraft(page, next, parts);
  }
  return true;
}

/** The menus of `current` given `fresh`'s options, each keeping its answer if it is still one of them. */
function updateChoices(current: HTMLElement, fresh: HTMLElement) {
  for (const menu of fresh.querySelectorAll("select[id]")) {
    const ours = document.getElementById(menu.id);
    if (!(ours instanceof HTMLSelectElement) || !current.contains(ours)) continue;
    const answer = ours.value;
    ours.innerHTML = menu.innerHTML;
    ours.value = answer;
    if (ours.value !== answer) ours.selectedIndex = 0;
  }
}
