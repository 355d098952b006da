import type { Mask } from "./mask.ts";

/** No mask: free text, trimmed. */
export const none: Mask = {
  parse: (typed) => ({ value: typed.trim() }),
  format: (value) => value,
};
