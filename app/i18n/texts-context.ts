import { createContext, useContext } from "react";
import { createTranslate, DEFAULT_CULTURE, type Translate } from "./i18n.ts";

export interface Texts {
  culture: string;
  text: Translate;
}

/** The page's culture and its texts, provided by the root layout. */
export const TextsContext = createContext<Texts>({ culture: DEFAULT_CULTURE, text: createTranslate({}) });

/**
 * The same texts, noting each key asked for: what the page's content asks for as the server
 * renders it is what its scripts need to render it again (app/client/page-texts.server.ts).
 */
export function askedTexts(texts: Texts): { texts: Texts; asked: Set<string> } {
  const asked = new Set<string>();
  return {
    texts: {
      culture: texts.culture,
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
