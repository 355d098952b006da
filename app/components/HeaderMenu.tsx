import type { LayoutModel } from "#app/themes/layout-model.ts";
import { StaticPart } from "./StaticPart.tsx";

/**
 * The header's navigation and "I would like to" menu behind one "Menu" disclosure on phones, so the
 * page's own heading is on the first screen (issue 13). A native <details>: it opens with a tap,
 * Enter or Space without JavaScript. On wider screens the stylesheet shows its contents and hides
 * the summary (browsers that cannot style a disclosure's contents keep the menu closed there too).
 * The same on every page of a culture: the server renders it (StaticPart; its contents:
 * app/themes/static-parts.server.tsx).
 */
export function HeaderMenu({ model, withClaimLinks }: { model: LayoutModel; withClaimLinks: boolean }) {
  return (
    <StaticPart
      as="details"
      className="header-menu"
      part={withClaimLinks ? "header-menu" : "header-menu-without-claim-links"}
      model={model}
    />
  );
}
