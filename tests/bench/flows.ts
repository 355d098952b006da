import { call } from "./http-client.ts";
import { STANDARD_CLAIMANT, STANDARD_DETAILS } from "#tests/support/demo-answers.ts";

/** Accepted by the local stand-in for the captcha provider's siteverify (tests/support/fake-siteverify.ts). */
export const CAPTCHA_TOKEN = "pass-bench";

/** One claimant's cookie and the CSRF token of its session. */
export interface Session {
  cookie: string;
  csrf: string;
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const URLENCODED = { "content-type": "application/x-www-form-urlencoded" };

function expectStatus(reply: { status: number; body: string }, status: number, what: string) {
  if (reply.status !== status) throw new Error(`${what}: ${reply.status} ${reply.body.slice(0, 200)}`);
}

/** A new session: its cookie from the start page, and the page's CSRF token. */
export async function startSession(base: string, path = "/standard"): Promise<Session> {
  const page = await call(`${base}${path}`);
  const cookie = String(page.headers["set-cookie"] ?? "").split(";")[0]!;
  const csrf = /name="csrf" value="([^"]+)"/.exec(page.body)?.[1] ?? /value="([^"]+)" name="csrf"/.exec(page.body)?.[1];
  if (!cookie || !csrf) throw new Error(`No session from ${path}`);
  return { cookie, csrf };
}

async function post(base: string, session: Session, path: string, fields: Record<string, string>, expected = 303) {
  const reply = await call(`${base}${path}`, { method: "POST", headers: { ...URLENCODED, cookie: session.cookie, origin: base }, body: form({ csrf: session.csrf, ...fields }) });
  expectStatus(reply, expected, `POST ${path}`);
  return reply;
}

/**
 * A complete standard claim as a browser without JavaScript files it, its POSTs only (each step
 * answered and redirected; no page rendered in between): sign in, three steps, the documents step
 * (a document uploaded when given), the signed summary.
 */
export async function fileStandardClaim(base: string, document?: Buffer): Promise<void> {
  const session = await startSession(base);
  await post(base, session, "/standard", { "credentials.claimId": "10000002", "credentials.pin": "654321", captchaToken: CAPTCHA_TOKEN });
  await post(base, session, "/standard/claimant-info", STANDARD_CLAIMANT);
  await post(base, session, "/standard/claim-details", STANDARD_DETAILS);
  await post(base, session, "/standard/payment-election", { "paymentElection.paymentMethod": "check" });
  if (document) {
    const body = new FormData();
    body.append("csrf", session.csrf);
    body.append("records", "documentContexts");
    body.append("record", "new");
    body.append("intent", "upload");
    body.append("documentContexts.documentKind", "receipt");
    body.append("documentContexts.file", new File([new Uint8Array(document)], "receipt.pdf"));
    const reply = await call(`${base}/standard/supporting-documents`, { method: "POST", headers: { cookie: session.cookie, origin: base }, body });
    expectStatus(reply, 303, "upload");
  }
  await post(base, session, "/standard/supporting-documents", { intent: "continue" });
  await post(base, session, "/standard/claim-summary", { "signature.attestation": "on", "signature.signature": "Bo Lee", captchaToken: CAPTCHA_TOKEN });
}

const apiAnswers = {
  claimantInfo: Object.fromEntries(Object.entries(STANDARD_CLAIMANT).map(([name, value]) => [name.split(".")[1], value])),
  claimDetails: Object.fromEntries(Object.entries(STANDARD_DETAILS).map(([name, value]) => [name.split(".")[1], value])),
  paymentElection: { paymentMethod: "check" },
  signature: { attestation: true, signature: "Bo Lee" },
  reCaptchaResponse: CAPTCHA_TOKEN,
};

/** A complete standard claim through the JSON API: a session, authorize, submit (with a document when given). */
export async function fileStandardClaimByApi(base: string, document?: Buffer): Promise<void> {
  const csrf = await call(`${base}/api/csrf`);
  const cookie = String(csrf.headers["set-cookie"] ?? "").split(";")[0]!;
  const token = (JSON.parse(csrf.body) as { requestToken: string }).requestToken;
  const headers = { cookie, "x-csrf-token": token };
  const authorized = await call(`${base}/api/forms/standard/authorize`, {
    method: "POST",
    headers: { ...headers, "content-type": "application/json" },
    body: JSON.stringify({ credentials: { claimId: "10000002", pin: "654321" }, reCaptchaResponse: CAPTCHA_TOKEN }),
  });
  expectStatus(authorized, 200, "authorize");
  const body = new FormData();
  for (const [name, value] of Object.entries(apiAnswers)) body.append(name, JSON.stringify(value));
  if (document) {
    body.append("documentContexts", JSON.stringify([{ clientId: "doc-aaaaaaaa", fields: { name: "receipt.pdf", documentKind: "receipt" } }]));
    body.append("documents", new File([new Uint8Array(document)], "doc-aaaaaaaa"));
  }
  expectStatus(await call(`${base}/api/forms/standard`, { method: "POST", headers, body }), 200, "submit");
}
