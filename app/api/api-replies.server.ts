import type { RouterContextProvider } from "react-router";
import type { CaptchaRefused } from "#app/claims/captcha-check.server.ts";
import { passedDeadline } from "#app/deadlines/deadline-guard.ts";
import type { FormType } from "#app/flow-registry/form-type.ts";
import type { ModelConfig } from "#app/forms/definition-schema.ts";
import { type FormDefinition, fieldsOfBlocks, modelKey } from "#app/forms/form-definition.ts";
import { failureText } from "#app/forms/rules.ts";
import type { validateStep } from "#app/forms/validate-step.ts";
import type { ApiErrorCode, ApiErrorExtra } from "#app/http/api-error.server.ts";
import { readJson } from "#app/http/json.server.ts";
import type { Translate } from "#app/i18n/i18n.ts";
import { flowDeadlineKeys, getPortal } from "#app/settlement/portal.server.ts";

/** What the JSON API's form calls (authorize, submit) share: reading their parts, wording their refusals. */

/** The credentials of a sign-in page that asks for none (the open sign-in): no field to send. */
const NO_CREDENTIALS: ModelConfig = {
  metadataHash: "credentials",
  metadata: { dtoMapping: "Credentials" },
  fields: {},
};

/**
 * The model the index page asks for: credentials (or, for lookup, the VIN). A flow with the open
 * sign-in asks none: its credentials model, if the form has one, with no field asked (a value
 * sent for one is refused, as for any field a form does not ask), else a model of no fields.
 */
export function signInModel(definition: FormDefinition): ModelConfig {
  const key = fieldsOfBlocks(definition.pages.index!.blocks)[0]?.split(".")[0] ?? "credentials";
  return definition.models.find((model) => modelKey(model) === key) ?? NO_CREDENTIALS;
}

export interface ApiArgs {
  request: Request;
  formType: FormType;
  context: Readonly<RouterContextProvider>;
}

export function parseJson(text: string): unknown {
  try {
    return readJson(text);
  } catch {
    return undefined;
  }
}

/** Each field's first failure, by "model.field": `fields` of a validation_failed refusal. */
export function fieldMessages(
  errors: ReturnType<typeof validateStep>["errors"],
  text: Translate,
): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).map(([path, failures]) => [path, failureText(text, failures[0]!)]));
}

/** Every field's message in one text, as SPEC §8 shows a 400's error: "claimantInfo.firstName: Value is required; …". */
export function fieldsText(fields: Record<string, string>): string {
  return Object.entries(fields)
    .map(([path, message]) => `${path}: ${message}`)
    .join("; ");
}

/** A validation_failed refusal: `error` lists every field's message, `fields` has each (apiError's arguments). */
export function validationFailed(fields: Record<string, string>): [ApiErrorCode, string, ApiErrorExtra] {
  return ["validation_failed", fieldsText(fields), { fields }];
}

/** A captcha refused: the claimant's to redo (400), too often from this address (429), or the provider's failure (503). */
export function captchaFailed({ status, key }: CaptchaRefused, text: Translate): [ApiErrorCode, string] {
  const code = status === 429 ? "rate_limited" : status === 503 ? "captcha_unavailable" : "captcha_failed";
  return [code, text(key)];
}

/** The deadline guard for API calls, which are not under the flow routes. */
export function deadlinePassed(formType: FormType, now: number): boolean {
  return !!passedDeadline(getPortal().deadlines, flowDeadlineKeys(formType), now);
}

/** SPEC §3 sends the captcha token as reCaptchaResponse; some clients send it as captchaRawValue. */
export function captchaToken(reCaptchaResponse: unknown, captchaRawValue: unknown): string | null {
  for (const value of [reCaptchaResponse, captchaRawValue]) if (typeof value === "string" && value) return value;
  return null;
}
