import type { Messages } from "./locales.server.ts";

/**
 * Every culture's texts, all of the settlement's, registered by entry.server for the pages it
 * renders. The browser gets, in each page's data, only the texts that page's scripts can ask for
 * (app/client/page-texts.server.ts).
 */
let registered: Record<string, Messages> = {};

export function registerMessages(messages: Record<string, Messages>): void {
  registered = messages;
}

export function messagesFor(culture: string): Messages | undefined {
  return registered[culture];
}
