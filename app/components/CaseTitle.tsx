import type { LayoutModel } from "#app/themes/layout-model.ts";

/** Claims-admin title, case name and case number (SPEC §1), the header's heading block. */
export function CaseTitle({ model }: { model: LayoutModel }) {
  return (
    <div className="case-title">
      <p className="claims-admin-title">{model.claimsAdminTitle}</p>
      <p className="case-name">{model.caseName}</p>
      <p className="case-number">{model.caseNumber}</p>
    </div>
  );
}
