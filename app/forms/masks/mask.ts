import type { DateOrder } from "#app/i18n/date-order.ts";

/** A mask's verdict on what a claimant typed: the value to store, or the message (and its values) to show. */
export type MaskResult = { value: string } | { errorKey: string; params?: Record<string, string | number> };

/**
 * One input mask (SPEC §3 "Input mask types"). The same module runs in the browser and on the
 * server, and the parity rule (docs/forms.md) holds by construction: while a claimant types, the
 * field shows exactly what they typed; when they leave it, a value `parse` accepts is shown as
 * `format(value)`, which `parse` reads back as the same value. So the browser posts either what was
 * typed or its formatted form, and the server stores the same from both; without JavaScript it
 * gets what was typed. A mask never removes or reinterprets what a person typed as a separator, so
 * it cannot change a number's magnitude; anything it cannot read is refused, with its message.
 */
export interface Mask {
  /**
   * What was typed (the raw text, from either side) → the value to store, or why not. A date is
   * typed in the claimant's `order` (their culture's), and read month first without one.
   */
  parse: (typed: string, order?: DateOrder) => MaskResult;
  /** A stored value as a claimant (of `order`, for a date) would write it: shown in the field and on the summary. */
  format: (value: string, order?: DateOrder) => string;
  /** Shown in the empty input (SPEC §5: (123) 456-7890; a date has none: decision 034). */
  placeholder?: string;
  inputMode?: "numeric" | "decimal" | "tel" | "text";
}

/**
 * Whole digits as a person groups them: 1,250 or 1250 → "1250". Commas are read only as thousands
 * separators in their places; anything else with a comma (12,30, 1,2500) is `undefined`, refused
 * rather than guessed at, since 12,30 may mean 12.30.
 */
export function ungrouped(whole: string): string | undefined {
  return /^(\d{1,3}(,\d{3})+|\d+)$/.test(whole) ? whole.replace(/,/g, "") : undefined;
}

/** Spaces are never meaningful in a masked value: people type and paste them anywhere. */
export const withoutSpaces = (typed: string) => typed.replace(/\s/g, "");

/**
 * What a field shows for a value, typed or stored: its usual form if the mask reads it, else the
 * text as it is. `typedIn`: the order the text was typed in (a claimant's, as they leave the
 * field), or none for a stored value; `shownIn`: the order the claimant reads dates in.
 */
export function shownAs(mask: Mask, text: string, orders: { typedIn?: DateOrder; shownIn?: DateOrder } = {}): string {
  const read = mask.parse(text, orders.typedIn);
  return "value" in read && text.trim() !== "" ? mask.format(read.value, orders.shownIn) : text;
}
