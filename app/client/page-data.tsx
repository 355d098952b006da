import { createContext, type ReactNode, useContext } from "react";
import type { PageEnhancer } from "./page-enhancers.ts";

export interface PageDataProps {
  culture: string;
}

/** The page's scripts, rendered by app/client/page-scripts.server.tsx: provided by entry.server only. */
export interface PageScripts {
  /** In <head>: what asks for the page's modules at once and runs them once the page is parsed and painted. */
  Loader: () => ReactNode;
  /** At the end of <body>: the page's data for them. */
  Data: (props: PageDataProps) => ReactNode;
  /** If the page loads no modules (it has no enhancer), the inline lines that start a DOM function; else nothing. */
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
 * In a page that has an enhancer, nothing: the enhancer starts the same functions (decision 044).
 */
export function InlineStart(props: InlineStartProps) {
  const scripts = useContext(PageScriptsContext);
  return scripts ? <scripts.InlineStart {...props} /> : null;
}

/**
 * In a page without modules that comes before an enhanced page (the sign-in page, before the
 * claim's first step): the browser fetches that page's modules into its cache once this page has
 * loaded, while the claimant fills it in, so the next page is enhanced without waiting for them
 * (decision 042). Only with scripts (a few inline lines ask for them): a browser without scripts
 * fetches no script it would never run. Rendered by the server only.
 */
export function PrefetchPageModules({ routeId }: { routeId: string }) {
  const scripts = useContext(PageScriptsContext);
  return scripts ? <scripts.NextPageModules routeId={routeId} /> : null;
}

/**
 * A route whose page is enhanced by a module of its own (decision 044), which reads the page's data
 * (PageDataPlace), says so in its `handle`. No page hydrates (decision 045): a route that names no
 * enhancer has no modules, and what its scripts add is a few inline lines (InlineStart).
 */
export const enhancedBy = (enhancer: PageEnhancer) => ({ enhancer }) as const;

export const enhancerOf = (handle: unknown): PageEnhancer | undefined =>
  typeof handle === "object" && handle !== null ? (handle as { enhancer?: PageEnhancer }).enhancer : undefined;
