import { type Context, createElement, type ReactElement, type ReactNode, use } from "react";
import { renderToString } from "react-dom/server";
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
import { StaticPartsContext } from "./StaticPart.tsx";
import type { KeepMarkup } from "./KeptMarkup.tsx";

/**
 * What the kept parts read: the page's texts, how a static part inside one is rendered (the
 * header's menu, in the header), and what a React Router <Link> needs to write its address. Each
 * is handed on, as the page has it, to the separate render that makes the markup.
 */
const HANDED_ON = [
  TextsContext,
  StaticPartsContext,
  UNSAFE_DataRouterContext,
  UNSAFE_DataRouterStateContext,
  UNSAFE_FrameworkContext,
  UNSAFE_LocationContext,
  UNSAFE_NavigationContext,
  UNSAFE_RouteContext,
] as Context<unknown>[];

/** Kept markup, in two maps that each empty themselves when full: the parts keyed by address apart. */
const kept = new BoundedMap<string, string>(1_000);
const keptPerAddress = new BoundedMap<string, string>(1_000);

/**
 * KeptMarkup's server side (entry.server provides it): the markup of `children` as React writes it
 * in the page, made by renderToString with the page's contexts handed on, once per key. Called
 * while KeptMarkup renders, so the contexts are read as that part of the page sees them.
 */
export const keepMarkup: KeepMarkup = (cacheKey, children, perAddress) => {
  const map = perAddress ? keptPerAddress : kept;
  const known = map.get(cacheKey);
  if (known !== undefined) return known;
  const handedOn = HANDED_ON.reduceRight<ReactNode>(
    // Read within KeptMarkup's render, as that part of the page sees them (`use` may be called conditionally).
    (inner, context) => createElement(context.Provider, { value: use(context) }, inner),
    children,
  );
  const markup = renderToString(handedOn as ReactElement);
  map.set(cacheKey, markup);
  return markup;
};
