import { useNonce } from "#app/request-context.ts";
import ftcStyles from "./ftc-7-0-default/theme.css?inline";
import defaultStyles from "./jnd-7-0-default/theme.css?inline";
import kontentStyles from "./jnd-9-0-kontent/theme.css?inline";
import type { ThemeName } from "./theme-names.ts";

/**
 * Each theme's styles: the portal's element styles (elements.css), base.css and the theme's own
 * rules, built and minified by Vite, in the server's build only.
 */
const THEME_STYLES: Record<ThemeName, string> = {
  "jnd-7-0-default": defaultStyles,
  "ftc-7-0-default": ftcStyles,
  "jnd-9-0-kontent": kontentStyles,
};

/**
 * The theme's styles in the page's <head>, not a stylesheet of its own (decision 039): on 3G a
 * stylesheet was a round trip the first paint waited for, and the browser laid the page out once
 * without it (at the end of parsing, while it was still on its way) and once again with it. The
 * nonce is the request's (the Content-Security-Policy allows no other style element). Given to the
 * root layout by entry.server (ThemeStylesContext), so none of it is in the browser's scripts.
 */
export function ThemeStyles({ theme }: { theme: ThemeName }) {
  const nonce = useNonce();
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the portal's own built CSS, which holds no "</style"
  return <style nonce={nonce} dangerouslySetInnerHTML={{ __html: THEME_STYLES[theme] }} />;
}
