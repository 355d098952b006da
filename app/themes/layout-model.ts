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
