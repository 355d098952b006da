import type { Translate } from "./i18n.ts";
import { useTexts } from "./texts-context.ts";

/** `const text = useText(); text("Footer_Phone", phone)` in any component. */
export function useText(): Translate {
  return useTexts().text;
}
