import { createContext, type ReactNode, useContext } from "react";
import type { LayoutModel } from "#app/themes/layout-model.ts";

/** The parts of every page that only the server renders (what each is: app/themes/static-parts.server.tsx). */
export type StaticPartName = "header" | "footer" | "header-menu" | "header-menu-without-claim-links";

export interface StaticPartProps {
  /** The element the part is in, and its class: one such element per page. */
  as: "header" | "details" | "footer";
  className: string;
  part: StaticPartName;
  model: LayoutModel;
}

/** Renders a part on the server: provided by entry.server only, so none of the parts' code is in the browser's scripts. */
export const StaticPartsContext = createContext<((props: StaticPartProps) => ReactNode) | undefined>(undefined);

/**
 * A part of every page outside its content: the theme's header, the header's menu of links, the
 * theme's footer (issue 14): the server's markup alone, none of their code in the browser's
 * scripts. A part that is the same on every page of a culture is rendered once and kept (KeptMarkup).
 */
export function StaticPart(props: StaticPartProps) {
  const render = useContext(StaticPartsContext);
  if (!render) throw new Error("StaticPart is rendered by the server alone (entry.server provides it)");
  return render(props);
}
