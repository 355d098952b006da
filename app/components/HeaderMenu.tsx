import { useText } from "#app/i18n/use-text.ts";
import type { LayoutModel } from "#app/themes/layout-model.ts";
import { ActionsMenu } from "./ActionsMenu.tsx";
import { KeptMarkup } from "./KeptMarkup.tsx";
import { SiteNavigation } from "./SiteNavigation.tsx";

/**
 * The header's navigation and "I would like to" menu behind one "Menu" disclosure on phones, so the
 * page's own heading is on the first screen (issue 13). A native <details>: it opens with a tap,
 * Enter or Space without JavaScript. On wider screens the stylesheet shows its contents and hides
 * the summary (browsers that cannot style a disclosure's contents keep the menu closed there too).
 * The same in every page of a culture: its markup is kept (KeptMarkup).
 */
export function HeaderMenu({ model, withClaimLinks }: { model: LayoutModel; withClaimLinks: boolean }) {
  const text = useText();
  return (
    <KeptMarkup as="details" className="header-menu" cacheKey={`header-menu ${model.culture} ${withClaimLinks}`}>
      <summary>{text("Header_Menu")}</summary>
      <div className="header-menu-items">
        <SiteNavigation model={model} withClaimLinks={withClaimLinks} />
        <ActionsMenu model={model} />
      </div>
    </KeptMarkup>
  );
}
