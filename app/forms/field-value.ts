/** A field's value in a model: text, a checkbox's boolean, or null for "not answered". */
export type FieldValue = string | boolean | null;

/** SPEC §5 "required": not empty once trimmed; an unticked checkbox counts as empty. */
export function isEmpty(value: FieldValue | undefined): boolean {
  return value === null || value === undefined || value === false || (typeof value === "string" && value.trim() === "");
}

/** Compares a value with a condition's expected value; null expects "empty". */
export function valueMatches(value: FieldValue | undefined, expected: string | boolean | null): boolean {
  if (expected === null) return isEmpty(value);
  if (typeof expected === "boolean") return (value === true || value === "true") === expected;
  return typeof value === "string" && value.trim() === expected;
}
