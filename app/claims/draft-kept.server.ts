import { emailSettings } from "#app/email/email-settings.server.ts";
import type { FormType } from "#app/flow-registry/form-type.ts";
import { formatDeadline } from "#app/forms/claimant-clock.ts";
import type { SignIn } from "#app/storage/store.ts";
import { SESSION_TIMEOUT_MINUTES } from "./claimant-session.server.ts";
import { draftsKeptUntil } from "./purge-drafts.server.ts";
import { signInKindsOf } from "./sign-in-kinds.server.ts";

/** A sentence a page shows about how long the claimant's answers are kept: its text key and its one value. */
export interface DraftKept {
  key: "Draft_KeptMember" | "Draft_KeptSession" | "Draft_KeptVin" | "Draft_KeptUntilLink";
  value: string;
}

/**
 * Until when a draft is kept (issue 25), truthfully for each sign-in: a member's (Claim ID and
 * PIN) until the flow's first deadline plus the settlement's retention (the purge's own rule,
 * draftsKeptUntil), dated in the claimant's language and the deadline's zone as the deadline texts
 * are; an unverified one's (a VIN alone, or the open sign-in) only while its session lasts: sign-out,
 * or 30 minutes without a request, end it and the draft with it.
 */
function memberDraftKept(formType: FormType, culture: string): DraftKept | undefined {
  const until = draftsKeptUntil(formType);
  return until && { key: "Draft_KeptMember", value: formatDeadline(until.at, until.zone, culture) };
}

const SESSION_DRAFT = String(SESSION_TIMEOUT_MINUTES);

/**
 * An open sign-in's draft, with e-mail on, is the session's only until the claimant gives their
 * e-mail address: then it is e-mailed a link back (decision 032) and kept as a member's is.
 */
const openDraftKept = (): DraftKept => ({
  key: emailSettings() ? "Draft_KeptUntilLink" : "Draft_KeptSession",
  value: SESSION_DRAFT,
});

/** For a step page: how this sign-in's draft is kept (a draft with a return link: the link's own notice says). */
export function draftKeptFor(
  formType: FormType,
  signIn: Pick<SignIn, "method" | "claimId" | "returnLink">,
  culture: string,
): DraftKept[] {
  if (signIn.returnLink) return [];
  const kept =
    signIn.method === "claimIdPin" && signIn.claimId
      ? memberDraftKept(formType, culture)
      : signIn.method === "open"
        ? openDraftKept()
        : { key: "Draft_KeptSession" as const, value: SESSION_DRAFT };
  return kept ? [kept] : [];
}

/** For a flow's sign-in page: how the draft of each way in it offers is kept. */
export function draftKeptBySignIn(formType: FormType, culture: string): DraftKept[] {
  const kinds = signInKindsOf(formType);
  if (kinds.includes("open")) return [openDraftKept()];
  if (!kinds.includes("notice")) return kinds.length > 0 ? [{ key: "Draft_KeptSession", value: SESSION_DRAFT }] : [];
  const member = memberDraftKept(formType, culture);
  return [
    ...(member ? [member] : []),
    ...(kinds.includes("vin") ? [{ key: "Draft_KeptVin" as const, value: SESSION_DRAFT }] : []),
  ];
}
