import { CaseTitle } from "#app/components/CaseTitle.tsx";
import { HeaderMenu } from "#app/components/HeaderMenu.tsx";
import { LanguageLinks } from "#app/components/LanguageLinks.tsx";
import { Logo } from "#app/components/Logo.tsx";
import type { LayoutModel } from "../layout-model.ts";

export function Header({ model }: { model: LayoutModel }) {
  return (
    <header className="site-header">
      <div className="container header-top">
        <Logo title={model.claimsAdminTitle} />
        <CaseTitle model={model} />
        <LanguageLinks culture={model.culture} cultures={model.cultures} />
      </div>
      <div className="header-nav">
        <div className="container">
          <HeaderMenu model={model} withClaimLinks />
        </div>
      </div>
    </header>
  );
}
