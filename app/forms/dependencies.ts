import type { DependencyCondition, Dependencies } from "./definition-schema.ts";
import { type FieldValue, valueMatches } from "./field-value.ts";

function conditionHolds(condition: DependencyCondition, value: FieldValue): boolean {
  if (condition.equals !== undefined && !valueMatches(value, condition.equals)) return false;
  if (condition.notEquals !== undefined && valueMatches(value, condition.notEquals)) return false;
  if (condition.matches !== undefined && !(typeof value === "string" && new RegExp(condition.matches).test(value))) return false;
  if (condition.oneOf !== undefined && !(typeof value === "string" && condition.oneOf.includes(value))) return false;
  return true;
}

/** SPEC §3 allDependenciesFulfilled: every condition holds. A field without dependencies always applies. */
export function dependenciesFulfilled(dependencies: Dependencies | undefined, valueOf: (reference: string) => FieldValue): boolean {
  return !dependencies || dependencies.conditions.every((condition) => conditionHolds(condition, valueOf(condition.field)));
}
