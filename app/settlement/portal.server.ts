import { readFileSync } from "node:fs";
import path from "node:path";
import type { DeadlineSettings } from "#app/deadlines/deadline-settings.ts";
import type { FormType } from "#app/flow-registry/form-type.ts";
import { deadlineTexts } from "#app/deadlines/dynamic-texts.ts";
import { fieldsOfBlocks, type FormDefinition } from "#app/forms/form-definition.ts";
import { countryNames } from "#app/forms/places.ts";
import { loadFormDefinitions } from "#app/forms/form-definitions.server.ts";
import { loadLocales, type Messages } from "#app/i18n/locales.server.ts";
import { configErrorFromZod, SettlementConfigError } from "./config-error.ts";
import { type Settlement, settlementSchema } from "./settlement-schema.ts";
import { log } from "#app/log.server.ts";
import { testSiteKeyBehaviour } from "#app/captcha/turnstile-test-keys.ts";

/** One settlement, loaded and checked: what every request is served from. */
export interface Portal {
  settlementDir: string;
  settlement: Settlement;
  deadlines: DeadlineSettings;
  /** Per culture: the locale texts plus the dynamic deadline texts (SPEC §3 "dynamic localizations"). */
  messages: Record<string, Messages>;
  /** Each form type's models and pages. */
  forms: Record<FormType, FormDefinition>;
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
  const locales = loadLocales(localesDir, settlementDir, settlement.cultures);
  const messages = Object.fromEntries(
    // Country names come from Intl as "Country_XX" texts (a locale file may still name one itself),
    // so the browser gets them with the other texts, cached, not with every page.
    settlement.cultures.map((culture) => [
      culture,
      { ...countryTexts(culture), ...locales[culture], ...deadlineTexts(deadlines.settings, culture) },
    ]),
  );
  const forms = loadFormDefinitions(settlementDir);
  if (settlement.captcha.provider === "test" && process.env.NODE_ENV === "production") {
    throw new SettlementConfigError(
      `Invalid settlement configuration:\n  ${file}: at captcha.provider: the "test" provider accepts a fixed token and cannot be used in production`,
    );
  }
  warnOfVinSignIn(file, settlement, forms);
  warnOfTestSiteKey(file, settlement);
  return {
    settlementDir,
    settlement: { ...settlement, deadlines },
    deadlines: deadlines.settings,
    messages,
    forms,
  };
}

/**
 * A sign-in page should ask for a VIN on its own exactly when the flow accepts one
 * (claims.vinOnlySignIn): otherwise claimants are offered a way in that is refused, or told of none.
 */
function warnOfVinSignIn(
  file: string,
  settlement: Pick<Settlement, "claims">,
  forms: Record<FormType, FormDefinition>,
) {
  for (const formType of ["automotive", "reimbursement", "standard"] as const) {
    const asksForVin = fieldsOfBlocks(forms[formType].pages.index?.blocks ?? []).some((path) => path.endsWith(".vin"));
    const accepts = (settlement.claims.vinOnlySignIn as string[]).includes(formType);
    if (asksForVin === accepts) continue;
    const message = asksForVin
      ? `${formType}'s sign-in page asks for a VIN, but claims.vinOnlySignIn does not list ${formType}: a VIN alone will be refused there`
      : `claims.vinOnlySignIn lists ${formType}, but its sign-in page asks for no VIN`;
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

let portal: Portal | undefined;

/** The settlement named by SETTLEMENT_DIR (default settlements/demo), loaded once per process. */
export function getPortal(): Portal {
  portal ??= loadPortal(path.resolve(process.env.SETTLEMENT_DIR ?? "settlements/demo"));
  return portal;
}
