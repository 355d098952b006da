import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { type Translate, translator } from "./i18n.ts";

/** `const text = useText(); text("Footer_Phone", phone)` in any component. */
export function useText(): Translate {
  const { i18n } = useTranslation();
  return useMemo(() => translator(i18n), [i18n]);
}
