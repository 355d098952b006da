import { contactFor, localize } from "#app/settlement/settlement-schema.ts";
import type { Portal } from "#app/settlement/portal.server.ts";
import type { LayoutModel } from "./layout-model.ts";

export function layoutModel({ settlement }: Portal, culture: string): LayoutModel {
  const { banner } = settlement;
  return {
    theme: settlement.theme,
    culture,
    cultures: settlement.cultures,
    caseName: localize(settlement.caseName, culture),
    caseNumber: settlement.caseNumber,
    claimsAdminTitle: localize(settlement.claimsAdminTitle, culture),
    siteBaseUrl: settlement.siteBaseUrl.replace(/\/+$/, ""),
    privacyPolicyUrl: settlement.privacyPolicyUrl,
    contact: contactFor(settlement, culture),
    banner: {
      show: banner.showBanner,
      header: banner.header && localize(banner.header, culture),
      copy: banner.copy.map((line) => localize(line, culture)),
      image: banner.image && { src: banner.image.src, alt: localize(banner.image.alt, culture) },
    },
  };
}
