import { useTranslation } from "react-i18next";

/** The culture of the page being rendered. */
export function useCulture(): string {
  return useTranslation().i18n.language;
}
