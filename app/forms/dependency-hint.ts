import type { Translate } from "#app/i18n/i18n.ts";
import { openConditions } from "./dependencies.ts";
import type { DependencyCondition, FieldConfig, ModelConfig } from "./definition-schema.ts";
import { type FormDefinition, qualify, resolveField } from "./form-definition.ts";
import { fieldOptions } from "./options.ts";
import { countryLabel } from "./places.ts";
import { forcedValue } from "./field-answers.ts";

/**
 * Without JavaScript every dependent field is on the page, so each says in plain words when it
 * applies (DESIGN "Progressive enhancement"): "Answer only if “Payment method” is “PayPal”."
 */
export function dependencyHint(
  conditions: DependencyCondition[],
  fieldOf: (reference: string) => FieldConfig | undefined,
  text: Translate,
): string | undefined {
  if (!conditions.length) return undefined;
  const parts = conditions.map((condition) => {
    const other = fieldOf(condition.field);
    const label = other ? text(other.label) : condition.field;
    const optionLabel = (value: string) => {
      // A country by its name in the claimant's language ("United States"), as its list shows it, not its code.
      if (other?.optionsSource === "countries") return countryLabel(value, text);
      const option = other ? fieldOptions(other).find((candidate) => candidate.value === value) : undefined;
      return option ? text(option.label) : value;
    };
    if (typeof condition.equals === "boolean")
      return text(condition.equals ? "Dependency_Ticked" : "Dependency_NotTicked", label);
    if (typeof condition.equals === "string") return text("Dependency_Is", label, optionLabel(condition.equals));
    if (typeof condition.notEquals === "string")
      return text("Dependency_IsNot", label, optionLabel(condition.notEquals));
    if (condition.oneOf) return text("Dependency_IsOneOf", label, condition.oneOf.map(optionLabel).join(", "));
    return text("Dependency_Applies", label);
  });
  return text("Dependency_AnswerOnlyIf", parts.join(text("Dependency_And")));
}

export interface PageDependencyHints {
  /** Each dependent field's hint, by path, for pages read without JavaScript. */
  dependencyHints: Record<string, string>;
  /** The fields whose conditions the settlement has settled against (no international addresses: the country is the US). */
  neverApplies: ReadonlySet<string>;
}

/**
 * By the models' identity, then culture, settings and page: the same for every request of a page;
 * with the texts they were made of, asked again for each page served from here (a country's name,
 * "Country_US", is a key no code or data names: the page's scripts are given it only if asked).
 */
const pageHints = new WeakMap<readonly ModelConfig[], Map<string, { hints: PageDependencyHints; keys: string[] }>>();

/**
 * The dependency hints of a page's fields, and which can never apply. Worked out once per page,
 * culture and setting (issue 14: a hint names fields and options in the claimant's words, on every
 * request); shared by the pages that follow, which only read it.
 */
export function pageDependencyHints(
  definition: Pick<FormDefinition, "models">,
  paths: readonly string[],
  text: Translate,
  culture: string,
  internationalAddresses: boolean,
): PageDependencyHints {
  let pages = pageHints.get(definition.models);
  if (!pages) {
    pages = new Map();
    pageHints.set(definition.models, pages);
  }
  const key = `${culture} ${internationalAddresses} ${paths.join(" ")}`;
  const known = pages.get(key);
  if (known) {
    for (const asked of known.keys) text(asked);
    return known.hints;
  }
  const keys = new Set<string>();
  const noting: Translate = (asked, ...args) => {
    keys.add(asked);
    return text(asked, ...args);
  };
  const dependencyHints: Record<string, string> = {};
  const neverApplies = new Set<string>();
  for (const path of paths) {
    const model = path.split(".")[0]!;
    const open = openConditions(resolveField(definition, path)?.field.dependencies, (reference) =>
      forcedValue(qualify(reference, model), { internationalAddresses }),
    );
    if (!open) neverApplies.add(path);
    const hint =
      open && dependencyHint(open, (reference) => resolveField(definition, qualify(reference, model))?.field, noting);
    if (hint) dependencyHints[path] = hint;
  }
  const hints = Object.freeze({ dependencyHints: Object.freeze(dependencyHints), neverApplies });
  pages.set(key, { hints, keys: [...keys] });
  return hints;
}
