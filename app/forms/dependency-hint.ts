import type { Translate } from "#app/i18n/i18n.ts";
import type { DependencyCondition, FieldConfig } from "./definition-schema.ts";
import { fieldOptions } from "./options.ts";
import { countryName } from "./places.ts";

/**
 * Without JavaScript every dependent field is on the page, so each says in plain words when it
 * applies (DESIGN "Progressive enhancement"): "Answer only if “Payment method” is “PayPal”."
 */
export function dependencyHint(
  conditions: DependencyCondition[],
  fieldOf: (reference: string) => FieldConfig | undefined,
  text: Translate,
  culture: string,
): string | undefined {
  if (!conditions.length) return undefined;
  const parts = conditions.map((condition) => {
    const other = fieldOf(condition.field);
    const label = other ? text(other.label) : condition.field;
    const optionLabel = (value: string) => {
      // A country by its name in the claimant's language ("United States"), as its list shows it, not its code.
      if (other?.optionsSource === "countries") return countryName(value, culture);
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
