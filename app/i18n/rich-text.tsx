import { Fragment, type ReactNode } from "react";
import type { Translate } from "./i18n.ts";

/**
 * A text whose placeholders are elements (links): the template's words in its culture's order,
 * each {n} replaced by `parts[n]`.
 */
export function richText(text: Translate, key: string, parts: ReactNode[]): ReactNode[] {
  // Markers no translation contains: private-use characters around the part's number.
  const markers = parts.map((_, index) => `\uE000${index}\uE001`);
  return text(key, ...markers)
    .split(/\uE000(\d+)\uE001/)
    .map((piece, index) =>
      // Odd pieces are the placeholders' numbers.
      index % 2 === 1 ? <Fragment key={`part-${piece}`}>{parts[Number(piece)]}</Fragment> : piece,
    );
}
