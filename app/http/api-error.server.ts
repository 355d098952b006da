import type { RouterContextProvider } from "react-router";
import { getTranslate } from "#app/i18n/culture-middleware.server.ts";
import { createTranslate, DEFAULT_CULTURE, type Translate } from "#app/i18n/i18n.ts";
import { getPortal } from "#app/settlement/portal.server.ts";
import { json } from "./json.server.ts";

/**
 * Every refusal of the JSON API, by its stable code, with its status (docs/api.md "Errors";
 * docs/decisions/020-the-json-api-as-spec-describes-it.md). An integrator branches on the code;
 * the claimant reads `error`, localised. SPEC §8 keeps authorization at 400 (input, captcha) and
 * 401 (no such member); the other failures each have a status of their own.
 */
export const API_ERRORS = {
  /** The body, a part or a parameter is not what the endpoint takes (not JSON, not a model, no such culture). */
  invalid_request: 400,
  /** The answers break a rule of the form (`fields` says which, each with its message). */
  validation_failed: 400,
  /** The captcha token is missing or the provider refused it. */
  captcha_failed: 400,
  /** GET /api/forms/config or GET /api/signature-date asked for what is not there (SPEC §8 "Your request failed"). */
  request_failed: 400,
  /** Authorize: the Claim ID and PIN (or VIN) match no class member. */
  credentials_not_recognised: 401,
  /** The session has not signed in to this form type (or has signed out, or ended earlier). */
  not_signed_in: 401,
  /** The session signed in but has since lapsed (30 minutes idle, or past its lifetime). */
  session_expired: 401,
  /** The CSRF header is missing or not this session's. */
  csrf_invalid: 403,
  /** The flow's deadline has passed. */
  deadline_passed: 403,
  /** The submission's credentials or prepopulatedData are not the signed-in member's. */
  credentials_mismatch: 403,
  /** No such form type at this address, or nothing at all under /api/ there. */
  not_found: 404,
  /** A method the address does not take (a GET of an address that takes a POST, a POST of one that takes a GET…). */
  method_not_allowed: 405,
  /** The member has filed this claim and the settlement takes no change to it. */
  already_filed: 409,
  /** A flow without notices: someone filed a claim of it with the same e-mail address (decision 026). */
  email_already_filed: 409,
  /** The body is over the size the endpoint reads, or a part of it is. */
  too_large: 413,
  /** The body's Content-Type is not what the call reads (authorize: application/json; a submission: multipart/form-data). */
  unsupported_media_type: 415,
  /** The Claim ID is locked after too many wrong PINs (decision 011). */
  locked_out: 423,
  /** Too many attempts from this client. */
  rate_limited: 429,
  /** The captcha provider could not be reached: not the claimant's doing. */
  captcha_unavailable: 503,
  /** The database is away or dropped the connection (a restart, a failover): try again shortly (issue 23). */
  database_unavailable: 503,
} as const;

export type ApiErrorCode = keyof typeof API_ERRORS;

/** Beside code and error, what some refusals carry: the fields at fault, the code already filed, a developer's detail. */
export interface ApiErrorExtra {
  fields?: Record<string, string>;
  referenceCodeForm?: string;
  /** In English, for the integrator's log: what exactly was wrong, where `error` stays general. */
  detail?: string;
  [key: string]: unknown;
}

/** The one shape of every JSON API error: { code, error, …extra }, with the code's status. */
export function apiError(code: ApiErrorCode, error: string, extra: ApiErrorExtra = {}, init: ResponseInit = {}) {
  return json({ code, error, ...extra }, { ...init, status: API_ERRORS[code] });
}

/**
 * The `culture` query parameter an API call names (SPEC §5: culture is required). A missing or
 * unknown culture is the caller's mistake: a 400 whose detail says which cultures there are.
 */
export function requiredCulture(
  request: Request,
  text: Translate,
  code: ApiErrorCode = "invalid_request",
): string | Response {
  const culture = new URL(request.url).searchParams.get("culture");
  const { cultures } = getPortal().settlement;
  if (culture && cultures.includes(culture)) return culture;
  const message = text("Api_UnknownCulture", cultures.join(", "));
  return apiError(code, code === "request_failed" ? text("Error_RequestFailed") : message, { detail: message });
}

/**
 * Why a culture an API call was asked to speak (its `?culture=`, a submission's
 * `userPreferredCulture`) is refused: the portal does not offer it, in exactly the form it lists
 * (`en`, `es`: not `ES`, not `es-MX`). The caller's mistake, said so, never quietly answered in (and
 * stored as) the default culture. In `text`'s culture if given, else the default one. Undefined
 * when the culture is offered or none is named.
 */
export function unofferedCulture(
  culture: string | null,
  name: "culture" | "userPreferredCulture",
  text?: Translate,
): string | undefined {
  const { settlement, messages } = getPortal();
  if (culture === null || settlement.cultures.includes(culture)) return undefined;
  const say = text ?? createTranslate(messages[DEFAULT_CULTURE] ?? {});
  return say("Api_CultureNotOffered", culture, name, settlement.cultures.join(", "));
}

/**
 * What is wrong with the `?culture=` of a call, if anything: given more than once (which would it
 * be?), or a culture the portal does not offer. In the default culture: the call's own is in doubt.
 */
export function queryCultureProblem(request: Request): string | undefined {
  const given = new URL(request.url).searchParams.getAll("culture");
  if (given.length > 1)
    return createTranslate(getPortal().messages[DEFAULT_CULTURE] ?? {})("Api_RepeatedParameter", "culture");
  return unofferedCulture(given[0] ?? null, "culture");
}

/** The `?culture=` of a call, if it is refused (queryCultureProblem): the 400 invalid_request to answer. */
export function queryCultureRefusal(request: Request): Response | undefined {
  const message = queryCultureProblem(request);
  return message === undefined ? undefined : apiError("invalid_request", message);
}

/**
 * A method an API address does not take: 405 method_not_allowed, its Allow header naming the ones
 * it does (without a loader or an action, React Router answered with a 400 or 405 "Unexpected
 * Server Error" and no Allow).
 */
export function methodNotAllowed(
  request: Request,
  context: Readonly<RouterContextProvider>,
  allow: "GET" | "POST",
): Response {
  const allowed = allow === "GET" ? "GET, HEAD" : "POST";
  return apiError(
    "method_not_allowed",
    getTranslate(context)("Api_MethodNotAllowed", request.method, allowed),
    {},
    { headers: { Allow: allowed } },
  );
}

/** The loader of an address that takes only POST: every GET (and HEAD) is 405, Allow: POST. */
export function postOnly({ request, context }: { request: Request; context: Readonly<RouterContextProvider> }) {
  return methodNotAllowed(request, context, "POST");
}

/**
 * The loader of an address that takes only GET: React Router hands it every method that is not a
 * mutation (OPTIONS, TRACE…); those are 405, Allow: GET, HEAD, like a POST.
 */
export function getOnlyLoader<Args extends { request: Request; context: Readonly<RouterContextProvider> }, Result>(
  read: (args: Args) => Result,
): (args: Args) => Result | Response {
  return (args) =>
    args.request.method === "GET" || args.request.method === "HEAD"
      ? read(args)
      : methodNotAllowed(args.request, args.context, "GET");
}

/** The action of an address that takes only GET: POST, PUT, PATCH, DELETE are 405, Allow: GET, HEAD. */
export function getOnly({ request, context }: { request: Request; context: Readonly<RouterContextProvider> }) {
  return methodNotAllowed(request, context, "GET");
}

/** Whether an action of a POST-only address was reached by another method (PUT, PATCH, DELETE). */
export const notPost = (request: Request) => request.method !== "POST";
