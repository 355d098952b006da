/** The DOM id of a field's input: "field-claimantInfo-firstName" (the server's markup and the step form's enhancer agree on it). */
export function fieldId(path: string): string {
  return `field-${path.replace(".", "-")}`;
}
