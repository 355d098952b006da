import { call, type Reply } from "./http-client.ts";
import { STANDARD_CLAIMANT, STANDARD_DETAILS } from "#tests/support/demo-answers.ts";

/** Accepted by the local stand-in for the captcha provider's siteverify (tests/support/fake-siteverify.ts). */
export const CAPTCHA_TOKEN = "pass-bench";

/**
 * The bench's own class members, appended to its settlement's list: each claim is filed by a
 * member of its own, as in production, where one member files one claim (claims.perMember "one").
 * A shared member would not measure filing: its second claim is refused, and claimants signed in
 * as one member share one draft (claims.perMember "many" does not change that).
 */
const FIRST_BENCH_MEMBER = 50_000_000;
const pinOf = (claimId: number) => String(100_000 + (claimId % 900_000));

export function benchMemberRows(count: number): string {
  return Array.from(
    { length: count },
    (_, index) => `${FIRST_BENCH_MEMBER + index},${pinOf(FIRST_BENCH_MEMBER + index)},,,,,,,,,,\n`,
  ).join("");
}

export interface BenchMember {
  claimId: string;
  pin: string;
}

/** Hands out the bench's members in turn; running out is an error, never a reuse. */
export function memberPool(count: number) {
  let next = 0;
  return (): BenchMember => {
    if (next >= count) throw new UnexpectedReply(`all ${count} bench members have filed a claim: raise BENCH_MEMBERS`);
    const claimId = FIRST_BENCH_MEMBER + next++;
    return { claimId: String(claimId), pin: pinOf(claimId) };
  };
}

/** A claim the bench filed, to be read back from the store before it is counted. */
export interface FiledClaim {
  claimId: string;
  /** The flow it was filed in: standard unless said (tests/bench/capacity.ts files reimbursement claims too). */
  formType?: "standard" | "reimbursement";
  /** Known when the portal answers with it (the JSON API); the pages flow's is read from the store. */
  referenceCode?: string;
  document?: Buffer;
}

/**
 * A reply the flow did not expect: a status, a redirect elsewhere (a 303 to /session-expired is
 * not a step saved), a body without what it should hold. The run stops on the first one.
 */
export class UnexpectedReply extends Error {
  override name = "UnexpectedReply";
}

/** One claimant's browser: its cookie (renewed at sign-in, as the portal renews the session id) and the CSRF token of the page it last loaded. */
interface Session {
  cookie: string;
  csrf: string;
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const URLENCODED = { "content-type": "application/x-www-form-urlencoded" };

/** Keeps a cookie the reply sets, as a browser does. */
function remember(session: Session, reply: Reply): Reply {
  const setCookie = reply.headers["set-cookie"];
  const cookie = (Array.isArray(setCookie) ? setCookie[0] : setCookie)?.split(";")[0];
  if (cookie) session.cookie = cookie;
  return reply;
}

function expectReply(reply: Reply, what: string, status: number, location?: RegExp): Reply {
  const at = reply.headers.location ? ` to ${String(reply.headers.location)}` : "";
  if (reply.status !== status || (location && !location.test(String(reply.headers.location ?? "")))) {
    throw new UnexpectedReply(
      `${what}: expected ${status}${location ? ` to ${location.source}` : ""}, got ${reply.status}${at}${reply.status === 303 ? "" : `: ${reply.body.replace(/\s+/g, " ").slice(0, 200)}`}`,
    );
  }
  return reply;
}

function csrfOf(reply: Reply, what: string): string {
  const csrf =
    /name="csrf" value="([^"]+)"/.exec(reply.body)?.[1] ?? /value="([^"]+)" name="csrf"/.exec(reply.body)?.[1];
  if (!csrf) throw new UnexpectedReply(`${what}: no CSRF token in the page`);
  return csrf;
}

async function get(base: string, session: Session, path: string): Promise<Reply> {
  const reply = remember(
    session,
    expectReply(
      await call(`${base}${path}`, { headers: session.cookie ? { cookie: session.cookie } : {} }),
      `GET ${path}`,
      200,
    ),
  );
  session.csrf = csrfOf(reply, `GET ${path}`);
  return reply;
}

async function post(
  base: string,
  session: Session,
  path: string,
  fields: Record<string, string>,
  next: RegExp,
): Promise<Reply> {
  const reply = await call(`${base}${path}`, {
    method: "POST",
    headers: { ...URLENCODED, cookie: session.cookie, origin: base },
    body: form({ csrf: session.csrf, ...fields }),
  });
  return remember(session, expectReply(reply, `POST ${path}`, 303, next));
}

/**
 * A complete standard claim as a browser without JavaScript files it: the start page, the sign-in
 * (which renews the session id: the new cookie is kept, and the next page, which the redirect
 * leads to, gives the new session's CSRF token), three steps, the documents step (a document
 * uploaded when given), the signed summary. Each POST must be answered with a redirect to the
 * next step; no other page is rendered in between. 8 requests, 9 with a document.
 */
export async function fileStandardClaim(base: string, member: BenchMember, document?: Buffer): Promise<FiledClaim> {
  const session: Session = { cookie: "", csrf: "" };
  await get(base, session, "/standard");
  await post(
    base,
    session,
    "/standard",
    { "credentials.claimId": member.claimId, "credentials.pin": member.pin, captchaToken: CAPTCHA_TOKEN },
    /^\/standard\/claimant-info$/,
  );
  await get(base, session, "/standard/claimant-info");
  await post(base, session, "/standard/claimant-info", STANDARD_CLAIMANT, /^\/standard\/claim-details\?saved=1$/);
  await post(base, session, "/standard/claim-details", STANDARD_DETAILS, /^\/standard\/payment-election\?saved=1$/);
  await post(
    base,
    session,
    "/standard/payment-election",
    { "paymentElection.paymentMethod": "check" },
    /^\/standard\/supporting-documents\?saved=1$/,
  );
  if (document) {
    const body = new FormData();
    body.append("csrf", session.csrf);
    body.append("records", "documentContexts");
    body.append("record", "new");
    body.append("intent", "upload");
    body.append("documentContexts.documentKind", "receipt");
    body.append("documentContexts.file", new File([new Uint8Array(document)], "receipt.pdf"));
    const reply = await call(`${base}/standard/supporting-documents`, {
      method: "POST",
      headers: { cookie: session.cookie, origin: base },
      body,
    });
    remember(
      session,
      expectReply(reply, "upload", 303, /^\/standard\/supporting-documents(\?[^#]*)?#records-documentContexts$/),
    );
  }
  await post(
    base,
    session,
    "/standard/supporting-documents",
    { intent: "continue" },
    /^\/standard\/claim-summary\?saved=1$/,
  );
  await post(
    base,
    session,
    "/standard/claim-summary",
    { "signature.attestation": "on", "signature.signature": "Bo Lee", captchaToken: CAPTCHA_TOKEN },
    /^\/standard\/confirmation$/,
  );
  return { claimId: member.claimId, document };
}

const apiAnswers = {
  claimantInfo: Object.fromEntries(
    Object.entries(STANDARD_CLAIMANT).map(([name, value]) => [name.split(".")[1], value]),
  ),
  claimDetails: Object.fromEntries(
    Object.entries(STANDARD_DETAILS).map(([name, value]) => [name.split(".")[1], value]),
  ),
  paymentElection: { paymentMethod: "check" },
  signature: { attestation: true, signature: "Bo Lee" },
  reCaptchaResponse: CAPTCHA_TOKEN,
};

function json<T>(reply: Reply, what: string): T {
  try {
    return JSON.parse(reply.body) as T;
  } catch {
    throw new UnexpectedReply(`${what}: not JSON: ${reply.body.slice(0, 200)}`);
  }
}

/**
 * A complete standard claim through the JSON API: a session and its token, authorize (which
 * renews the session id: its new cookie and the token it answers are used after), submit (with a
 * document when given). 3 requests.
 */
export async function fileStandardClaimByApi(
  base: string,
  member: BenchMember,
  document?: Buffer,
): Promise<FiledClaim> {
  const session: Session = { cookie: "", csrf: "" };
  session.csrf = json<{ requestToken: string }>(
    remember(session, expectReply(await call(`${base}/api/csrf`), "GET /api/csrf", 200)),
    "GET /api/csrf",
  ).requestToken;
  const authorized = await call(`${base}/api/forms/standard/authorize`, {
    method: "POST",
    headers: { cookie: session.cookie, "x-csrf-token": session.csrf, "content-type": "application/json" },
    body: JSON.stringify({
      credentials: { claimId: member.claimId, pin: member.pin },
      reCaptchaResponse: CAPTCHA_TOKEN,
    }),
  });
  const answer = json<{ authorized?: boolean; csrf?: { requestToken?: string } }>(
    remember(session, expectReply(authorized, "authorize", 200)),
    "authorize",
  );
  if (!answer.authorized || !answer.csrf?.requestToken)
    throw new UnexpectedReply(`authorize: not authorized, or no new CSRF token: ${authorized.body.slice(0, 200)}`);
  session.csrf = answer.csrf.requestToken;
  const body = new FormData();
  for (const [name, value] of Object.entries(apiAnswers)) body.append(name, JSON.stringify(value));
  if (document) {
    body.append(
      "documentContexts",
      JSON.stringify([{ clientId: "doc-aaaaaaaa", fields: { name: "receipt.pdf", documentKind: "receipt" } }]),
    );
    body.append("documents", new File([new Uint8Array(document)], "doc-aaaaaaaa"));
  }
  const submitted = await call(`${base}/api/forms/standard`, {
    method: "POST",
    headers: { cookie: session.cookie, "x-csrf-token": session.csrf },
    body,
  });
  const { referenceCodeForm } = json<{ referenceCodeForm?: string }>(expectReply(submitted, "submit", 200), "submit");
  if (!referenceCodeForm) throw new UnexpectedReply(`submit: no reference code: ${submitted.body.slice(0, 200)}`);
  return { claimId: member.claimId, referenceCode: referenceCodeForm, document };
}
