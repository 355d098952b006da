import { createContext, useContext } from "react";
import { createTranslate, DEFAULT_CULTURE, type Translate } from "./i18n.ts";

export interface Texts {
  culture: string;
  /**
   * The culture's translate, the same function for every page of the culture (createTranslate):
   * what is made once per culture from its texts (a select's list of countries) is keyed by it.
   */
  text: Translate;
}

const NO_TEXTS = createTranslate({});

/** The page's culture and its texts, provided by the root layout. */
export const TextsContext = createContext<Texts>({ culture: DEFAULT_CULTURE, text: NO_TEXTS });

export function useTexts(): Texts {
  return useContext(TextsContext);
}
