import { CaseTitle } from "#app/components/CaseTitle.tsx";
import { HeaderMenu } from "#app/components/HeaderMenu.tsx";
import { Logo } from "#app/components/Logo.tsx";
import type { ReactNode } from "react";
import type { LayoutModel } from "../layout-model.ts";

/** The kontent header: no claim, reimbursement or VIN links; languages in a dropdown (SPEC §2). */
export function Header({ model, languageChoice }: { model: LayoutModel; languageChoice: ReactNode }) {
  return (
    <>
      <div className="container header-top">
        <Logo title={model.claimsAdminTitle} />
        <CaseTitle model={model} />
        {languageChoice}
      </div>
      <div className="container header-nav">
        <HeaderMenu model={model} withClaimLinks={false} />
      </div>
    </>
  );
}
