import { type ComponentType, createContext, useContext } from "react";
import type { ThemeName } from "./theme-names.ts";

/** What renders a theme's styles (app/themes/theme-styles.server.tsx): provided by entry.server only. */
export const ThemeStylesContext = createContext<ComponentType<{ theme: ThemeName }> | undefined>(undefined);

/** Where the root layout puts the theme's styles: in <head>. */
export function ThemeStylesPlace({ theme }: { theme: ThemeName }) {
  const Styles = useContext(ThemeStylesContext);
  return Styles ? <Styles theme={theme} /> : null;
}
