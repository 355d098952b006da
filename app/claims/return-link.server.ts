import { passedDeadline } from "#app/deadlines/deadline-guard.ts";
import { emailSettings } from "#app/email/email-settings.server.ts";
import { wakeEmailSender } from "#app/email/outbox-sender.server.ts";
import type { FormType } from "#app/flow-registry/form-type.ts";
import { DEFAULT_CULTURE } from "#app/i18n/i18n.ts";
import { DEFAULT_EMAIL_FIELD } from "#app/settlement/offered-flows.ts";
import {
  newReturnLinkId,
  RETURN_LINK_SLOT,
  returnLinkEmailKey,
  returnLinkToken,
  returnLinkTokenHash,
} from "#app/security/return-link-token.server.ts";
import { newSessionId } from "#app/session/session-cookie.server.ts";
import { flowDeadlineKeys, getPortal, offeredFlow } from "#app/settlement/portal.server.ts";
import { contactFor } from "#app/settlement/settlement-schema.ts";
import { getStore } from "#app/storage/store.server.ts";
import type { Claim, Draft, NewEmail, SignIn } from "#app/storage/store.ts";
import { claimantDay, claimantEmail } from "./claim-email.server.ts";
import type { Flow } from "./claim-flow.ts";
import { type ClaimantSession, filedClaim, renewSessionId } from "./claimant-session.server.ts";
import { emailKey } from "./open-claims.server.ts";

/**
 * The open flow's return link (decision 032). A claimant without a notice is known by nothing but
 * their session, so their draft died with it; once they give their e-mail address (and e-mail is
 * on), the draft becomes a link's (owner "link:<id>") and they are e-mailed a link that signs a
 * browser in to it, on any device, until the claim is filed or the flow's drafts are purged.
 */

/** When the flow stops taking claims: the first of its deadlines. A draft is of use until then. */
function flowClosesAt(formType: FormType): number | undefined {
  const { deadlines } = getPortal();
  const closing = flowDeadlineKeys(formType).flatMap((key) => deadlines[key]?.closesAt ?? []);
  return closing.length ? Math.min(...closing) : undefined;
}

/** Whether the session's claimant gets a return link: an open sign-in, with e-mail on. */
function hasReturnLinks(formType: FormType, signIn: Pick<SignIn, "method">): boolean {
  return signIn.method === "open" && !!offeredFlow(formType)?.signIn.includes("open") && !!emailSettings();
}

/** The message of a return link, in the claimant's language: the token's slot is filled as it is sent. */
function returnLinkEmail(flow: Flow, linkId: string, to: string): NewEmail {
  const { formType, culture, text } = flow;
  const { portalUrl } = emailSettings()!;
  const { settlementName, phone, email } = contactFor(getPortal().settlement, culture);
  const query = culture === DEFAULT_CULTURE ? "" : `culture=${culture}&`;
  const closesAt = flowClosesAt(formType);
  const lines = [
    text("Return_Email_Saved", text(`Flow_${formType}_Title`)),
    "",
    `${portalUrl}/return?${query}token=${RETURN_LINK_SLOT}`,
    "",
    ...(closesAt === undefined ? [] : [text("Return_Email_Until", claimantDay(closesAt, culture))]),
    text("Return_Email_Private"),
    text("Return_Email_NotYou"),
    "",
    text("Email_Contact", phone, email),
    text("Email_DoNotReply"),
  ];
  return {
    key: returnLinkEmailKey(linkId),
    to,
    subject: text("Return_Email_Subject", settlementName),
    text: `${lines.join("\n")}\n`,
  };
}

/**
 * After the step that asks the flow's e-mail field (`asked`: the fields of the step saved) is
 * saved: an open claimant gets a link back to their draft, sent to the address they gave. The same
 * address again sends nothing (the link given for it stands); another address gives a new link,
 * and the old one stops working. With e-mail off, nothing: the draft stays the session's.
 */
export async function giveReturnLink(
  flow: Flow,
  { sessionId, signIn }: Pick<ClaimantSession, "sessionId" | "signIn">,
  draft: Pick<Draft, "models">,
  asked: readonly string[],
): Promise<void> {
  if (!hasReturnLinks(flow.formType, signIn)) return;
  if (!asked.includes(offeredFlow(flow.formType)?.emailField ?? DEFAULT_EMAIL_FIELD)) return;
  const to = claimantEmail(flow.formType, draft.models);
  if (!to) return;
  const id = newReturnLinkId();
  const { issued } = await getStore().giveReturnLink(
    sessionId,
    flow.formType,
    {
      id,
      tokenHash: returnLinkTokenHash(returnLinkToken(id)),
      addressKey: emailKey(to),
      email: returnLinkEmail(flow, id, to),
    },
    flow.now,
  );
  if (issued) wakeEmailSender();
}

/** What a step page tells a claimant whose draft has a return link: where it was sent, and until when the draft is of use. */
export function returnLinkNotice(
  { formType, culture }: Pick<Flow, "formType" | "culture">,
  { signIn, draft }: Pick<ClaimantSession, "signIn" | "draft">,
): { to: string; until: string | undefined } | undefined {
  if (!signIn.returnLink || !hasReturnLinks(formType, signIn)) return undefined;
  const to = claimantEmail(formType, draft.models);
  const closesAt = flowClosesAt(formType);
  return to ? { to, until: closesAt === undefined ? undefined : claimantDay(closesAt, culture) } : undefined;
}

export type ResumeOutcome =
  | {
      ok: true;
      formType: FormType;
      /** The browser's new session id, and the cookie that carries it. */
      setCookie: string;
      draft: Draft;
    }
  /** No such link: never one, replaced by a link to a new address, or purged with the flow's drafts (404). */
  | { ok: false; reason: "unknown" }
  /** The draft became a claim: the link has done its work (410). */
  | { ok: false; reason: "filed"; formType: FormType; claim: Claim }
  /** The flow's deadline has passed: the deadline guard's answer, as on the flow's pages. */
  | { ok: false; reason: "closed"; formType: FormType; deadline: NonNullable<ReturnType<typeof passedDeadline>> };

/** A token as return links make them: 32 bytes, base64url. Anything else is no link, and not looked up. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * Opening a return link: the browser's session (a new id, so an id planted before reaches nothing)
 * is signed in to the link's flow, on the link's draft, as the open sign-in it began with.
 */
export async function resumeByReturnLink(
  token: string,
  { sessionId, now }: { sessionId: string | undefined; now: number },
): Promise<ResumeOutcome> {
  const store = getStore();
  const link = TOKEN.test(token) ? await store.findReturnLink(returnLinkTokenHash(token)) : undefined;
  if (!link || !offeredFlow(link.formType)) return { ok: false, reason: "unknown" };
  const { owner, formType } = link;
  const deadline = passedDeadline(getPortal().deadlines, flowDeadlineKeys(formType), now);
  if (deadline) return { ok: false, reason: "closed", formType, deadline };
  const draft = await store.getDraft(owner, formType);
  if (!draft) return { ok: false, reason: "unknown" };
  const claim = await filedClaim(owner, formType, draft);
  if (claim) return { ok: false, reason: "filed", formType, claim };
  const renewed = await newSessionId();
  if (sessionId) await renewSessionId(sessionId, renewed.sessionId, now);
  await store.authorize(
    renewed.sessionId,
    formType,
    { at: now, method: "open", returnLink: owner.slice("link:".length) },
    now,
  );
  return { ok: true, formType, setCookie: renewed.setCookie, draft };
}
