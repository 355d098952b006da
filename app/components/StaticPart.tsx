import { createContext, createElement, type ReactNode, useContext, useEffect } from "react";
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
 * A part of every page that the browser never renders: the theme's header, the header's menu of
 * links, the theme's footer (issue 14). A page's culture and theme are fixed for its life (the
 * language controls load the page anew), so the browser keeps the part's markup as the server
 * wrote it and ships none of its code (~1.5 KB of every page's JavaScript, gzipped). The one thing
 * in them that follows the address, the header's language choice, is pointed at each page shown
 * (LanguageChoiceFollower). Their links are ordinary links, followed as without JavaScript. On the
 * server, a part that is the same on every page of a culture is rendered once and kept (KeptMarkup).
 */
export function StaticPart(props: StaticPartProps) {
  const render = useContext(StaticPartsContext);
  return render ? render(props) : <KeptPart {...props} />;
}

/** Each part's markup as the page came with it, read once. */
const inDocument = new Map<StaticPartName, string>();

/**
 * In the browser: the element with the markup the server wrote in it. React neither checks nor
 * replaces markup given as innerHTML when it hydrates, and never touches it again while the string
 * stays the same. A page that came without the part (its root data failed to load) has nothing to
 * keep: it is loaded anew, as the root layout does for a culture whose texts it lacks.
 */
function KeptPart({ as, className, part }: StaticPartProps) {
  let markup = inDocument.get(part);
  if (markup === undefined) {
    markup = document.querySelector(`${as}.${className}`)?.innerHTML;
    if (markup !== undefined) inDocument.set(part, markup);
  }
  const missing = markup === undefined;
  useEffect(() => {
    if (missing) window.location.reload();
  }, [missing]);
  return createElement(as, { className, dangerouslySetInnerHTML: { __html: markup ?? "" } });
}
