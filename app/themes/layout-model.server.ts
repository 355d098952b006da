import { FLOWS } from "#app/flow-registry/flows.ts";
import { FORM_TYPES } from "#app/flow-registry/form-type.ts";
import { contactFor, localize } from "#app/settlement/settlement-schema.ts";
import type { Portal } from "#app/settlement/portal.server.ts";
import type { LayoutModel } from "./layout-model.ts";

export function layoutModel({ settlement, flows }: Portal, culture: string): LayoutModel {
  const { banner } = settlement;
  const siteBaseUrl = settlement.siteBaseUrl.replace(/\/+$/, "");
  return {
    theme: settlement.theme,
    culture,
    cultures: settlement.cultures,
    caseName: localize(settlement.caseName, culture),
    caseNumber: settlement.caseNumber,
    claimsAdminTitle: localize(settlement.claimsAdminTitle, culture),
    siteBaseUrl,
    privacyPolicyUrl: settlement.privacyPolicyUrl,
    contact: contactFor(settlement, culture),
    banner: {
      show: banner.showBanner,
      header: banner.header && localize(banner.header, culture),
      copy: banner.copy.map((line) => localize(line, culture)),
      image: banner.image && { src: banner.image.src, alt: localize(banner.image.alt, culture) },
    },
    flowLinks: flowLinks(flows, siteBaseUrl),
  };
}

/**
 * The header links of the flows offered, in the registry's order (SPEC §2's: claim, reimbursement,
 * VIN lookup), a link that two flows share shown once.
 */
function flowLinks(offered: Portal["flows"], siteBaseUrl: string): LayoutModel["flowLinks"] {
  const links = new Map<string, LayoutModel["flowLinks"][number]>();
  for (const formType of FORM_TYPES) {
    const link = FLOWS[formType].headerLink;
    if (!link || !offered.some((flow) => flow.formType === formType)) continue;
    const href = link.on === "site" ? `${siteBaseUrl}${link.path}` : link.path;
    links.set(href, { labelKey: link.label, href, on: link.on });
  }
  return [...links.values()];
}
