import type { ReactNode } from "react";
import { ActionsMenu } from "#app/components/ActionsMenu.tsx";
import { SiteNavigation } from "#app/components/SiteNavigation.tsx";
import { KeptMarkup } from "#app/components/KeptMarkup.tsx";
import type { StaticPartName, StaticPartProps } from "#app/components/StaticPart.tsx";
import { useText } from "#app/i18n/use-text.ts";
import { Footer as FtcFooter } from "./ftc-7-0-default/Footer.tsx";
import { Footer as DefaultFooter } from "./jnd-7-0-default/Footer.tsx";
import { Footer as KontentFooter } from "./jnd-9-0-kontent/Footer.tsx";
import type { LayoutModel } from "./layout-model.ts";
import type { ThemeName } from "./theme-names.ts";

const FOOTERS: Record<ThemeName, typeof DefaultFooter> = {
  "jnd-7-0-default": DefaultFooter,
  "ftc-7-0-default": FtcFooter,
  "jnd-9-0-kontent": KontentFooter,
};

/** What each of the page's static parts shows (app/components/StaticPart.tsx). */
const STATIC_PARTS: Record<StaticPartName, (model: LayoutModel) => ReactNode> = {
  footer: (model) => {
    const Footer = FOOTERS[model.theme];
    return <Footer model={model} />;
  },
  "header-menu": (model) => <HeaderMenuContents model={model} withClaimLinks />,
  "header-menu-without-claim-links": (model) => <HeaderMenuContents model={model} withClaimLinks={false} />,
};

/**
 * A static part as the server renders it (entry.server provides this; nothing the browser loads
 * imports this module): its markup kept, rendered once per culture (KeptMarkup).
 */
export function renderStaticPart({ as, className, part, model }: StaticPartProps) {
  const cacheKey = `${part} ${model.theme} ${model.culture} ${new Date().getFullYear()}`;
  return (
    <KeptMarkup as={as} className={className} cacheKey={cacheKey}>
      {STATIC_PARTS[part](model)}
    </KeptMarkup>
  );
}

/** Inside the header's "Menu" disclosure (HeaderMenu): the site's navigation and the "I would like to" menu. */
function HeaderMenuContents({ model, withClaimLinks }: { model: LayoutModel; withClaimLinks: boolean }) {
  const text = useText();
  return (
    <>
      <summary>{text("Header_Menu")}</summary>
      <div className="header-menu-items">
        <SiteNavigation model={model} withClaimLinks={withClaimLinks} />
        <ActionsMenu model={model} />
      </div>
    </>
  );
}
