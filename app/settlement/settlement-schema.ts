import { z } from "zod";
import { DEADLINE_KEYS, deadlinesSchema } from "#app/deadlines/deadline-settings.ts";
import { FILE_TYPE_NAMES } from "#app/documents/file-types.ts";
import { FLOWS } from "#app/flow-registry/flows.ts";
import { FORM_TYPES, type FormType } from "#app/flow-registry/form-type.ts";
import { SIGN_IN_KINDS } from "#app/flow-registry/sign-in-kinds.ts";
import { isThemeName, THEME_NAMES } from "#app/themes/theme-names.ts";

/**
 * settlement.json: everything an operator sets for one settlement. Texts a claimant reads are
 * "localized": either one string for every culture, or an object with one string per culture.
 * docs/configuration.md documents each setting.
 */
const localizedText = z.union([z.string().min(1), z.record(z.string(), z.string().min(1))]);
export type LocalizedText = z.infer<typeof localizedText>;

const cultureCode = z.string().regex(/^[a-z]{2}(-[A-Z]{2})?$/, "Expected a culture code like en, es or fr-CA");

const contact = z.strictObject({
  settlementName: z.string().min(1),
  phone: z.string().min(1),
  email: z.email(),
  mailingAddress: z.array(z.string().min(1)).min(1),
});

const banner = z.strictObject({
  showBanner: z.boolean(),
  header: localizedText.optional(),
  copy: z.array(localizedText).default([]),
  image: z.strictObject({ src: z.string().min(1), alt: localizedText }).optional(),
});

const captcha = z.strictObject({
  /** Turned on regardless of this flag in production (SPEC §5). */
  enabled: z.boolean().default(true),
  /** "turnstile" in production; "test" accepts the token "test-pass" (development and tests). */
  provider: z.enum(["turnstile", "test"]).default("turnstile"),
  siteKey: z.string().min(1),
  verifyUrl: z.url().default("https://challenges.cloudflare.com/turnstile/v0/siteverify"),
  /** The server-side challenge offered when no token arrives (scripts blocked). */
  fallbackChallenge: z.boolean().default(true),
});

const MEGABYTE = 1024 * 1024;

/** Limits on claimants' documents (issue 5); a file over its limit is refused with its name and why. */
const uploads = z
  .strictObject({
    maxFileBytes: z
      .int()
      .positive()
      .default(10 * MEGABYTE),
    maxClaimBytes: z
      .int()
      .positive()
      .default(50 * MEGABYTE),
    maxFiles: z.int().positive().default(20),
    allowedTypes: z
      .array(z.enum(FILE_TYPE_NAMES))
      .min(1)
      .default([...FILE_TYPE_NAMES]),
  })
  .refine((limits) => limits.maxFileBytes <= limits.maxClaimBytes, {
    error: "maxFileBytes cannot exceed maxClaimBytes",
    path: ["maxFileBytes"],
  });

/** A file in the settlement folder's documents/: a plain name, never a path. */
const documentFileName = z
  .string()
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9._-]*$/,
    'Expected a file name in the settlement\'s documents folder, like "long-form-notice.pdf"',
  );

/**
 * One of the settlement's important documents (issue 25; docs/configuration.md
 * "importantDocuments"), listed first on /documents: its title, and its file in the settlement
 * folder's documents/ (one for every culture, or one per culture), served by the portal. Each file
 * is checked at start-up (app/settlement/important-documents.server.ts).
 */
const importantDocument = z.strictObject({
  title: localizedText,
  file: z.union([documentFileName, z.record(z.string(), documentFileName)]),
});

/**
 * Who may file what (issue 10; docs/configuration.md "claims"): how many claims one class member
 * files per form type, which flows accept a VIN alone to sign in (the claim is then unverified and
 * the claimant enters their own details; read only when `flows` is absent: with it, each flow's
 * signIn says so), and how long drafts are kept after a flow's deadline.
 */
const claims = z.strictObject({
  perMember: z.enum(["one", "amend", "many"]).default("one"),
  vinOnlySignIn: z.array(z.enum(["automotive", "reimbursement"])).default([]),
  draftRetentionDays: z.int().min(0).default(30),
});

/**
 * E-mail to claimants (decision 031; docs/configuration.md "email"): the address messages come
 * from, and the portal's own public address, which their links lead to (siteBaseUrl is the
 * settlement's informational site, not the portal). Read only when SMTP_URL is set, and then
 * required.
 */
const email = z.strictObject({
  from: z.email(),
  portalUrl: z.url({ protocol: /^https?$/ }),
});

/**
 * One flow a settlement offers (docs/configuration.md "flows"): the deadlines that close it, most
 * specific first (each set in `deadlines`), and the ways a claimant signs in to it; the flow's
 * registry entry gives either when it is left out (app/flow-registry/flows.ts).
 */
const offeredFlow = z.strictObject({
  deadlines: z.array(z.enum(DEADLINE_KEYS)).min(1).optional(),
  signIn: z.array(z.enum(SIGN_IN_KINDS)).min(1).optional(),
  /** With the open sign-in: the field ("model.field") whose e-mail address a claim is one of (claims.perMember). */
  emailField: z
    .string()
    .regex(
      /^[a-z][A-Za-z0-9]*\.[a-z][A-Za-z0-9]*$/,
      'Expected a field as "model.field", like "claimantInfo.emailAddress"',
    )
    .optional(),
  /** In a flow that files claims: the field ("model.field") whose last name finds a filed claim with its reference code (claim access). */
  lastNameField: z
    .string()
    .regex(/^[a-z][A-Za-z0-9]*\.[a-z][A-Za-z0-9]*$/, 'Expected a field as "model.field", like "claimantInfo.lastName"')
    .optional(),
});

/** settlement.json `flows`: the flows offered, keyed by form type, in the order the start page lists them. */
const flows = z.strictObject(
  Object.fromEntries(FORM_TYPES.map((formType) => [formType, offeredFlow.optional()])) as Record<
    FormType,
    z.ZodOptional<typeof offeredFlow>
  >,
);

/**
 * The theme is checked by hand so that a missing theme and an unknown theme each have their own
 * message (SPEC §8: "theme not specified" / "unexpected appsettings.theme value").
 */
const theme = z.unknown().transform((value, ctx) => {
  if (value === undefined || value === null || value === "") {
    ctx.issues.push({ code: "custom", message: "Theme not specified.", input: value });
    return z.NEVER;
  }
  if (!isThemeName(value)) {
    ctx.issues.push({
      code: "custom",
      message: `Unexpected appsettings.theme value: "${String(value)}". Expected one of ${THEME_NAMES.join(", ")}.`,
      input: value,
    });
    return z.NEVER;
  }
  return value;
});

export const settlementSchema = z
  .strictObject({
    caseName: localizedText,
    caseNumber: z.string().min(1),
    claimsAdminTitle: localizedText,
    siteBaseUrl: z.url({ protocol: /^https?$/ }),
    theme,
    cultures: z.array(cultureCode).min(1),
    contact: z.record(z.string(), contact),
    banner: banner.default({ showBanner: false, copy: [] }),
    privacyPolicyUrl: z.url({ protocol: /^https?$/ }),
    deadlines: deadlinesSchema,
    characterWhitelist: z.string().min(1),
    captcha,
    internationalAddresses: z.boolean().default(false),
    uploads: uploads.default({
      maxFileBytes: 10 * MEGABYTE,
      maxClaimBytes: 50 * MEGABYTE,
      maxFiles: 20,
      allowedTypes: [...FILE_TYPE_NAMES],
    }),
    claims: claims.default({ perMember: "one", vinOnlySignIn: [], draftRetentionDays: 30 }),
    /** Absent: the four flows, as before flows could be chosen, with the automotive flow at "/". */
    flows: flows.optional(),
    /** The flow "/" shows; absent (with `flows`), "/" is a start page listing the flows offered. */
    home: z.enum(FORM_TYPES).optional(),
    analyticsTagId: z.string().optional(),
    email: email.optional(),
    importantDocuments: z.array(importantDocument).default([]),
    /**
     * Claim status (import-statuses, docs/decisions/028-claim-status.md): the reasons a claim is
     * denied and the documents a claim needs, by the code the administrator's file gives, each a
     * text in every culture.
     */
    statusReasons: z.record(z.string(), localizedText).default({}),
    /**
     * The header's pages after filing (issue 25): claim status (/claim/status), documents
     * (/documents: the "Important documents" link and "Upload documents") and change of address
     * (/coa) are the portal's, unless one is given here: an address on another site, opened in a new tab.
     */
    headerLinks: z
      .strictObject({
        claimStatus: z.url({ protocol: /^https?$/ }).optional(),
        documents: z.url({ protocol: /^https?$/ }).optional(),
        changeOfAddress: z.url({ protocol: /^https?$/ }).optional(),
      })
      .default({}),
  })
  .superRefine((settlement, ctx) => {
    if (!settlement.cultures.includes("en")) {
      ctx.addIssue({ code: "custom", path: ["cultures"], message: 'The default culture "en" must be listed' });
    }
    for (const culture of settlement.cultures) {
      if (!settlement.contact[culture]) {
        ctx.addIssue({ code: "custom", path: ["contact"], message: `No contact settings for culture "${culture}"` });
      }
    }
    // Every localized text must name every culture, so no claimant sees a blank.
    const texts: [Array<string | number>, LocalizedText | undefined][] = [
      [["caseName"], settlement.caseName],
      [["claimsAdminTitle"], settlement.claimsAdminTitle],
      [["banner", "header"], settlement.banner.header],
      [["banner", "image", "alt"], settlement.banner.image?.alt],
      ...Object.entries(settlement.statusReasons).map(([code, text]): [Array<string | number>, LocalizedText] => [
        ["statusReasons", code],
        text,
      ]),
      ...settlement.banner.copy.map((line, index): [Array<string | number>, LocalizedText] => [
        ["banner", "copy", index],
        line,
      ]),
      ...settlement.importantDocuments.flatMap((document, index): [Array<string | number>, LocalizedText][] => [
        [["importantDocuments", index, "title"], document.title],
        [["importantDocuments", index, "file"], document.file],
      ]),
    ];
    for (const [path, text] of texts) {
      if (typeof text !== "object") continue;
      for (const culture of settlement.cultures) {
        if (!text[culture]) ctx.addIssue({ code: "custom", path, message: `No text for culture "${culture}"` });
      }
    }
    for (const code of Object.keys(settlement.statusReasons))
      if (!/^[A-Za-z0-9_-]{1,64}$/.test(code))
        ctx.addIssue({
          code: "custom",
          path: ["statusReasons", code],
          message: "A reason code is letters, digits, _ and - (at most 64), as the statuses file gives it",
        });
    checkOfferedFlows(settlement, ctx);
    if (settlement.banner.showBanner && !settlement.banner.header && settlement.banner.copy.length === 0) {
      ctx.addIssue({
        code: "custom",
        path: ["banner"],
        message: "showBanner is true but the banner has no header and no copy",
      });
    }
  });

export type Settlement = z.infer<typeof settlementSchema>;

/**
 * What `flows` and `home` must agree with: at least one flow; a flow's deadlines set in
 * `deadlines` (its registry defaults may be unset, as before flows could be chosen: an unset one is
 * skipped); sign-in kinds the flow takes; a home that is offered and has a sign-in page; and
 * claims.vinOnlySignIn only without `flows` (with them, the VIN is a flow's sign-in kind: one
 * setting for one thing).
 */
function checkOfferedFlows(
  settlement: Pick<Settlement, "flows" | "home" | "claims" | "deadlines">,
  ctx: z.RefinementCtx,
) {
  const offered = settlement.flows && (Object.keys(settlement.flows) as FormType[]);
  if (offered?.length === 0)
    ctx.addIssue({ code: "custom", path: ["flows"], message: "A settlement offers at least one flow" });
  for (const formType of offered ?? []) {
    const { deadlines = [], signIn = [] } = settlement.flows?.[formType] ?? {};
    for (const [index, key] of deadlines.entries()) {
      if (!settlement.deadlines.settings[key])
        ctx.addIssue({
          code: "custom",
          path: ["flows", formType, "deadlines", index],
          message: `the deadline "${key}" is not set in deadlines`,
        });
    }
    if (signIn.includes("open") && signIn.length > 1)
      ctx.addIssue({
        code: "custom",
        path: ["flows", formType, "signIn"],
        message: `"open" stands alone: a flow without notices asks no credentials (offer a second flow for those with a notice)`,
      });
    if (settlement.flows?.[formType]?.emailField && !signIn.includes("open"))
      ctx.addIssue({
        code: "custom",
        path: ["flows", formType, "emailField"],
        message: `emailField is for the "open" sign-in, where the e-mail address is who the claimant is`,
      });
    if (settlement.flows?.[formType]?.lastNameField && !FLOWS[formType].filesClaims)
      ctx.addIssue({
        code: "custom",
        path: ["flows", formType, "lastNameField"],
        message: `lastNameField is for a flow that files claims: ${formType} files none`,
      });
    const takes = FLOWS[formType].signInKinds;
    for (const [index, kind] of signIn.entries()) {
      if (!takes.includes(kind))
        ctx.addIssue({
          code: "custom",
          path: ["flows", formType, "signIn", index],
          message: `${formType} does not take the sign-in kind "${kind}" (${takes.length > 0 ? `it takes ${takes.join(", ")}` : "it has no sign-in"})`,
        });
    }
  }
  const { home } = settlement;
  if (home && offered && !offered.includes(home))
    ctx.addIssue({
      code: "custom",
      path: ["home"],
      message: `"${home}" is not a flow this settlement offers (flows lists ${offered.join(", ")})`,
    });
  else if (home && !FLOWS[home].filesClaims)
    ctx.addIssue({
      code: "custom",
      path: ["home"],
      message: `"${home}" has no sign-in page to start at: choose a claim flow, or leave home out for a start page`,
    });
  const vinOnly = settlement.claims.vinOnlySignIn;
  if (offered && vinOnly.length > 0)
    ctx.addIssue({
      code: "custom",
      path: ["claims", "vinOnlySignIn"],
      message: `with flows, a flow's sign-in kinds are its signIn (flows.${vinOnly[0]}.signIn: ["notice", "vin"])`,
    });
}

/** The Settlement Administrator's contact details for a culture (every culture has them: checked at start-up). */
export function contactFor(settlement: Pick<Settlement, "contact">, culture: string) {
  return settlement.contact[culture] ?? settlement.contact.en!;
}

/** A localized text in the given culture. Cultures are checked at start-up, so one is always there. */
export function localize(text: LocalizedText, culture: string): string {
  return typeof text === "string" ? text : (text[culture] ?? text.en ?? "");
}
