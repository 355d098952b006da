import type { Messages } from "./locales.server.ts";

declare global {
  interface Window {
    /** Set by /texts/<culture>.<hash>.js: the culture's texts, cached by the browser across pages. */
    __portalTexts?: Record<string, Messages>;
  }
}

/**
 * Every culture's texts the page can use: on the server all of the settlement's (registered by
 * entry.server), in the browser those its texts script loaded (registered by entry.client). Texts
 * travel as a cached script instead of inside each page's data (docs/performance.md): the same
 * 25 KB on every page was the largest part of its HTML.
 */
let registered: Record<string, Messages> = {};

export function registerMessages(messages: Record<string, Messages>): void {
  registered = messages;
}

export function messagesFor(culture: string): Messages | undefined {
  return registered[culture];
}
