import { CaseTitle } from "#app/components/CaseTitle.tsx";
import { HeaderMenu } from "#app/components/HeaderMenu.tsx";
import { LanguageSelect } from "#app/components/LanguageSelect.tsx";
import { Logo } from "#app/components/Logo.tsx";
import type { LayoutModel } from "../layout-model.ts";

/** The kontent header: no claim, reimbursement or VIN links; languages in a dropdown (SPEC §2). */
export function Header({ model }: { model: LayoutModel }) {
  return (
    <header className="site-header">
      <div className="container header-top">
        <Logo title={model.claimsAdminTitle} />
        <CaseTitle model={model} />
        <LanguageSelect culture={model.culture} cultures={model.cultures} />
      </div>
      <div className="container header-nav">
        <HeaderMenu model={model} withClaimLinks={false} />
      </div>
    </header>
  );
}
