import { CaseTitle } from "#app/components/CaseTitle.tsx";
import { HeaderMenu } from "#app/components/HeaderMenu.tsx";
import { LanguageLinks } from "#app/components/LanguageLinks.tsx";
import { Logo } from "#app/components/Logo.tsx";
import type { LayoutModel } from "../layout-model.ts";

/** The FTC header: a language strip above the title, navigation and menu side by side below. */
export function Header({ model }: { model: LayoutModel }) {
  return (
    <header className="site-header">
      <div className="language-strip">
        <div className="container">
          <LanguageLinks culture={model.culture} cultures={model.cultures} />
        </div>
      </div>
      <div className="container header-top">
        <Logo title={model.claimsAdminTitle} />
        <CaseTitle model={model} />
      </div>
      <div className="container header-nav">
        <HeaderMenu model={model} withClaimLinks />
      </div>
    </header>
  );
}
