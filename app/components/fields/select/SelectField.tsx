import type { FieldConfig } from "#app/forms/definition-schema.ts";
import { fieldOptions, type Option, type RecordChoices } from "#app/forms/options.ts";
import type { Translate } from "#app/i18n/i18n.ts";
import { useTexts } from "#app/i18n/texts-context.ts";
import { FieldShell, useFieldMeta } from "#app/components/form/FieldShell.tsx";
import { useStepForm } from "#app/components/form/step-form-context.ts";

const collators = new Map<string, Intl.Collator>();
const collator = (culture: string) =>
  collators.get(culture) ?? collators.set(culture, new Intl.Collator(culture)).get(culture)!;

type OptionsField = Pick<FieldConfig, "options" | "optionsSource" | "hasNoneOption" | "noneOptionLabel">;

function optionList(
  field: OptionsField,
  choices: RecordChoices | undefined,
  text: Translate,
  culture: string,
): Option[] {
  // An expense is named by its own answers; every other option (countries too: "Country_XX") by a text.
  const label = (option: Option) => (field.optionsSource === "claimTransactions" ? option.label : text(option.label));
  const options = fieldOptions(field, choices).map((option) => ({ value: option.value, label: label(option) }));
  // Countries in the claimant's language's alphabetical order (Österreich after Oman in German, Égypte among the E's in French).
  if (field.optionsSource === "countries") options.sort((a, b) => collator(culture).compare(a.label, b.label));
  return options;
}

/** Text and attribute values escaped as React writes them, so the markup is the same either way. */
const escapeHtml = (text: string) =>
  text.replace(
    /["&'<>]/g,
    (character) => `&${{ '"': "quot", "&": "amp", "'": "#x27", "<": "lt", ">": "gt" }[character]};`,
  );

/**
 * The built-in lists (countries, US states: some 260 options on the first step) as their markup,
 * made once per culture's texts (a culture's translate function is one for its texts) and written
 * into the select as is: React rendered every option afresh on every page, a tenth of a step
 * page's CPU. The claimant's answer is marked as React marks it.
 */
const builtInLists = new WeakMap<Translate, Map<string, string>>();

function builtInOptionsHtml(field: OptionsField, placeholder: string, text: Translate, culture: string): string {
  const key = JSON.stringify([
    culture,
    field.optionsSource,
    field.hasNoneOption ? (field.noneOptionLabel ?? "") : 0,
    placeholder,
  ]);
  const lists = builtInLists.get(text) ?? builtInLists.set(text, new Map()).get(text)!;
  let html = lists.get(key);
  if (html === undefined) {
    html = [{ value: "", label: placeholder }, ...optionList(field, {}, text, culture)]
      .map((option) => `<option value="${escapeHtml(option.value)}">${escapeHtml(option.label)}</option>`)
      .join("");
    lists.set(key, html);
  }
  return html;
}

/** A list's markup with the option of `value` selected (none if no option has it). */
function withSelected(html: string, value: string): string {
  const option = `<option value="${escapeHtml(value)}"`;
  return html.replace(`${option}>`, () => `${option} selected="">`);
}

/** SPEC §3 select: options (or a built-in list: US states, countries) and placeholder text. */
export function SelectField({ path }: { path: string }) {
  const meta = useFieldMeta(path);
  const state = useStepForm();
  const { text, culture } = useTexts();
  const value = state.values[path];
  const { optionsSource } = meta.field;
  const placeholder = text(meta.field.placeholderText ?? "Select_Choose");
  const selected = typeof value === "string" ? value : "";
  const builtIn = optionsSource === "countries" || optionsSource === "usStates";
  const attributes = {
    id: meta.id,
    name: path,
    autoComplete: meta.field.autocomplete,
    "aria-invalid": meta.error ? true : undefined,
    "aria-describedby": meta.describedBy,
    "aria-required": meta.required || undefined,
    disabled: meta.disabled,
  };
  return (
    <FieldShell meta={meta}>
      {builtIn ? (
        <select
          {...attributes}
          defaultValue={selected}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the portal's own option list, every text escaped (escapeHtml)
          dangerouslySetInnerHTML={{
            __html: withSelected(builtInOptionsHtml(meta.field, placeholder, text, culture), selected),
          }}
        />
      ) : (
        <select {...attributes} defaultValue={selected}>
          <option value="">{placeholder}</option>
          {optionList(meta.field, state.recordChoices, text, culture).map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldShell>
  );
}
