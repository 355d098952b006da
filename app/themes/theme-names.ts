/** The three visual themes (SPEC §1); the first is the default the demo settlement uses. */
export const THEME_NAMES = ["jnd-7-0-default", "ftc-7-0-default", "jnd-9-0-kontent"] as const;
export type ThemeName = (typeof THEME_NAMES)[number];

export function isThemeName(value: unknown): value is ThemeName {
  return typeof value === "string" && (THEME_NAMES as readonly string[]).includes(value);
}
