import type { Messages } from "./locales.server.ts";

/**
 * Every culture's texts the page can use: on the server all of the settlement's (registered by
 * entry.server), in the browser the page's culture's, from its texts module (registered by entry.client). Texts
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
