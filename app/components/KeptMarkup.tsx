import { createContext, createElement, type ReactNode, useContext } from "react";

/**
 * Gives the markup kept for `cacheKey`, rendering `children` first if there is none: provided by
 * entry.server only (kept-markup.server.tsx). In the browser there is nothing to keep, and none of
 * its code is shipped.
 */
export type KeepMarkup = (cacheKey: string, children: ReactNode, perAddress?: boolean) => string;

export const KeepMarkupContext = createContext<KeepMarkup | undefined>(undefined);

interface KeptMarkupProps {
  /** The element the part is in, and its class. */
  as: "header" | "details" | "footer" | "span";
  className: string;
  /**
   * Names everything the part's markup depends on (its kind, the culture, a flag, the address for
   * the header…): two renders with the same key must write the same markup. Nothing that varies
   * per request (a token, an answer) can be in a kept part.
   */
  cacheKey: string;
  /** The key names the address: such parts are kept apart, so that no run of addresses pushes out the others. */
  perAddress?: boolean;
  children: ReactNode;
}

/**
 * A part of every page that is the same for every request of a culture (a required field's mark;
 * the footer and the header's menu, through StaticPart): on the server, React renders it once per
 * `cacheKey` and the markup is kept and written as is into later pages (issue 14: rendering the
 * page's chrome element by element was a tenth of a step page's CPU). Kept or rendered afresh,
 * its markup is the same. No `useId` inside: a separate render numbers its ids differently from
 * the page's.
 */
export function KeptMarkup({ as, className, cacheKey, perAddress, children }: KeptMarkupProps) {
  const keep = useContext(KeepMarkupContext);
  if (!keep) return createElement(as, { className }, children);
  return createElement(as, { className, dangerouslySetInnerHTML: { __html: keep(cacheKey, children, perAddress) } });
}
