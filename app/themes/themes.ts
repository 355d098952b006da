import ftcStylesheet from "./ftc-7-0-default/theme.css?url";
import defaultStylesheet from "./jnd-7-0-default/theme.css?url";
import kontentStylesheet from "./jnd-9-0-kontent/theme.css?url";
import type { ThemeName } from "./theme-names.ts";

/**
 * Each theme's stylesheet: the portal's element styles (elements.css), base.css and the theme's own rules, hashed and cached for good. All else
 * of a theme, its header and footer, the server renders alone (app/themes/static-parts.server.tsx).
 */
export const THEME_STYLESHEETS: Record<ThemeName, string> = {
  "jnd-7-0-default": defaultStylesheet,
  "ftc-7-0-default": ftcStylesheet,
  "jnd-9-0-kontent": kontentStylesheet,
};
