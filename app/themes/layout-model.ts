import type { ThemeName } from "./theme-names.ts";

/** What a theme's header, banner and footer show, already in the claimant's culture. */
export interface LayoutModel {
  theme: ThemeName;
  culture: string;
  cultures: string[];
  caseName: string;
  caseNumber: string;
  claimsAdminTitle: string;
  siteBaseUrl: string;
  privacyPolicyUrl: string;
  contact: { settlementName: string; phone: string; email: string; mailingAddress: string[] };
  banner: { show: boolean; header?: string; copy: string[]; image?: { src: string; alt: string } };
}

/**
 * A header link to a flow the settlement offers (SPEC §2: claim, reimbursement, VIN lookup): a page
 * of the settlement's web site (its full address) or of the portal.
 */
export interface FlowLink {
  labelKey: string;
  href: string;
  on: "site" | "portal";
}

/** The header's pages after filing (issue 25), each the portal's own or, by settlement.json headerLinks, another site's. */
export interface HeaderLinks {
  claimStatus: FlowLink;
  documents: FlowLink;
  changeOfAddress: FlowLink;
}
