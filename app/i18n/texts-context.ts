import { createContext, useContext } from "react";
import { createTranslate, DEFAULT_CULTURE, type Translate } from "./i18n.ts";

export interface Texts {
  culture: string;
  text: Translate;
}

/** The page's culture and its texts, provided by the root layout. */
export const TextsContext = createContext<Texts>({ culture: DEFAULT_CULTURE, text: createTranslate({}) });

export function useTexts(): Texts {
  return useContext(TextsContext);
}
