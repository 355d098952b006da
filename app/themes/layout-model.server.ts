import { FLOWS } from "#app/flow-registry/flows.ts";
import { FORM_TYPES } from "#app/flow-registry/form-type.ts";
import { contactFor, localize } from "#app/settlement/settlement-schema.ts";
import type { Portal } from "#app/settlement/portal.server.ts";
import type { FlowLink, HeaderLinks, LayoutModel } from "./layout-model.ts";

export function layoutModel({ settlement }: Portal, culture: string): LayoutModel {
  const { banner } = settlement;
  return {
    theme: settlement.theme,
    culture,
    cultures: settlement.cultures,
    caseName: localize(settlement.caseName, culture),
    caseNumber: settlement.caseNumber,
    claimsAdminTitle: localize(settlement.claimsAdminTitle, culture),
    siteBaseUrl: siteBaseUrlOf(settlement),
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

function siteBaseUrlOf(settlement: Portal["settlement"]): string {
  return settlement.siteBaseUrl.replace(/\/+$/, "");
}

/**
 * The header's links to the flows offered, in the registry's order (SPEC §2's: claim,
 * reimbursement, VIN lookup), a link that two flows share shown once. Only the server renders the
 * header (app/components/StaticPart.tsx), so they are not in the layout model every page carries.
 */
export function flowLinks({ settlement, flows }: Portal): FlowLink[] {
  const links = new Map<string, FlowLink>();
  for (const formType of FORM_TYPES) {
    const link = FLOWS[formType].headerLink;
    if (!link || !flows.some((flow) => flow.formType === formType)) continue;
    const href = link.on === "site" ? `${siteBaseUrlOf(settlement)}${link.path}` : link.path;
    links.set(href, { labelKey: link.label, href, on: link.on });
  }
  return [...links.values()];
}

/** The portal's own pages after filing, by the header link that opens each. */
const AFTER_FILING_PAGES = {
  claimStatus: { labelKey: "Header_ClaimStatus", path: "/claim/status" },
  documents: { labelKey: "Header_UploadDocuments", path: "/documents" },
  changeOfAddress: { labelKey: "Header_ChangeAddress", path: "/coa" },
} as const;

/**
 * The header's links to the pages after filing (issue 25): the portal's own, unless settlement.json
 * headerLinks points one at another site. Server-rendered only, as flowLinks.
 */
export function headerLinks({ settlement }: Portal): HeaderLinks {
  const link = (name: keyof HeaderLinks): FlowLink => {
    const elsewhere = settlement.headerLinks[name];
    const { labelKey, path } = AFTER_FILING_PAGES[name];
    return elsewhere ? { labelKey, href: elsewhere, on: "site" } : { labelKey, href: path, on: "portal" };
  };
  return { claimStatus: link("claimStatus"), documents: link("documents"), changeOfAddress: link("changeOfAddress") };
}
