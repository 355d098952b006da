import { z } from "zod";
import { deadlinesSchema } from "#app/deadlines/deadline-settings.ts";
import { FILE_TYPE_NAMES } from "#app/documents/file-types.ts";
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

/**
 * Who may file what (issue 10; docs/configuration.md "claims"): how many claims one class member
 * files per form type, which flows accept a VIN alone to sign in (the claim is then unverified and
 * the claimant enters their own details), and how long drafts are kept after a flow's deadline.
 */
const claims = z.strictObject({
  perMember: z.enum(["one", "amend", "many"]).default("one"),
  vinOnlySignIn: z.array(z.enum(["automotive", "reimbursement"])).default([]),
  draftRetentionDays: z.int().min(0).default(30),
});

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
    analyticsTagId: z.string().optional(),
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
      ...settlement.banner.copy.map((line, index): [Array<string | number>, LocalizedText] => [
        ["banner", "copy", index],
        line,
      ]),
    ];
    for (const [path, text] of texts) {
      if (typeof text !== "object") continue;
      for (const culture of settlement.cultures) {
        if (!text[culture]) ctx.addIssue({ code: "custom", path, message: `No text for culture "${culture}"` });
      }
    }
    if (settlement.banner.showBanner && !settlement.banner.header && settlement.banner.copy.length === 0) {
      ctx.addIssue({
        code: "custom",
        path: ["banner"],
        message: "showBanner is true but the banner has no header and no copy",
      });
    }
  });

export type Settlement = z.infer<typeof settlementSchema>;

/** The Settlement Administrator's contact details for a culture (every culture has them: checked at start-up). */
export function contactFor(settlement: Pick<Settlement, "contact">, culture: string) {
  return settlement.contact[culture] ?? settlement.contact.en!;
}

/** A localized text in the given culture. Cultures are checked at start-up, so one is always there. */
export function localize(text: LocalizedText, culture: string): string {
  return typeof text === "string" ? text : (text[culture] ?? text.en ?? "");
}
