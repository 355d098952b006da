/**
 * The answers a labelled value block shows (its valueFrom: one "model.field", or several shown
 * together, as an address's street, city, state …), and the key the page's loader gives their
 * text under (shownValues).
 */
export function labelledValueSources(valueFrom: string | string[]): { key: string; references: string[] } {
  const references = typeof valueFrom === "string" ? [valueFrom] : valueFrom;
  return { key: references.join(" "), references };
}
