import { type Context, createContext, createElement, type ReactElement, type ReactNode, useContext } from "react";
import {
  UNSAFE_DataRouterContext,
  UNSAFE_DataRouterStateContext,
  UNSAFE_FrameworkContext,
  UNSAFE_LocationContext,
  UNSAFE_NavigationContext,
  UNSAFE_RouteContext,
} from "react-router";
import { BoundedMap } from "#app/cache/bounded-map.ts";
import { TextsContext } from "#app/i18n/texts-context.ts";

/** Renders an element to its markup, as the page's own render writes it (entry.server: React's renderToString). */
export type MarkupRenderer = (element: ReactElement) => string;

/** Provided by entry.server only: in the browser there is nothing to keep, and no renderer to ship. */
export const MarkupRendererContext = createContext<MarkupRenderer | undefined>(undefined);

/**
 * What the kept parts read: the page's texts, and what a React Router <Link> needs to write its
 * address. Each is handed on, as the page has it, to the separate render that makes the markup.
 */
const HANDED_ON: Context<unknown>[] = [
  TextsContext,
  UNSAFE_DataRouterContext,
  UNSAFE_DataRouterStateContext,
  UNSAFE_FrameworkContext,
  UNSAFE_LocationContext,
  UNSAFE_NavigationContext,
  UNSAFE_RouteContext,
] as Context<unknown>[];

const kept = new BoundedMap<string, string>(1_000);

interface KeptMarkupProps {
  /** The element the part is in, and its class. */
  as: "details" | "footer" | "span";
  className: string;
  /**
   * Names everything the part's markup depends on (its kind, the culture, a flag…): two renders
   * with the same key must write the same markup. Nothing that varies per request or per address.
   */
  cacheKey: string;
  children: ReactNode;
}

/**
 * A part of every page that is the same for every request of a culture (the header's menu, the
 * footer, a required field's mark): on the server, React renders it once per `cacheKey` and the markup is kept and written
 * as is into later pages (issue 14: rendering the page's chrome element by element was a tenth of a
 * step page's CPU). In the browser the part is rendered as usual, so it hydrates against the
 * same markup, links and handlers included. No `useId` inside: a separate render numbers its ids
 * differently from the page's.
 */
export function KeptMarkup({ as, className, cacheKey, children }: KeptMarkupProps) {
  const render = useContext(MarkupRendererContext);
  if (!render) return createElement(as, { className }, children);
  let markup = kept.get(cacheKey);
  if (markup === undefined) {
    const handedOn = HANDED_ON.reduceRight<ReactNode>(
      // biome-ignore lint/correctness/useHookAtTopLevel: only a server render making the markup reads them; a server render of a component happens once, so no later render of it calls its hooks in another order
      (inner, context) => createElement(context.Provider, { value: useContext(context) }, inner),
      children,
    );
    markup = render(handedOn as ReactElement);
    kept.set(cacheKey, markup);
  }
  return createElement(as, { className, dangerouslySetInnerHTML: { __html: markup } });
}
