import { getOnly, getOnlyLoader } from "#app/http/api-error.server.ts";
import { json } from "#app/http/json.server.ts";
import { getPortal } from "#app/settlement/portal.server.ts";

export const TURNSTILE_SCRIPT_URL = "https://challenges.cloudflare.com/turnstile/v0/api.js";

/** GET /api/captcha (SPEC §3 captcha config): what the browser needs to run the widget; never the secret. */
function read() {
  const { captcha } = getPortal().settlement;
  return json({
    enabled: captcha.enabled || process.env.NODE_ENV === "production",
    provider: captcha.provider,
    siteKey: captcha.siteKey,
    url: captcha.provider === "turnstile" ? TURNSTILE_SCRIPT_URL : null,
    class: "cf-turnstile",
  });
}

/** This address takes a GET: any other method is 405, Allow: GET, HEAD. */
export const action = getOnly;

export const loader = getOnlyLoader(read);
