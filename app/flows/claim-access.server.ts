import { data, redirect, type RouterContextProvider } from "react-router";
import { captchaProof, captchaSettings } from "#app/captcha/captcha.server.ts";
import { CAPTCHA_ERROR_NAME, type CaptchaSettings } from "#app/captcha/captcha-fields.ts";
import {
  type AccessibleClaim,
  accessibleClaims,
  findClaimByCode,
  membersSignIn,
  signInAsMember,
} from "#app/claims/claim-access.server.ts";
import { requestNow } from "#app/clock.server.ts";
import { readPostedForm } from "#app/http/form-body.server.ts";
import { getCulture, getTranslate } from "#app/i18n/culture-middleware.server.ts";
import { csrfToken } from "#app/session/csrf.server.ts";
import { ensureSessionId } from "#app/session/session-cookie.server.ts";
import { getPortal } from "#app/settlement/portal.server.ts";

/**
 * The door of claim access (app/claims/claim-access.server.ts) for the pages behind it: claim
 * status, documents for a filed claim, change of address. Each page's loader calls
 * loadClaimAccess (what the session may see, and the find form for when it sees nothing or asks to
 * find another claim), and its action, for a post with `intent=find`, calls findClaim. The form
 * itself is app/components/ClaimAccessForm.tsx.
 */

/** How the claimant finds their claim: by its reference code, or by signing in with their notice's Claim ID and PIN. */
export type AccessMethod = "code" | "member";

/** The query that asks a page for the find form (`?find=code`, `?find=member`), even with claims found. */
export const FIND_PARAM = "find";

/** The longest answer a field of the form takes: a name, an address, a code are far shorter. */
const MAX_ANSWER = 200;

/** What the find form needs to render: no claim's data. */
export interface ClaimAccessForm {
  method: AccessMethod;
  csrfToken: string;
  captcha: CaptchaSettings;
  /** An open flow is offered: its claims are found by the e-mail address too. */
  askEmail: boolean;
  /** A flow signs members in with a notice: the Claim ID and PIN are offered. */
  membersSignIn: boolean;
  /** Whether the page shows the form (nothing found yet, or another asked for). */
  shown: boolean;
}

/** A refused find, as the page shows it: the message of each field, the form's own, and what was typed (never the PIN). */
export interface ClaimAccessAnswer {
  method: AccessMethod;
  errors: Record<string, string>;
  values: Record<string, string>;
}

interface PageArgs {
  request: Request;
  context: Readonly<RouterContextProvider>;
  /** The page's address as the route sees it (request.url is the data request's, /claim/status.data, with JavaScript). */
  url: URL;
}

/**
 * For a page's loader: the claims this session may see (server-side: a page sends the browser only
 * what it shows of them), the find form, and the headers to answer with (a new session's cookie).
 */
export async function loadClaimAccess({ request, url }: Pick<PageArgs, "request" | "url">): Promise<{
  claims: AccessibleClaim[];
  form: ClaimAccessForm;
  headers: HeadersInit;
}> {
  const now = requestNow(request);
  const { sessionId, setCookie } = await ensureSessionId(request);
  const claims = await accessibleClaims(sessionId, now);
  const members = membersSignIn();
  const asked = url.searchParams.get(FIND_PARAM);
  return {
    claims,
    form: {
      method: asked === "member" && members ? "member" : "code",
      csrfToken: csrfToken(sessionId),
      captcha: captchaSettings(getPortal().settlement, sessionId, now),
      askEmail: getPortal().flows.some((flow) => flow.signIn.includes("open")),
      membersSignIn: members,
      shown: claims.length === 0 || asked !== null,
    },
    headers: setCookie ? { "Set-Cookie": setCookie } : {},
  };
}

/**
 * For a page's action: the find form posted. Found, the claimant is sent to the page's address
 * without the find query (post/redirect/get) with the session's new cookie; else the page again,
 * with the message (the same for an unknown code and a wrong name) and the refusal's status.
 */
export async function findClaim({ request, context, url }: PageArgs) {
  const text = getTranslate(context);
  const culture = getCulture(context);
  const now = requestNow(request);
  const { sessionId } = await ensureSessionId(request);
  const fields = await readPostedForm(request, sessionId, text);
  const method: AccessMethod = fields.get("method") === "member" ? "member" : "code";
  const typed = (name: string) => (fields.get(name) ?? "").trim();
  const values: Record<string, string> =
    method === "member"
      ? { claimId: typed("claimId") }
      : { referenceCode: typed("referenceCode"), lastName: typed("lastName"), email: typed("email") };
  const refuse = (errors: Record<string, string>, status: number) =>
    data({ access: { method, errors, values } satisfies ClaimAccessAnswer }, { status });

  const missing: Record<string, string> = {};
  const tooLong = [...Object.values(values), typed("pin")].some((value) => value.length > MAX_ANSWER);
  if (method === "member") {
    if (!values.claimId) missing.claimId = text("Access_ClaimIdRequired");
    if (!typed("pin")) missing.pin = text("Access_PinRequired");
  } else {
    if (!values.referenceCode) missing.referenceCode = text("Access_ReferenceCodeRequired");
    if (!values.lastName && !values.email) missing.lastName = text("Access_LastNameRequired");
  }
  if (Object.keys(missing).length > 0) return refuse(missing, 400);
  if (tooLong) return refuse({ "": text("Access_NotFound") }, 400);

  const requester = { sessionId, context, now };
  const captcha = captchaProof(fields);
  const outcome =
    method === "member"
      ? await signInAsMember({ claimId: values.claimId ?? "", pin: typed("pin"), captcha, requester, text, culture })
      : await findClaimByCode({
          referenceCode: values.referenceCode ?? "",
          lastName: values.lastName,
          email: values.email,
          captcha,
          requester,
          text,
          culture,
        });
  if (outcome.ok) {
    const back = new URL(url);
    back.searchParams.delete(FIND_PARAM);
    return redirect(`${back.pathname}${back.search}`, { status: 303, headers: { "Set-Cookie": outcome.setCookie } });
  }
  // A captcha not passed (a provider out of reach too: the sum is offered there then) is shown at
  // the captcha; everything else, above the form.
  if (outcome.reason === "captcha") return refuse({ [CAPTCHA_ERROR_NAME]: text(outcome.key) }, outcome.status);
  if (outcome.reason === "lockedOut") return refuse({ "": outcome.message }, 429);
  return refuse({ "": text(outcome.key) }, outcome.status);
}
