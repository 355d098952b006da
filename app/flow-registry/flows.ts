import type { DeadlineKey } from "#app/deadlines/deadline-settings.ts";
import { FORM_TYPES, type FormType } from "./form-type.ts";
import type { SignInKind } from "./sign-in-kinds.ts";

/**
 * What the portal knows of a flow, whichever settlement offers it: one entry per flow, read by
 * everything that differs between flows. A settlement chooses the flows it offers, their deadlines
 * and sign-in kinds (settlement.json flows: app/settlement/offered-flows.ts). Its pages and models
 * are its form definition (forms/<formType>.json and .pages.json in the settlement folder); its
 * texts are the locale keys Flow_<formType>_Title (its name), _Intro (what it is for) and _Deadline
 * (when it closes). docs/adding-a-flow.md says what adding one takes.
 */
export interface FlowEntry {
  formType: FormType;
  /** Whether claimants file claims in it (the lookup only answers whether a VIN is covered). */
  filesClaims: boolean;
  /**
   * The deadlines that close it, most specific first, unless the settlement names its own (SPEC
   * §2). A key the settlement does not set is skipped.
   */
  deadlineKeys: readonly DeadlineKey[];
  /** The sign-in kinds a settlement may give it, the first the one it has unless told otherwise. */
  signInKinds: readonly SignInKind[];
  /** The first part of its claims' reference codes ("STD-…"): which flow a code is of, at a glance. */
  referenceCodePrefix: string;
  /**
   * Its link in the themes' header navigation (SPEC §2), shown only when the settlement offers it:
   * a page of the settlement's web site (appended to its base URL) or of the portal. Flows that
   * share a link (automotive and standard: the site's claim page) show it once.
   */
  headerLink?: { label: string; path: string; on: "site" | "portal" };
}

const CLAIM_DEADLINES: readonly DeadlineKey[] = ["claimFilingDeadline", "globalDeadline"];
const SITE_CLAIM_PAGE = { label: "Header_Claim", path: "/claim", on: "site" } as const;

/**
 * The four flows of SPEC §2, in the order the portal lists them. Standard's deadlines are not shown
 * in SPEC; it closes with claim filing like the other claim flows (docs/decisions/003-deadlines.md).
 * Reimbursement uses claimFilingDeadline, not reimbursementFilingDeadline, as SPEC says its routes do.
 */
export const FLOWS: { readonly [T in FormType]: FlowEntry & { formType: T } } = {
  automotive: {
    formType: "automotive",
    filesClaims: true,
    deadlineKeys: CLAIM_DEADLINES,
    signInKinds: ["notice", "vin", "open"],
    referenceCodePrefix: "AUT",
    headerLink: SITE_CLAIM_PAGE,
  },
  reimbursement: {
    formType: "reimbursement",
    filesClaims: true,
    deadlineKeys: CLAIM_DEADLINES,
    signInKinds: ["notice", "vin", "open"],
    referenceCodePrefix: "REI",
    headerLink: { label: "Header_Reimbursement", path: "/reimbursement", on: "site" },
  },
  standard: {
    formType: "standard",
    filesClaims: true,
    deadlineKeys: CLAIM_DEADLINES,
    signInKinds: ["notice", "open"],
    referenceCodePrefix: "STD",
    headerLink: SITE_CLAIM_PAGE,
  },
  lookup: {
    formType: "lookup",
    filesClaims: false,
    deadlineKeys: ["lookupDeadline", "globalDeadline"],
    signInKinds: [],
    referenceCodePrefix: "LKP",
    headerLink: { label: "Header_VinLookup", path: "/lookup", on: "portal" },
  },
};

/** The flows in which claims are filed (every one but the lookup). */
export const CLAIM_FORM_TYPES: readonly FormType[] = FORM_TYPES.filter((formType) => FLOWS[formType].filesClaims);

/** Each flow's own deadlines as the registry gives them, by form type (a settlement may name others: flowDeadlineKeys). */
export const FLOW_DEADLINE_KEYS = Object.fromEntries(
  FORM_TYPES.map((formType) => [formType, FLOWS[formType].deadlineKeys]),
) as { readonly [T in FormType]: readonly DeadlineKey[] };
