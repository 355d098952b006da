import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { DeadlineKey, DeadlineSettings } from "#app/deadlines/deadline-settings.ts";
import { FLOWS } from "#app/flow-registry/flows.ts";
import { FORM_TYPES, type FormType } from "#app/flow-registry/form-type.ts";
import { deadlineTexts } from "#app/deadlines/dynamic-texts.ts";
import { fieldsOfBlocks, type FormDefinition } from "#app/forms/form-definition.ts";
import { countryNames } from "#app/forms/places.ts";
import { loadFormDefinition, loadFormDefinitions } from "#app/forms/form-definitions.server.ts";
import { loadLocales, type Messages } from "#app/i18n/locales.server.ts";
import { configErrorFromZod, SettlementConfigError } from "./config-error.ts";
import { type OfferedFlow, type OfferedFlows, offeredFlows } from "./offered-flows.ts";
import { checkOfferedFlows } from "./flow-checks.ts";
import { checkImportantDocuments, type ImportantDocumentFile } from "./important-documents.server.ts";
import { type Settlement, settlementSchema } from "./settlement-schema.ts";
import { log } from "#app/log.server.ts";
import { testSiteKeyBehaviour } from "#app/captcha/turnstile-test-keys.ts";

/** One settlement, loaded and checked: what every request is served from. */
export interface Portal extends OfferedFlows {
  settlementDir: string;
  settlement: Settlement;
  deadlines: DeadlineSettings;
  /** Per culture: the locale texts plus the dynamic deadline texts (SPEC §3 "dynamic localizations"). */
  messages: Record<string, Messages>;
  /**
   * Each offered flow's models and pages. Only the offered flows' definitions are read (a
   * settlement has no files for the others): a flow not offered has none here, and no request
   * reaches it, its pages and API answering 404 first (offeredFlow).
   */
  forms: Record<FormType, FormDefinition>;
  /** The important documents' files by name (settlement.json importantDocuments), checked at start-up: what /documents/<name> serves. */
  importantDocumentFiles: Map<string, ImportantDocumentFile>;
}

export function loadPortal(settlementDir: string, localesDir = path.resolve("locales")): Portal {
  const file = path.join(settlementDir, "settlement.json");
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === "ENOENT" ? "file not found" : (error as Error).message;
    throw new SettlementConfigError(`Invalid settlement configuration:\n  ${file}: ${reason}`);
  }
  const parsed = settlementSchema.safeParse(raw);
  if (!parsed.success) throw configErrorFromZod(file, parsed.error);
  const { deadlines, ...settlement } = parsed.data;
  const offered = offeredFlows({ ...settlement, flows: inWrittenOrder(settlement.flows, raw) });
  const locales = loadLocales(localesDir, settlementDir, settlement.cultures);
  const messages = Object.fromEntries(
    // Country names come from Intl as "Country_XX" texts (a locale file may still name one itself),
    // so the browser gets them with the other texts, cached, not with every page.
    settlement.cultures.map((culture) => [
      culture,
      {
        ...countryTexts(culture),
        ...locales[culture],
        ...closingTexts(offered.flows, deadlineTexts(deadlines.settings, culture)),
      },
    ]),
  );
  const forms = loadFormDefinitions(
    settlementDir,
    offered.flows.map(({ formType }) => formType),
  );
  if (settlement.captcha.provider === "test" && process.env.NODE_ENV === "production") {
    throw new SettlementConfigError(
      `Invalid settlement configuration:\n  ${file}: at captcha.provider: the "test" provider accepts a fixed token and cannot be used in production`,
    );
  }
  checkOfferedFlows(settlementDir, offered.flows, forms, deadlines.settings);
  const importantDocumentFiles = checkImportantDocuments(settlementDir, settlement);
  warnOfVinSignIn(file, settlement, offered.flows, forms);
  warnOfTestSiteKey(file, settlement);
  return {
    settlementDir,
    settlement: { ...settlement, deadlines },
    deadlines: deadlines.settings,
    messages,
    forms,
    importantDocumentFiles,
    ...offered,
  };
}

/**
 * `flows` in the order settlement.json lists them (its start page's order): zod gives an object's
 * keys in its schema's order, the registry's.
 */
function inWrittenOrder(flows: Settlement["flows"], raw: unknown): Settlement["flows"] {
  const written = (raw as { flows?: object }).flows;
  if (!flows || !written) return flows;
  return Object.fromEntries(Object.keys(written).map((formType) => [formType, flows[formType as FormType]]));
}

/**
 * The deadline texts, and for each flow offered "Flow_<formType>_Closes": the long form of the
 * first of its own deadlines that is set, for its start page's "Claims must be submitted online by {0}".
 */
function closingTexts(flows: OfferedFlow[], texts: Record<string, string>): Record<string, string> {
  const closing = flows.flatMap(({ formType, deadlineKeys }) => {
    const text = deadlineKeys.map((key) => texts[`Deadline_${key}_Long`]).find((long) => long !== undefined);
    return text === undefined ? [] : [[`Flow_${formType}_Closes`, text]];
  });
  return { ...texts, ...Object.fromEntries(closing) };
}

/**
 * A sign-in page should ask for a VIN on its own exactly when the flow accepts one (its sign-in
 * kind "vin": flows.<flow>.signIn, or claims.vinOnlySignIn without flows): otherwise claimants are
 * offered a way in that is refused, or told of none.
 */
function warnOfVinSignIn(
  file: string,
  settlement: Pick<Settlement, "flows">,
  flows: OfferedFlow[],
  forms: Record<FormType, FormDefinition>,
) {
  for (const { formType, signIn } of flows) {
    if (signIn.length === 0) continue;
    const asksForVin = fieldsOfBlocks(forms[formType].pages.index?.blocks ?? []).some((path) => path.endsWith(".vin"));
    const accepts = signIn.includes("vin");
    if (asksForVin === accepts) continue;
    // Named as the operator set it: without flows, the VIN sign-in is claims.vinOnlySignIn's.
    const setting = settlement.flows ? `flows.${formType}.signIn` : "claims.vinOnlySignIn";
    const listed = settlement.flows ? `"vin"` : formType;
    const message = asksForVin
      ? `${formType}'s sign-in page asks for a VIN, but ${setting} does not list ${listed}: a VIN alone will be refused there`
      : `${setting} lists ${listed}, but ${formType}'s sign-in page asks for no VIN`;
    log.warn(`${file}: ${message}`);
  }
}

/**
 * Issue 23: Cloudflare's test site keys are taken in production (the demo ships with one), but a
 * captcha that always passes stops no one, and one that always fails stops every claimant whose
 * browser runs scripts. A start-up warning, not a refusal: the demo must still run as shipped.
 */
function warnOfTestSiteKey(file: string, settlement: Pick<Settlement, "captcha">) {
  const { provider, siteKey } = settlement.captcha;
  const behaviour = provider === "turnstile" ? testSiteKeyBehaviour(siteKey) : undefined;
  if (!behaviour || process.env.NODE_ENV !== "production") return;
  log.warn(
    `${file}: at captcha.siteKey: ${siteKey} is Cloudflare's test site key that ${behaviour}, whoever is asking: set the settlement's own Turnstile site key, and CAPTCHA_SECRET_KEY`,
  );
}

function countryTexts(culture: string): Record<string, string> {
  return Object.fromEntries(Object.entries(countryNames(culture)).map(([code, name]) => [`Country_${code}`, name]));
}

/**
 * The forms a claim in the store may have been filed with: the offered flows', and those of flows
 * the settlement no longer offers whose form files it still has (what the export reads their
 * claims by).
 */
export function formsOfStoredClaims({ settlementDir, forms }: Portal): Partial<Record<FormType, FormDefinition>> {
  const kept = FORM_TYPES.filter(
    (formType) => !forms[formType] && existsSync(path.join(settlementDir, "forms", `${formType}.json`)),
  );
  return {
    ...forms,
    ...Object.fromEntries(kept.map((formType) => [formType, loadFormDefinition(settlementDir, formType)])),
  };
}

let portal: Portal | undefined;

/** A flow as the settlement offers it; undefined for a flow it does not offer (whose pages and API are not found). */
export function offeredFlow(formType: FormType): OfferedFlow | undefined {
  return getPortal().flows.find((flow) => flow.formType === formType);
}

/**
 * The deadlines that close a flow: the settlement's for it, or the registry's for a flow it does
 * not offer (whose drafts from before are purged by them).
 */
export function flowDeadlineKeys(formType: FormType): readonly DeadlineKey[] {
  return offeredFlow(formType)?.deadlineKeys ?? FLOWS[formType].deadlineKeys;
}

/** The settlement named by SETTLEMENT_DIR (default settlements/demo), loaded once per process. */
export function getPortal(): Portal {
  portal ??= loadPortal(path.resolve(process.env.SETTLEMENT_DIR ?? "settlements/demo"));
  return portal;
}
