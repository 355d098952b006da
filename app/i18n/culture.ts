import { DEFAULT_CULTURE } from "./i18n.ts";

/**
 * The claimant's culture travels in the URL (SPEC §2 route guard 1: the culture query parameter,
 * else en), so every portal link, form action and redirect carries it. The default culture is left
 * out to keep URLs clean.
 */
export function withCulture(href: string, culture: string): string {
  if (culture === DEFAULT_CULTURE) return href;
  const hashAt = href.indexOf("#");
  const hash = hashAt === -1 ? "" : href.slice(hashAt);
  const base = hashAt === -1 ? href : href.slice(0, hashAt);
  const [pathname, query = ""] = base.split("?", 2) as [string, string?];
  const params = new URLSearchParams(query);
  params.set("culture", culture);
  return `${pathname}?${params.toString()}${hash}`;
}
