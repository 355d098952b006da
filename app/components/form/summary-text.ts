/**
 * A summary line for a question's message: the question first, then the message, on every line
 * ("First name: Enter your first name", "Quantity: Enter a number"), so that a line read out of
 * context says which answer to fix, and the lines of one summary read alike (issue 26: some
 * started with the question and others not). Beside the field, the message stands alone under
 * its label.
 */
export function summaryText(question: string, message: string): string {
  // A question ending in "?" or "." takes no second mark: "How should we contact you: Select …";
  // but one opened by "¿" keeps its "?", or the "¿" would be left dangling.
  return `${question.startsWith("¿") ? question.trimEnd() : question.replace(/[?.:]\s*$/, "")}: ${message}`;
}
