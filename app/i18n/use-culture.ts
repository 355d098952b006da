import { useTexts } from "./texts-context.ts";

/** The culture of the page being rendered. */
export function useCulture(): string {
  return useTexts().culture;
}
