import { CaseTitle } from "#app/components/CaseTitle.tsx";
import { HeaderMenu } from "#app/components/HeaderMenu.tsx";
import { Logo } from "#app/components/Logo.tsx";
import type { ReactNode } from "react";
import type { LayoutModel } from "../layout-model.ts";

/** The FTC header: a language strip above the title, navigation and menu side by side below. */
export function Header({ model, languageChoice }: { model: LayoutModel; languageChoice: ReactNode }) {
  return (
    <>
      <div className="language-strip">
        <div className="container">{languageChoice}</div>
      </div>
      <div className="container header-top">
        <Logo title={model.claimsAdminTitle} />
        <CaseTitle model={model} />
      </div>
      <div className="container header-nav">
        <HeaderMenu model={model} withClaimLinks />
      </div>
    </>
  );
}
