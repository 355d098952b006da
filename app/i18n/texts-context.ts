import { createContext, useContext } from "react";
import { createTranslate, DEFAULT_CULTURE, type Translate } from "./i18n.ts";

export interface Texts {
  culture: string;
  text: Translate;
  /**
   * The culture's translate itself, the same function for every page of the culture, noting
   * nothing (askedTexts): what is made once per culture from its texts (a select's list of
   * countries) is keyed by it, and the keys it asks for are not the page's scripts' to be given.
   */
  unnoted: Translate;
}

const NO_TEXTS = createTranslate({});

/** The page's culture and its texts, provided by the root layout. */
export const TextsContext = createContext<Texts>({ culture: DEFAULT_CULTURE, text: NO_TEXTS, unnoted: NO_TEXTS });

/**
 * The same texts, noting each key asked for: what the page's content asks for as the server
 * renders it is what its scripts need to render it again (app/client/page-texts.server.ts).
 */
export function askedTexts(texts: Texts): { texts: Texts; asked: Set<string> } {
  const asked = new Set<string>();
  return {
    texts: {
      culture: texts.culture,
      unnoted: texts.unnoted,
      text: (key, ...args) => {
        asked.add(key);
        return texts.text(key, ...args);
      },
    },
    asked,
  };
}

export function useTexts(): Texts {
  return useContext(TextsContext);
}
