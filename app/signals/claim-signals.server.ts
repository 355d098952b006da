import { createHmac, hkdfSync } from "node:crypto";
import type { CaptchaProof } from "#app/captcha/captcha.server.ts";
import type { FormDefinition } from "#app/forms/form-definition.ts";
import { modelKey } from "#app/forms/form-definition.ts";
import { sensitivePaths } from "#app/forms/sensitive-fields.ts";
import type { ModelValues } from "#app/forms/field-answers.ts";
import type { RouterContextProvider } from "react-router";
import { PAGE_POST_HEADER } from "#app/http/page-post.ts";
import { clientAddressContext } from "#app/request-context.ts";
import { fieldKeys } from "#app/security/field-keys.server.ts";
import type { ClaimSignal, ClaimSignalKind, FilingSignals } from "#app/storage/claim-events.ts";
import { emailAddressText } from "./email-address.ts";
import { mailingAddressText } from "./mailing-address.ts";
import { networkPrefix } from "./network.ts";
import { userAgentFamily } from "./user-agent.ts";

/**
 * Filings quicker than this from signing in are faster than a person could type a claim (a name,
 * an address, an e-mail address twice, the claim's own questions and a signature): a script's.
 */
export const FAST_FILING_SECONDS = 60;

/** What the request that files a claim says of its client (the pages' or the API's route). */
export interface FilingClient {
  address: string;
  userAgent: string | null;
  scripts: FilingSignals["scripts"];
}

/** The client of a filing's request: a page's form (posted by its scripts or not), or the API. */
export function filingClient(request: Request, context: Readonly<RouterContextProvider>, api = false): FilingClient {
  return {
    address: context.get(clientAddressContext),
    userAgent: request.headers.get("User-Agent"),
    scripts: api ? "api" : request.headers.has(PAGE_POST_HEADER) ? "on" : "off",
  };
}

/**
 * The key values are hashed with: derived from the oldest field key the portal knows (decision 015's
 * keys, which rotate by adding a new one first), so a rotation does not part the claims filed
 * before it from those after; its id is part of each value, so values under another key (once the
 * oldest is retired) never pass for the same.
 */
function signalKey(): { id: string; key: Buffer } {
  const keys = fieldKeys();
  const id = [...keys.byId.keys()].at(-1) ?? keys.current.id;
  const key = keys.byId.get(id) ?? keys.current.key;
  cached ??= new Map();
  let derived = cached.get(id);
  if (!derived) {
    derived = Buffer.from(hkdfSync("sha256", key, Buffer.alloc(0), "portal claim signals", 32));
    cached.set(id, derived);
  }
  return { id, key: derived };
}
let cached: Map<string, Buffer> | undefined;

/** A value as a keyed hash: the key's id, then HMAC-SHA256 of the text (hex, 32 characters of it). */
export function signalValue(kind: ClaimSignalKind, text: string): string {
  const { id, key } = signalKey();
  return `${id}:${createHmac("sha256", key).update(`${kind}\0${text}`).digest("hex").slice(0, 32)}`;
}

/** What the filing's request says of its client. */
export function filingSignals(
  client: FilingClient,
  signedInAt: number | undefined,
  captcha: CaptchaProof,
  now: number,
): FilingSignals {
  return {
    network: networkPrefix(client.address),
    clientKey: signalValue("network", client.address),
    userAgent: userAgentFamily(client.userAgent),
    secondsToFile: signedInAt === undefined ? null : Math.max(0, Math.round((now - signedInAt) / 1000)),
    scripts: client.scripts,
    captcha: captcha.token ? "turnstile" : captcha.challengeToken ? "sum" : "none",
  };
}

/** A filing's own signals across claims: its network, and whether it was filed too fast. */
export function filingClaimSignals(filing: FilingSignals): ClaimSignal[] {
  return [
    ...(filing.network === "unknown" ? [] : [{ kind: "network" as const, value: filing.network }]),
    ...(filing.secondsToFile !== null && filing.secondsToFile < FAST_FILING_SECONDS
      ? [{ kind: "fast" as const, value: "fast" }]
      : []),
  ];
}

/** The fields a form gives each signal in, by their HTML autocomplete tokens. */
const ADDRESS_TOKENS = {
  line1: ["address-line1", "street-address"],
  line2: ["address-line2"],
  city: ["address-level2"],
  subdivision: ["address-level1"],
  postalCode: ["postal-code"],
  country: ["country", "country-name"],
} as const;
const EMAIL_TOKENS = ["email"];
const PHONE_TOKENS = ["tel", "tel-national"];

/** Fields by their autocomplete token, "model.field", in definition order (a form's, kept). */
function fieldsByToken(definition: Pick<FormDefinition, "models">): Map<string, string[]> {
  let known = tokensByModels.get(definition.models);
  if (!known) {
    known = new Map();
    for (const model of definition.models)
      for (const [key, field] of Object.entries(model.fields)) {
        const token = field.autocomplete?.trim().toLowerCase().split(/\s+/).at(-1);
        if (token) known.set(token, [...(known.get(token) ?? []), `${modelKey(model)}.${key}`]);
      }
    tokensByModels.set(definition.models, known);
  }
  return known;
}
const tokensByModels = new WeakMap<FormDefinition["models"], Map<string, string[]>>();

const answerText = (models: ModelValues, path: string) => {
  const [model, key] = path.split(".") as [string, string];
  const value = models[model]?.[key];
  return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
};

/**
 * The values the answers may share with other claims' (issue 27), each a keyed hash: the bank
 * account (the form's sensitive fields, digits only, together), each e-mail address (a field whose
 * autocomplete says "email": the claimant's, a PayPal account's), each phone number (its digits),
 * and the mailing address written one way (app/signals/mailing-address.ts). Only the contact
 * details: `contactOnly` (a change of address).
 */
export function answerSignals(
  definition: Pick<FormDefinition, "models">,
  models: ModelValues,
  contactOnly = false,
): ClaimSignal[] {
  const byToken = fieldsByToken(definition);
  const fields = (tokens: readonly string[]) => tokens.flatMap((token) => byToken.get(token) ?? []);
  const signals: ClaimSignal[] = [];
  if (!contactOnly) {
    const account = sensitivePaths(definition)
      .map((path) => answerText(models, path)?.replace(/\D/g, ""))
      .filter((digits): digits is string => !!digits);
    if (account.length > 0) signals.push({ kind: "bankAccount", value: signalValue("bankAccount", account.join("/")) });
  }
  for (const path of fields(EMAIL_TOKENS)) {
    const typed = answerText(models, path);
    const email = typed && emailAddressText(typed);
    if (email) signals.push({ kind: "email", value: signalValue("email", email) });
  }
  for (const path of fields(PHONE_TOKENS)) {
    const digits = answerText(models, path)?.replace(/\D/g, "");
    // A US number with or without its country code is one number.
    if (digits) signals.push({ kind: "phone", value: signalValue("phone", digits.replace(/^1(?=\d{10}$)/, "")) });
  }
  const part = (tokens: readonly string[]) => {
    const path = fields(tokens).find((candidate) => answerText(models, candidate) !== undefined);
    return path ? answerText(models, path) : undefined;
  };
  const address = mailingAddressText({
    line1: part(ADDRESS_TOKENS.line1),
    line2: part(ADDRESS_TOKENS.line2),
    city: part(ADDRESS_TOKENS.city),
    subdivision: part(ADDRESS_TOKENS.subdivision),
    postalCode: part(ADDRESS_TOKENS.postalCode),
    country: part(ADDRESS_TOKENS.country),
  });
  if (address) signals.push({ kind: "mailingAddress", value: signalValue("mailingAddress", address) });
  return signals;
}
