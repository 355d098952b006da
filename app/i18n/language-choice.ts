import { DEFAULT_CULTURE } from "./i18n.ts";

/** Where the header's language choice takes the claimant: the page being shown, in `culture`. */
export function pageInCulture({ pathname, search }: { pathname: string; search: string }, culture: string): string {
  const params = new URLSearchParams(search);
  if (culture === DEFAULT_CULTURE) params.delete("culture");
  else params.set("culture", culture);
  const query = params.toString();
  return `${pathname}${query ? `?${query}` : ""}`;
}

/** What kontent's language form sends besides the culture: the page's other query parameters. */
export function otherParameters(search: string): [string, string][] {
  return [...new URLSearchParams(search)].filter(([name]) => name !== "culture");
}
