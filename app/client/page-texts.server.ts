import { readFileSync } from "node:fs";
import path from "node:path";
import type { Messages } from "#app/i18n/locales.server.ts";

/**
 * The texts a page's enhancer can ask for, and no others (issue 26): they travel in the page's data
 * (app/client/page-scripts.server.tsx), so its scripts wait for no script of texts, and a first
 * visit on a slow network no longer loads every text of the culture (13.4 KB, Brotli) to show a
 * page that uses a few dozen. A text is the page's when its key is
 * - written in the code of the page's modules, or of a module they may load later (the calendar,
 *   the form's checks): what the scripts show (the error summary's title on a check in the
 *   browser, the time-out warning, the calendar's buttons);
 * - a string in the page's data: a settlement's own keys (a field's label, a rule's message, a
 *   step's heading), which the code names only through the data.
 * A text that depends on a number comes with every plural form of its key ("Files" brings
 * "Files_one" and "Files_other"). Where the modules are not files (Vite's development server), the
 * page gets all of its culture's texts.
 */
export function pageTexts(messages: Messages, { modules, data }: { modules: string[]; data: unknown }): Messages {
  const keys = keysInModules(modules);
  if (!keys) return messages;
  addStrings(data, keys);
  const texts: Messages = {};
  for (const [key, base, template] of keyed(messages)) if (keys.has(key) || keys.has(base)) texts[key] = template;
  return texts;
}

/** Each culture's texts with each key's base (its key without a plural form's ending), worked out once, not per page. */
const keyedTexts = new WeakMap<Messages, Array<[key: string, base: string, template: string]>>();

function keyed(messages: Messages) {
  let entries = keyedTexts.get(messages);
  if (!entries) {
    entries = Object.entries(messages).map(([key, template]) => [key, key.replace(PLURAL_FORM, ""), template]);
    keyedTexts.set(messages, entries);
  }
  return entries;
}

/** A key as the built code writes it: in quotes, "Picker_Month". */
const KEY_IN_CODE = /["'`]([A-Z][A-Za-z0-9]*_[A-Za-z0-9_]+)["'`]/g;
/** Another module of the build named by one: import(`./CalendarPanel-….js`), from"./forms-….js". */
const MODULE_IN_CODE = /["'`]\.\/([\w.-]+\.js)["'`]/g;
const PLURAL_FORM = /_(zero|one|two|few|many|other)$/;
/** Where the browser's build is served from (server.ts). */
export const CLIENT_BUILD = path.resolve("build/client");

/** Per module address: the keys in it and in every module it may load, or undefined if it is no file. */
const modulesKeys = new Map<string, ReadonlySet<string> | undefined>();

function keysInModules(modules: string[]): Set<string> | undefined {
  const keys = new Set<string>();
  for (const module of modules) {
    const found = keysOfModule(module);
    if (!found) return undefined;
    for (const key of found) keys.add(key);
  }
  return keys;
}

/** Read once per module: a build's files never change while it is served. */
function keysOfModule(address: string): ReadonlySet<string> | undefined {
  if (modulesKeys.has(address)) return modulesKeys.get(address);
  const keys = new Set<string>();
  const pending = [address];
  const seen = new Set(pending);
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    let code: string;
    try {
      code = readFileSync(path.join(CLIENT_BUILD, new URL(next, "http://portal").pathname), "utf8");
    } catch {
      modulesKeys.set(address, undefined);
      return undefined;
    }
    for (const [, key] of code.matchAll(KEY_IN_CODE)) keys.add(key!);
    for (const [, file] of code.matchAll(MODULE_IN_CODE)) {
      const other = new URL(file!, new URL(next, "http://portal")).pathname;
      if (!seen.has(other)) {
        seen.add(other);
        pending.push(other);
      }
    }
  }
  modulesKeys.set(address, keys);
  return keys;
}

/** Every string in the page's data, as candidate keys (most are not; only keys are kept). */
function addStrings(value: unknown, into: Set<string>): void {
  if (typeof value === "string") into.add(value);
  else if (Array.isArray(value)) for (const item of value) addStrings(item, into);
  else if (typeof value === "object" && value !== null) for (const item of Object.values(value)) addStrings(item, into);
}
