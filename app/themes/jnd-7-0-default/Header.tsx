import { CaseTitle } from "#app/components/CaseTitle.tsx";
import { HeaderMenu } from "#app/components/HeaderMenu.tsx";
import { Logo } from "#app/components/Logo.tsx";
import type { ReactNode } from "react";
import type { LayoutModel } from "../layout-model.ts";

/** The default header (SPEC §2): logo, case title and language links in a row, the menu below. */
export function Header({ model, languageChoice }: { model: LayoutModel; languageChoice: ReactNode }) {
  return (
    <>
      <div className="container header-top">
        <Logo title={model.claimsAdminTitle} />
        <CaseTitle model={model} />
        {languageChoice}
      </div>
      <div className="header-nav">
        <div className="container">
          <HeaderMenu model={model} withClaimLinks />
        </div>
      </div>
    </>
  );
}
