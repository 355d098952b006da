import { type ReactNode, use } from "react";
import { UNSAFE_LocationContext } from "react-router";
import { ActionsMenu } from "#app/components/ActionsMenu.tsx";
import { SiteNavigation } from "#app/components/SiteNavigation.tsx";
import { KeptMarkup } from "#app/components/KeptMarkup.tsx";
import { LanguageLinks } from "#app/components/LanguageLinks.tsx";
import { LanguageSelect } from "#app/components/LanguageSelect.tsx";
import type { StaticPartName, StaticPartProps } from "#app/components/StaticPart.tsx";
import { useText } from "#app/i18n/use-text.ts";
import { Footer as FtcFooter } from "./ftc-7-0-default/Footer.tsx";
import { Header as FtcHeader } from "./ftc-7-0-default/Header.tsx";
import { Footer as DefaultFooter } from "./jnd-7-0-default/Footer.tsx";
import { Header as DefaultHeader } from "./jnd-7-0-default/Header.tsx";
import { Footer as KontentFooter } from "./jnd-9-0-kontent/Footer.tsx";
import { Header as KontentHeader } from "./jnd-9-0-kontent/Header.tsx";
import { getPortal } from "#app/settlement/portal.server.ts";
import type { LayoutModel } from "./layout-model.ts";
import { flowLinks, headerLinks } from "./layout-model.server.ts";
import type { ThemeName } from "./theme-names.ts";

/**
 * Each theme's header (what is in its <header>), with its language choice (SPEC §2: links, or
 * kontent's dropdown), and its footer (in its <footer>): the server renders them alone.
 */
const SERVER_THEMES: Record<
  ThemeName,
  { Header: typeof DefaultHeader; LanguageChoice: typeof LanguageLinks; Footer: typeof DefaultFooter }
> = {
  "jnd-7-0-default": { Header: DefaultHeader, LanguageChoice: LanguageLinks, Footer: DefaultFooter },
  "ftc-7-0-default": { Header: FtcHeader, LanguageChoice: LanguageLinks, Footer: FtcFooter },
  "jnd-9-0-kontent": { Header: KontentHeader, LanguageChoice: LanguageSelect, Footer: KontentFooter },
};

/**
 * What each of the page's static parts shows (app/components/StaticPart.tsx), and what its markup
 * depends on beside the theme and culture: nothing, or the address (the header, for its language
 * choice, which reopens the page shown in another language).
 */
const STATIC_PARTS: Record<StaticPartName, { show: (model: LayoutModel) => ReactNode; perAddress: boolean }> = {
  header: {
    show: (model) => {
      const { Header, LanguageChoice } = SERVER_THEMES[model.theme];
      return (
        <Header model={model} languageChoice={<LanguageChoice culture={model.culture} cultures={model.cultures} />} />
      );
    },
    perAddress: true,
  },
  footer: {
    show: (model) => {
      const { Footer } = SERVER_THEMES[model.theme];
      return <Footer model={model} />;
    },
    perAddress: false,
  },
  "header-menu": { show: (model) => <HeaderMenuContents model={model} withClaimLinks />, perAddress: false },
  "header-menu-without-claim-links": {
    show: (model) => <HeaderMenuContents model={model} withClaimLinks={false} />,
    perAddress: false,
  },
};

/**
 * A static part as the server renders it (entry.server provides this; nothing the browser loads
 * imports this module): its markup is rendered once per culture, or per address, and kept (KeptMarkup).
 */
export function renderStaticPart({ as, className, part, model }: StaticPartProps) {
  const { show, perAddress } = STATIC_PARTS[part];
  // Read as that part of the page sees it (`use` may be called conditionally).
  const { pathname, search } = use(UNSAFE_LocationContext).location;
  const dependsOn = perAddress ? `${pathname}${search}` : new Date().getFullYear();
  return (
    <KeptMarkup
      as={as}
      className={className}
      cacheKey={`${part} ${model.theme} ${model.culture} ${dependsOn}`}
      perAddress={perAddress}
    >
      {show(model)}
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
        <SiteNavigation
          model={model}
          flowLinks={withClaimLinks ? flowLinks(getPortal()) : []}
          headerLinks={headerLinks(getPortal())}
        />
        <ActionsMenu links={headerLinks(getPortal())} />
      </div>
    </>
  );
}
