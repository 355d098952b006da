import type { ComponentType } from "react";
import type { LayoutModel } from "./layout-model.ts";
import type { ThemeName } from "./theme-names.ts";
import { Header as FtcHeader } from "./ftc-7-0-default/Header.tsx";
import ftcStylesheet from "./ftc-7-0-default/theme.css?url";
import { Header as DefaultHeader } from "./jnd-7-0-default/Header.tsx";
import defaultStylesheet from "./jnd-7-0-default/theme.css?url";
import { Header as KontentHeader } from "./jnd-9-0-kontent/Header.tsx";
import kontentStylesheet from "./jnd-9-0-kontent/theme.css?url";

interface Theme {
  Header: ComponentType<{ model: LayoutModel }>;
  /** One stylesheet per theme: Pico plus the theme's own rules, hashed and cached for good. */
  stylesheet: string;
}

export const THEMES: Record<ThemeName, Theme> = {
  "jnd-7-0-default": { Header: DefaultHeader, stylesheet: defaultStylesheet },
  "ftc-7-0-default": { Header: FtcHeader, stylesheet: ftcStylesheet },
  "jnd-9-0-kontent": { Header: KontentHeader, stylesheet: kontentStylesheet },
};
