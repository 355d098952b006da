import type { DependencyCondition, Dependencies } from "./definition-schema.ts";
import { type FieldValue, valueMatches } from "./field-value.ts";

function conditionHolds(condition: DependencyCondition, value: FieldValue): boolean {
  if (condition.equals !== undefined && !valueMatches(value, condition.equals)) return false;
  if (condition.notEquals !== undefined && valueMatches(value, condition.notEquals)) return false;
  if (condition.matches !== undefined && !(typeof value === "string" && new RegExp(condition.matches).test(value)))
    return false;
  if (condition.oneOf !== undefined && !(typeof value === "string" && condition.oneOf.includes(value))) return false;
  return true;
}

/** SPEC §3 allDependenciesFulfilled: every condition holds. A field without dependencies always applies. */
export function dependenciesFulfilled(
  dependencies: Dependencies | undefined,
  valueAt: (reference: string) => FieldValue,
): boolean {
  return (
    !dependencies || dependencies.conditions.every((condition) => conditionHolds(condition, valueAt(condition.field)))
  );
}

/**
 * The conditions still open once the answers the portal sets itself are known (without
 * international addresses, the country is the US): `undefined` when one of those fails, so the
 * field can never apply; an empty list when it always does; else the conditions on the claimant's
 * own answers. Without JavaScript, where every dependent field is on the page, this decides which
 * are shown and what their hint says.
 */
export function openConditions(
  dependencies: Dependencies | undefined,
  forced: (reference: string) => FieldValue | undefined,
): DependencyCondition[] | undefined {
  const open: DependencyCondition[] = [];
  for (const condition of dependencies?.conditions ?? []) {
    const value = forced(condition.field);
    if (value === undefined) open.push(condition);
    else if (!conditionHolds(condition, value)) return undefined;
  }
  return open;
}
