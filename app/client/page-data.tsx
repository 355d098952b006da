import { createContext, type ReactNode, useContext } from "react";
import type { DateOrder } from "#app/i18n/date-order.ts";

/**
 * What the browser's scripts need of the page the server rendered, written into the page as JSON
 * (app/client/page-scripts.server.tsx) and read by app/entry.client.tsx: the route's data, so the page's
 * content hydrates with what the server rendered it from.
 */
export interface PageData {
  routeId: string;
  /** The route's module (its component), built for the browser. */
  module: string;
  /** The texts the page's scripts can ask for, in its culture (app/client/page-texts.server.ts). */
  texts: Record<string, string>;
  culture: string;
  /** The order the culture types a date's day and month in, as the server worked it out (knowDateOrder). */
  dateOrder: DateOrder;
  rootData: unknown;
  loaderData: unknown;
  actionData: unknown;
  params: Record<string, string | undefined>;
  /** The route module's `handle`, filled in by entry.client from the module. */
  handle?: unknown;
}

export const PAGE_DATA_ID = "page-data";

export interface PageDataProps {
  culture: string;
  /** The text keys the page's content asked for as the server rendered it. */
  textsAsked: ReadonlySet<string>;
}

/** The page's scripts, rendered by app/client/page-scripts.server.tsx: provided by entry.server only. */
export interface PageScripts {
  /** In <head>: what asks for the page's modules at once and runs them once the page is parsed and painted. */
  Loader: () => ReactNode;
  /** At the end of <body>: the page's data for them. */
  Data: (props: PageDataProps) => ReactNode;
  /** If the page loads no modules (it hydrates nothing), the inline lines that start a DOM function; else nothing. */
  InlineStart: (props: InlineStartProps) => ReactNode;
  /** In a page without modules: what asks, once it has loaded, for the modules of route `routeId`'s page. */
  NextPageModules: (props: { routeId: string }) => ReactNode;
}

export const PageScriptsContext = createContext<PageScripts | undefined>(undefined);

/** Where the root layout puts the loader: in <head>, before the theme's styles. */
export function PageLoaderPlace() {
  const scripts = useContext(PageScriptsContext);
  return scripts ? <scripts.Loader /> : null;
}

/** Where the root layout puts the page's data: at the end of <body>. */
export function PageDataPlace(props: PageDataProps) {
  const scripts = useContext(PageScriptsContext);
  return scripts ? <scripts.Data {...props} /> : null;
}

/**
 * Told, on the window, to what a page without modules started with its inline lines, before a
 * form's answer replaces the page (app/client/scripted-post.ts): the answer's own lines start anew.
 */
export const PAGE_REPLACED_EVENT = "portal:page-replaced";

/** Source text the inline lines pass as it is (`document.currentScript.parentElement`). */
export interface InlineCode {
  inlineCode: string;
}

export const inlineCode = (code: string): InlineCode => ({ inlineCode: code });

// biome-ignore lint/complexity/noBannedTypes: any of the portal's self-contained DOM functions
export type InlineStartFunction = Function;

export interface InlineStartProps {
  start: InlineStartFunction;
  args: unknown[];
}

/**
 * In a page that loads no modules (decisions 042, 043): a few inline lines, run as the page is
 * parsed, that start one of the portal's DOM functions (the captcha's widget, the time-out
 * warning, the scripted post) with `args`, written with its own source (app/client/page-scripts.server.tsx).
 * `start` uses nothing but its parameters and the page's globals, and gives back what stops it.
 * In a page that hydrates, nothing, on the server as in the browser: the component starts the same
 * function from its effect.
 */
export function InlineStart(props: InlineStartProps) {
  const scripts = useContext(PageScriptsContext);
  return scripts ? <scripts.InlineStart {...props} /> : null;
}

/**
 * In a page without modules that comes before a page that hydrates (the sign-in page, before the
 * claim's first step): the browser fetches that page's modules into its cache once this page has
 * loaded, while the claimant fills it in, so the next page is enhanced without waiting for them
 * (decision 042). Only with scripts (a few inline lines ask for them): a browser without scripts
 * fetches no script it would never run. Rendered by the server only.
 */
export function PrefetchPageModules({ routeId }: { routeId: string }) {
  const scripts = useContext(PageScriptsContext);
  return scripts ? <scripts.NextPageModules routeId={routeId} /> : null;
}

/** A route whose page scripts would not improve says so in its `handle` (decision 036). */
export const WITHOUT_SCRIPTS = { scripts: false } as const;

export const withoutScripts = (handle: unknown) =>
  typeof handle === "object" && handle !== null && (handle as { scripts?: boolean }).scripts === false;

/** The page data a document carries: the page's own, or a form's answer's. */
export function readPageData(document: Document): PageData | undefined {
  const json = document.getElementById(PAGE_DATA_ID)?.textContent;
  return json ? (JSON.parse(json) as PageData) : undefined;
}

/** JSON that is safe inside a <script> element: no "</script>" or "<!--" can end or change it. */
export const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");
