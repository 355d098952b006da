import { createHash, randomBytes } from "node:crypto";
import type { ClaimStatusName, PaymentMethod } from "#app/claims/claim-status.ts";
import type { FormType } from "#app/flow-registry/form-type.ts";
import type { StepName } from "#app/forms/page-schema.ts";
import type { FieldValue } from "#app/forms/field-value.ts";
import type { ModelValues } from "#app/forms/field-answers.ts";
import type {
  ClaimEvent,
  ClaimSignal,
  ClaimSignalKind,
  FilingSignals,
  NetworkBurst,
  SignalCluster,
  SignInHour,
  SignInOutcome,
} from "./claim-events.ts";
import type { StoreConnections } from "./database.ts";

/**
 * One record of a multi-record model (SPEC §4 "Records"): a claim transaction, or a document
 * context. A draft record is being filled in; a saved one is part of the claim.
 */
export interface RecordEntry {
  /** SPEC §3: a prefix plus 8 random characters, unique within the draft. */
  clientId: string;
  status: "draft" | "saved";
  fields: Record<string, FieldValue>;
  /** A saved record being edited keeps its saved values here, restored if the edit is cancelled. */
  savedFields?: Record<string, FieldValue>;
  /** A document context's uploaded file. */
  documentId?: string;
}

/** Records by model key: { claimTransactions: [...], documentContexts: [...] }. */
export type DraftRecords = Record<string, RecordEntry[]>;

/**
 * Whose draft a thing belongs to: a verified class member ("member:<Claim ID>"), found again on any
 * device they sign in from, or, for an unverified sign-in (a VIN alone, or no notice at all, where
 * a flow allows it), the one session that signed in ("session:<session id>"), since a VIN is no
 * secret and an open sign-in proves nothing; or, once an open claimant was e-mailed a link back to
 * their draft (decision 032), that link's draft ("link:<id>"), found again from any device by it.
 */
export type DraftOwner = `member:${string}` | `session:${string}` | ReturnLinkOwner;

/** The owner of a draft an e-mailed return link finds (decision 032). */
export type ReturnLinkOwner = `link:${string}`;

/** How a session signed in to a form type: what its drafts and claims are filed under. */
export interface SignIn {
  at: number;
  /**
   * "claimIdPin": a class member proved by their PIN; "vin": a VIN alone, unverified; "open": no
   * notice (a flow whose class got none), unverified, the claimant's own e-mail address their mark.
   */
  method: "claimIdPin" | "vin" | "open";
  /** The verified member (Claim ID and PIN). */
  claimId?: string;
  /** The VIN a VIN-only sign-in gave. */
  vin?: string;
  /** An open sign-in whose draft has a return link (decision 032): the link's draft id (owner "link:<id>"). */
  returnLink?: string;
}

/** The owner of what a session does under a sign-in: the member if verified, else the session itself. */
export function draftOwner(sessionId: string, signIn: Pick<SignIn, "claimId" | "returnLink">): DraftOwner {
  if (signIn.claimId) return `member:${signIn.claimId}`;
  return signIn.returnLink ? `link:${signIn.returnLink}` : `session:${sessionId}`;
}

/** An uploaded file as stored: its content lives in the document store under `id`. */
export interface StoredDocument {
  id: string;
  /** The sanitised name the claimant's file had (display only: never a path). */
  name: string;
  mediaType: string;
  size: number;
  /** SHA-256 of the content, hex. */
  sha256: string;
  owner: DraftOwner;
  formType: FormType;
  /** Set once the document belongs to a filed claim. */
  referenceCode: string | null;
  createdAt: number;
  /** When it was added to its claim after filing (Store.addClaimDocuments); null for a document filed with the claim, or not yet a claim's. */
  addedAt: number | null;
}

export interface NewDocument {
  name: string;
  mediaType: string;
  owner: DraftOwner;
  formType: FormType;
}

/** A claimant's unfinished claim of one form type: answers so far and the steps completed. */
export interface Draft {
  /** Stable for the life of the draft: submitting it twice finds the same claim. */
  draftId: string;
  models: ModelValues;
  /** Multi-record models (claim transactions, document contexts); absent in drafts older than records. */
  records?: DraftRecords;
  completedSteps: StepName[];
  /** "model.field" paths the claimant has answered, so prepopulated data never overwrites them. */
  edited: string[];
  /** What the class-member list holds for this claimant, once authorized. */
  prepopulated?: Record<string, string>;
  updatedAt: number;
}

/**
 * The server side of a session: when it was last used, and how it signed in to each form type. It
 * holds nothing of the claim: drafts belong to their owner (draftOwner).
 */
export interface SessionRecord {
  id: string;
  createdAt: number;
  lastSeenAt: number;
  authorizations: Partial<Record<FormType, SignIn>>;
}

/** Who filed a claim, as the administrator sees it. Claims filed before this was recorded have no Claim ID and "unknown". */
export interface ClaimMember {
  claimId: string | null;
  vin: string | null;
  /** True only for a Claim ID proved by its PIN. */
  verified: boolean;
  signInMethod: SignIn["method"] | "unknown";
}

/**
 * A filed claim as it stands: its latest version. `version` counts the versions filed (settlement
 * setting claims.perMember "amend"); every version is kept (claimVersions).
 */
export interface Claim {
  referenceCode: string;
  formType: FormType;
  draftId: string;
  /** Whose claim it is (null for claims filed before owners were recorded). */
  owner: DraftOwner | null;
  member: ClaimMember;
  models: ModelValues;
  /** The saved records only. */
  records: DraftRecords;
  culture: string;
  /** When it was first filed. */
  submittedAt: number;
  version: number;
  /** When its latest version was filed (= submittedAt for version 1). */
  versionAt: number;
  /**
   * When it last changed in any way an administrator's export carries: its latest version, a
   * document added, a status imported, a change of address (incremental exports page by it).
   */
  changedAt: number;
}

/** One filed version of a claim: what it held, and when. */
export interface ClaimVersion {
  version: number;
  models: ModelValues;
  records: DraftRecords;
  culture: string;
  filedAt: number;
}

/** A claims-table row as either database returns it (models parsed; BIGINTs may come as text). */
export interface ClaimRow {
  reference_code: string;
  form_type: FormType;
  draft_id: string;
  owner: DraftOwner | null;
  claim_id: string | null;
  vin: string | null;
  verified: boolean | number;
  sign_in_method: string;
  models: ModelValues;
  records: DraftRecords | null;
  culture: string;
  submitted_at: number | string;
  version: number | string;
  version_at: number | string;
  changed_at: number | string;
}

export const CLAIM_COLUMNS =
  "reference_code, form_type, draft_id, owner, claim_id, vin, verified, sign_in_method, models, records, culture, submitted_at, version, version_at, COALESCE(changed_at, version_at) AS changed_at";

export function claimFromRow(row: ClaimRow | undefined): Claim | undefined {
  return (
    row && {
      referenceCode: row.reference_code,
      formType: row.form_type,
      draftId: row.draft_id,
      owner: row.owner,
      member: {
        claimId: row.claim_id,
        vin: row.vin,
        verified: !!row.verified,
        signInMethod: row.sign_in_method as ClaimMember["signInMethod"],
      },
      models: row.models,
      records: row.records ?? {},
      culture: row.culture,
      submittedAt: Number(row.submitted_at),
      version: Number(row.version),
      versionAt: Number(row.version_at),
      changedAt: Number(row.changed_at),
    }
  );
}

/**
 * How many claims one member may file per form type (settlement.json claims.perMember):
 * "one" (a filed claim is final), "amend" (a change is filed as a new version of the same claim),
 * "many" (each filing is a claim of its own).
 */
export type ClaimsPerMember = "one" | "amend" | "many";

export interface SubmittedClaim {
  /** The owner's claim; empty for "emailTaken" (the other claim is not theirs to know of). */
  referenceCode: string;
  /**
   * "filed": a new claim; "amended": a new version of the owner's claim; "unchanged": the same
   * answers were filed already (a double click, a retry), nothing new stored; "refused": the owner's
   * claim is filed and may not change (perMember "one"), nothing stored; "emailTaken": another
   * owner filed a claim of the form type with the same e-mail address (NewClaim.contactKey),
   * nothing stored.
   */
  outcome: "filed" | "amended" | "unchanged" | "refused" | "emailTaken";
  version: number;
}

/**
 * What filing `claim` does given the owner's claim already filed (`existing`): a new claim when
 * there is none; nothing when it says the same (a double click, a retry); else a new version, if
 * the settlement lets members amend, or a refusal. ("many" looks only at the draft's own claim.)
 * Documents are compared by their content (`fingerprints`: document id → SHA-256), since the same
 * file sent again (a retried JSON submission) is stored under a new id.
 */
export function filingOutcome(
  existing: Claim | undefined,
  claim: Pick<NewClaim, "models" | "records">,
  perMember: ClaimsPerMember,
  fingerprints: Map<string, string>,
): SubmittedClaim["outcome"] {
  if (!existing) return "filed";
  const content = (records: DraftRecords) =>
    Object.fromEntries(
      Object.entries(records).map(([model, list]) => [
        model,
        list.map(({ documentId, clientId: _client, ...record }) => ({
          ...record,
          document: documentId && (fingerprints.get(documentId) ?? documentId),
        })),
      ]),
    );
  if (
    sameContent(
      { models: existing.models, records: content(existing.records) },
      { models: claim.models, records: content(claim.records) },
    )
  )
    return "unchanged";
  return perMember === "amend" ? "amended" : "refused";
}

/** Every document id a claim's (or a draft's) records hold. */
export function recordDocumentIds(records: DraftRecords): string[] {
  return Object.values(records).flatMap((list) =>
    list.flatMap((record) => (record.documentId ? [record.documentId] : [])),
  );
}

/**
 * Whether two versions of a claim say the same: compared as canonical JSON (keys sorted), since
 * PostgreSQL's JSONB does not keep the order keys were written in.
 */
export function sameContent(a: unknown, b: unknown): boolean {
  return canonicalJson(a) === canonicalJson(b);
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value).filter(([, field]) => field !== undefined);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, field]) => `${JSON.stringify(key)}:${canonicalJson(field)}`)
      .join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

/** Where a page of claims ends: the last claim's filing time and code. */
export interface ClaimCursor {
  submittedAt: number;
  referenceCode: string;
}

/** Every claim, in filing order, read a page at a time so memory stays flat however many there are. */
export async function* allClaims(store: Pick<Store, "claimsPage">, pageSize = 500): AsyncGenerator<Claim> {
  let after: ClaimCursor | undefined;
  for (;;) {
    const page = await store.claimsPage(after, pageSize);
    yield* page;
    if (page.length < pageSize) return;
    const last = page.at(-1)!;
    after = { submittedAt: last.submittedAt, referenceCode: last.referenceCode };
  }
}

/**
 * Where a page of claims by their last change ends: the last claim's changedAt and code. A cursor
 * of (t, "") starts at t itself: every reference code sorts after "".
 */
export interface ChangeCursor {
  changedAt: number;
  referenceCode: string;
}

/** A draft becoming a claim (or a new version of one): its answers, saved records and the documents they name. */
export interface NewClaim {
  draftId: string;
  member: ClaimMember;
  models: ModelValues;
  records: DraftRecords;
  culture: string;
  /**
   * Moved from the draft to the claim in the same transaction (those already part of this claim
   * stay); the draft's other uploads are removed.
   */
  documentIds: string[];
  /**
   * A claim filed without a notice (the open sign-in): its e-mail address as a keyed hash. Unless
   * perMember is "many", a claim of another owner of the form type with the same key refuses
   * this one ("emailTaken"), in the same transaction.
   */
  contactKey?: string;
  /**
   * The e-mail that tells the claimant of this filing (decision 031), if one is sent: queued in the
   * filing's transaction when it files something new, so a claim is never filed without its
   * message, nor a message queued for a claim that was not filed.
   */
  email?: (filed: FiledClaim) => NewEmail | undefined;
  /** What the filing says of its client (issue 27): in the filed or amended event. */
  filing?: FilingSignals;
  /** The values it may share with other claims (issue 27), kept with those of its earlier versions. */
  signals?: ClaimSignal[];
}

/** What a filing stored: its claim's code, a new claim or a new version of it, and which version. */
export interface FiledClaim {
  referenceCode: string;
  outcome: "filed" | "amended";
  version: number;
}

/**
 * Change of address (issue 25): a filed claim's contact details (mailing address, e-mail, phone)
 * as the member changed them after filing, one version per change. What was filed never changes;
 * the claim's current contact details are its latest change, or its filed answers if there is none
 * since its latest version (app/claims/contact-details.ts).
 */
export interface ContactChange {
  referenceCode: string;
  /** 1 for the first change after filing, then 2, 3… */
  version: number;
  /** The contact fields only, by model: { claimantInfo: { mailingCity: "Tacoma", … } }. */
  models: ModelValues;
  /** The language the member changed them in. */
  culture: string;
  changedAt: number;
}

/**
 * A Claim ID's sign-in attempts that have not succeeded, as the lockout rule keeps them
 * (app/security/sign-in-lockout.server.ts decides what they mean; the store only keeps them).
 */
export interface SignInFailures {
  /** Attempts in the current window that have not succeeded. */
  failures: number;
  windowStartedAt: number;
  /** How many times the Claim ID has been locked (each lockout longer than the last). */
  lockouts: number;
  /** Until when it is locked; null when it is not. */
  lockedUntil: number | null;
  /** When the record is of no more use: purgeExpired removes it after this. */
  forgetAt: number;
}

/**
 * A class-member list in the store. An import writes a new list beside the current one and makes
 * it current in one step once every row is in: claimants sign in against the old list until then.
 */
export interface MemberList {
  id: number;
  /** The file it was read from, as the operator named it. */
  source: string;
  /** SHA-256 of the file: the settlement folder's list is read again at start only when it changed. */
  sha256: string;
  /** Read from the settlement folder at start (not given to import-members). */
  fromSettlementFolder: boolean;
  /** The field key its PINs were hashed with (app/claimants/class-members.server.ts). */
  pinKeyId: string;
  members: number;
  withVin: number;
  /** When it was made current (null while it is still being written). */
  completedAt: number | null;
}

export type NewMemberList = Pick<MemberList, "source" | "sha256" | "fromSettlementFolder" | "pinKeyId">;

/** A member as the store keeps them: the PIN only as its keyed hash. */
export interface StoredMember {
  claimId: string;
  pinHash: Buffer;
  vin: string | null;
  prepopulated: Record<string, string>;
}

/** A class_member_lists row as either database returns it. */
export interface MemberListRow {
  id: number | string;
  source: string;
  sha256: string;
  from_settlement_folder: boolean | number;
  pin_key_id: string;
  members: number | string;
  with_vin: number | string;
  completed_at: number | string | null;
}

export const MEMBER_LIST_COLUMNS =
  "id, source, sha256, from_settlement_folder, pin_key_id, members, with_vin, completed_at";

export function memberListFromRow(row: MemberListRow | undefined): MemberList | undefined {
  return (
    row && {
      id: Number(row.id),
      source: row.source,
      sha256: row.sha256,
      fromSettlementFolder: !!row.from_settlement_folder,
      pinKeyId: row.pin_key_id,
      members: Number(row.members),
      withVin: Number(row.with_vin),
      completedAt: row.completed_at === null ? null : Number(row.completed_at),
    }
  );
}

/** A class_members row as either database returns it. */
export interface StoredMemberRow {
  claim_id: string;
  pin_hash: Uint8Array;
  vin: string | null;
  prepopulated: string | Record<string, string>;
}

export function storedMemberFromRow(row: StoredMemberRow | undefined): StoredMember | undefined {
  return (
    row && {
      claimId: row.claim_id,
      pinHash: Buffer.from(row.pin_hash),
      vin: row.vin,
      prepopulated: typeof row.prepopulated === "string" ? JSON.parse(row.prepopulated) : row.prepopulated,
    }
  );
}

/** A list still being written after this long was abandoned (an import killed part-way): removeMemberLists takes it. */
export const ABANDONED_MEMBER_LIST_MS = 24 * 60 * 60_000;

/** Everything the portal keeps: one interface, a SQLite and a PostgreSQL implementation. */
export interface Store {
  getSession(sessionId: string): Promise<SessionRecord | undefined>;
  /** Records activity; creates the session record on first use. */
  touchSession(sessionId: string, now: number): Promise<SessionRecord>;
  /** Records how the session signed in to the form type (replacing an earlier sign-in to it). */
  authorize(sessionId: string, formType: FormType, signIn: SignIn, now: number): Promise<void>;
  /**
   * Gives a session a new id, with its sign-ins and whatever it owns as an unverified session
   * (on signing in, so an id known before can no longer be used: session fixation).
   */
  renameSession(sessionId: string, newSessionId: string): Promise<void>;
  /**
   * Ends a session (time-out or sign-out): its record, and the drafts and uploads it owned as an
   * unverified session. A member's drafts are theirs and stay.
   */
  endSession(sessionId: string): Promise<void>;

  getDraft(owner: DraftOwner, formType: FormType): Promise<Draft | undefined>;
  /**
   * Changes the owner's draft of a form type atomically: `change` gets the draft as stored now
   * (undefined when there is none) and returns it as it should be. Two sessions of one member
   * saving at once each apply their change to the other's result, so neither's record or document
   * is lost; for the same answer, the last save wins.
   */
  updateDraft(
    owner: DraftOwner,
    formType: FormType,
    change: (current: Draft | undefined) => Omit<Draft, "updatedAt">,
    now: number,
  ): Promise<Draft>;

  /**
   * Files the draft as a claim in one transaction, or as a new version of the owner's claim,
   * as `perMember` says (SubmittedClaim.outcome). Concurrent submissions of one owner are
   * serialised: they make one claim.
   */
  submitClaim(
    owner: DraftOwner,
    formType: FormType,
    claim: NewClaim,
    perMember: ClaimsPerMember,
    newReferenceCode: () => string,
    now: number,
  ): Promise<SubmittedClaim>;
  getClaim(referenceCode: string): Promise<Claim | undefined>;
  getClaimByDraft(draftId: string): Promise<Claim | undefined>;
  /** The owner's most recently filed claim of the form type. */
  latestClaim(owner: DraftOwner, formType: FormType): Promise<Claim | undefined>;
  /** Whether someone other than `owner` filed a claim of the form type with this e-mail address's key (NewClaim.contactKey). */
  emailTaken(formType: FormType, contactKey: string, owner: DraftOwner): Promise<boolean>;
  /** Every filed version of a claim, oldest first. */
  claimVersions(referenceCode: string): Promise<ClaimVersion[]>;
  /** Claims in filing order, a page at a time: those after `after` (for exports and reports). */
  claimsPage(after: ClaimCursor | undefined, limit: number): Promise<Claim[]>;
  /**
   * Claims by the time they last changed, a page at a time: those after `after` in (changedAt,
   * reference code) order, changed before `until` (incremental exports: a claim amended, given a
   * document, a status or a new address since the last export is in the next one).
   */
  claimsByChangePage(after: ChangeCursor, until: number, limit: number): Promise<Claim[]>;

  // Change of address (issue 25): contact versions of a filed claim (ContactChange).
  /** Records a change of the claim's contact details as its next version, at `now`; the claim itself is untouched. */
  addContactChange(
    referenceCode: string,
    formType: FormType,
    change: Pick<ContactChange, "models" | "culture"> & {
      /** The values the new contact details may share with other claims (issue 27). */
      signals?: ClaimSignal[];
    },
    now: number,
  ): Promise<ContactChange>;
  /** The contact changes of a claim, or of several (an export's page), by claim, oldest first. */
  contactChanges(referenceCodes: string | readonly string[]): Promise<ContactChange[]>;

  /**
   * Streams a document's content into storage under a new random id and records it, unclaimed,
   * for the owner's draft. If the content fails part-way (a limit, a dropped connection)
   * nothing of it remains.
   */
  putDocument(
    document: NewDocument,
    content: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
    now: number,
  ): Promise<StoredDocument>;
  getDocument(id: string): Promise<StoredDocument | undefined>;
  /** The content, in chunks, so a large document is never whole in memory. */
  readDocument(id: string): AsyncIterable<Uint8Array>;
  /** Removes a document not yet part of a claim (a claimant deleting an upload). */
  deleteDocument(id: string): Promise<void>;
  /**
   * The documents of a claim, or of several (an export's page of claims, in one query rather than
   * one a claim), by claim: those filed with it in the order they were uploaded, then those added
   * after filing in the order they were added.
   */
  claimDocuments(referenceCodes: string | readonly string[]): Promise<StoredDocument[]>;

  // Documents for a filed claim (issue 25, app/claims/add-documents.server.ts): added after filing,
  // each marked with when; what was filed never changes.
  /**
   * Makes uploads of `owner` not yet part of a claim (putDocument) additions to the filed claim, at
   * `now`, in one transaction: all of them or, if one is not such an upload or the claim is not
   * filed, none (it throws). The claim's answers, records and versions are not touched. Additions
   * to one claim queue, each counted with those before it against `within` (the settlement's
   * limits): over one, none is added and it says which.
   */
  addClaimDocuments(
    referenceCode: string,
    documentIds: readonly string[],
    owner: DraftOwner,
    within: { maxFiles: number; maxClaimBytes: number },
    now: number,
    /** The claimant's message about the addition, queued in its transaction (none when nothing is added). */
    email?: NewEmail,
  ): Promise<"added" | "tooManyFiles" | "claimTooLarge">;
  /** The documents added to a claim after filing, at `since` or later (all of them without), in the order they were added. */
  claimAdditions(referenceCode: string, since?: number): Promise<StoredDocument[]>;
  /** A Claim ID's failed sign-ins, if any are remembered. */
  getSignInFailures(claimId: string): Promise<SignInFailures | undefined>;
  /**
   * Changes a Claim ID's failed sign-ins atomically: `change` gets them as stored now (undefined
   * when there are none) and returns them as they should be (undefined: forget them). Attempts at
   * once, on any instance, queue: each sees the one before it, so none goes uncounted.
   */
  updateSignInFailures(
    claimId: string,
    change: (current: SignInFailures | undefined) => SignInFailures | undefined,
  ): Promise<SignInFailures | undefined>;
  /** Forgets a Claim ID's failures and lockout (a sign-in that succeeded, an administrator's unlock); true if there were any. */
  clearSignInFailures(claimId: string): Promise<boolean>;

  /** The class-member list claimants sign in against now, if there is one. */
  currentMemberList(): Promise<MemberList | undefined>;
  findMember(listId: number, claimId: string): Promise<StoredMember | undefined>;
  /** One of the members whose vehicle has the VIN (in upper case). */
  findMemberByVin(listId: number, vin: string): Promise<StoredMember | undefined>;
  /** Starts writing a new list, not yet current: its id. */
  startMemberList(list: NewMemberList, now: number): Promise<number>;
  /** Adds members to a list being written (a batch: one transaction). */
  addMembers(listId: number, members: StoredMember[]): Promise<void>;
  /** Makes the list current, in one step, with its counts; the list it replaces stops serving at once. */
  completeMemberList(listId: number, counts: Pick<MemberList, "members" | "withVin">, now: number): Promise<void>;
  /**
   * Removes the rows of lists that no longer serve: replaced ones, abandoned ones (still being
   * written since before `abandonedBefore`), and `discard` (an import that failed), a batch per
   * transaction so a list of millions holds no lock for long. Counts the members removed.
   */
  removeMemberLists(abandonedBefore: number, discard?: number): Promise<number>;

  /**
   * Marks a no-JavaScript challenge (by its nonce) as used, remembered until it expires: true the
   * first time, false ever after, so a solved challenge passes once.
   */
  useChallenge(nonce: string, expiresAt: number): Promise<boolean>;

  /**
   * Counts one failed attempt (a sign-in that matched no one, a security check not passed) from a
   * client address (clientKey), in a window of `windowMs` that its first failure opens: the
   * failures so far in the window, this one included. Atomic, so instances count together.
   */
  countAddressFailure(client: string, now: number, windowMs: number): Promise<number>;

  /**
   * Ends sessions idle since before `idleSince`, with the drafts and unfiled uploads they owned as
   * unverified sessions (SPEC: an abandoned draft's documents go with it); forgets failed sign-ins,
   * used challenges and failures per address no longer needed at `now`.
   */
  purgeExpired(idleSince: number, now: number): Promise<{ sessions: number; documents: number }>;
  /**
   * Removes every draft of the form types (their filing deadline and the retention after it have
   * passed) with the uploads that never became part of a claim. Claims are never touched.
   */
  purgeDrafts(formTypes: FormType[]): Promise<{ drafts: number; documents: number }>;

  /**
   * Rewrites the drafts, claims, claim versions and contact changes whose sensitive answers are not stored as they
   * would be now: in clear (kept before the field was sensitive) or under an older key (after a
   * key rotation). Only how they are stored changes, never what they say. Counts what it rewrote.
   * Then forgets the keys no answer is under any more (fieldKeyIds).
   */
  reencryptAnswers(): Promise<{ drafts: number; claims: number; versions: number; contacts: number }>;
  /**
   * The ids of the field keys the stored answers are under, read from a small table (not from the
   * answers: at millions of claims that is a scan): a key is recorded in the transaction that
   * first stores an answer under it, and forgotten by reencryptAnswers once none is. A server
   * missing one of them refuses to start (checkStoredFieldKeys).
   */
  fieldKeyIds(): Promise<string[]>;

  // The e-mail outbox (decision 031): messages queued with the events they tell of, sent by every
  // instance's sender (app/email/outbox-sender.server.ts), each message by one instance at a time.
  /** Queues a message unless one with its key was queued already (the same event again): whether it queued it. */
  queueEmail(email: NewEmail): Promise<boolean>;
  /**
   * Takes the message due longest (due at or before `now`), if any, under a new lease until
   * `leaseUntil`: no other instance takes it until then, and only this lease may mark it.
   */
  takeDueEmail(now: number, leaseUntil: number): Promise<LeasedEmail | undefined>;
  /** Marks a taken message sent (false if its lease had run out and another took it). */
  markEmailSent(email: Pick<LeasedEmail, "key" | "lease">, now: number): Promise<boolean>;
  /** Puts a taken message back, due again at `dueAt`, with why it was not sent. */
  retryEmail(email: Pick<LeasedEmail, "key" | "lease">, dueAt: number, error: string): Promise<void>;
  /** Gives a taken message up: never tried again (and purged as a sent one is). */
  giveUpEmail(email: Pick<LeasedEmail, "key" | "lease">, now: number, error: string): Promise<void>;
  /** Removes messages sent or given up before `doneBefore`: how many. */
  purgeSentEmails(doneBefore: number): Promise<number>;
  /** How many messages wait to be sent, and since when the oldest does (for the sender's log). */
  emailBacklog(): Promise<{ waiting: number; oldestQueuedAt: number | null }>;
  // Claim access (issue 25, app/claims/claim-access.server.ts): the filed claims a session found,
  // and how strongly; kept with the session, and ended with it.
  /** Records what the session found (creating the session's record if it has none): another grant of the same claims replaces it. */
  grantClaimAccess(sessionId: string, grant: ClaimAccessGrant, now: number): Promise<void>;
  /** What the session found, in no particular order. */
  claimAccessGrants(sessionId: string): Promise<ClaimAccessGrant[]>;
  /** Every claim of an owner (a member's, whatever the form type), in filing order. */
  ownerClaims(owner: DraftOwner): Promise<Claim[]>;

  // The open flow's return link (decision 032): an open claimant's draft, once they gave their
  // e-mail address, is the link's (owner "link:<id>"), found again from any device by the token
  // e-mailed to them; the token is stored only as its hash.
  /**
   * Gives the session's draft of the form type its return link for `link.addressKey`, in one
   * transaction: the draft and its uploads move from the session to the link's owner (once: the
   * session's sign-in then names the link), and unless the draft's link was given for the same
   * address already, the old link is forgotten (it stops working), this one stored and its message
   * queued (`link.email`, made for the link's id). `issued`: whether a new link was given.
   */
  giveReturnLink(
    sessionId: string,
    formType: FormType,
    link: NewReturnLink,
    now: number,
  ): Promise<{ owner: ReturnLinkOwner; issued: boolean }>;
  /** The return link of a token's hash, if it is one (not forgotten, not purged). */
  findReturnLink(tokenHash: string): Promise<ReturnLink | undefined>;
  // Claim status (issue 25, docs/decisions/028-claim-status.md): the statuses the administrator
  // imports, a row per change, never overwritten.
  /** Which of these reference codes are filed claims, and when each was first filed. */
  claimsFiledAt(referenceCodes: readonly string[]): Promise<Map<string, number>>;
  /**
   * Adds statuses, batch by batch as they come, all in one transaction (nothing is added if any
   * batch fails); a status already stored (the same row imported again) is not added twice.
   */
  importClaimStatuses(
    batches: AsyncIterable<NewClaimStatus[]>,
    now: number,
    /** The claimant's message about a status added (Documents needed), queued in the same transaction. */
    email?: (status: NewClaimStatus, claim: Claim, latestContact: ContactChange | undefined) => NewEmail | undefined,
  ): Promise<{ added: number; alreadyImported: number; emailed: number }>;
  /** The statuses of a claim, or of several (an export's page), by claim, oldest first (by date, then as imported). */
  claimStatuses(referenceCodes: string | readonly string[]): Promise<ClaimStatus[]>;

  // Issue 27: the audit trail, appended by the changes above in their transactions, and the
  // signals across claims (app/storage/claim-events.ts).
  /** The events of a claim, or of several (an export's page), by claim, in the order they happened. */
  claimEvents(referenceCodes: string | readonly string[]): Promise<ClaimEvent[]>;
  /** The signals of these claims (an export's page), each with how many claims share it. */
  claimSignals(
    referenceCodes: readonly string[],
  ): Promise<Array<ClaimSignal & { referenceCode: string; claims: number }>>;
  /** The values of `kind` that at least `minClaims` claims share, the most shared first, at most `limit`. */
  signalClusters(kind: ClaimSignalKind, minClaims: number, limit: number): Promise<SignalCluster[]>;
  /** The networks that filed at least `minClaims` claims within one hour (a clock hour), the most first. */
  networkBursts(minClaims: number, limit: number): Promise<NetworkBurst[]>;
  /** Counts a sign-in in its hour, by how it ended (for the report: nothing of who). */
  countSignIn(outcome: SignInOutcome, now: number): Promise<void>;
  /** Sign-ins per hour from `since`, by outcome, oldest first. */
  signInsByHour(since: number): Promise<SignInHour[]>;
  /** How many claims have each current status (their latest imported; "received" with none). */
  statusCounts(): Promise<Partial<Record<ClaimStatusName | "received", number>>>;

  /** The database's connections now, where it pools them (PostgreSQL): for the metrics. */
  connections?(): StoreConnections;
  /** Store health for /healthz: throws when the database cannot be reached. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/**
 * What a session found of filed claims (claim access): every claim of a member who signed in with
 * their Claim ID and PIN ("member"), or one claim by its reference code and its claimant's last
 * name or e-mail address ("code").
 */
export type ClaimAccessGrant =
  | { strength: "member"; claimId: string; at: number }
  | { strength: "code"; referenceCode: string; at: number };

/** A grant's key in the session's record: one per member, one per claim. */
export function claimAccessKey(grant: ClaimAccessGrant): string {
  // Encoded: a JSON path names the key in SQLite, and a Claim ID is whatever the class list holds.
  return grant.strength === "member" ? `member:${encodeURIComponent(grant.claimId)}` : `code:${grant.referenceCode}`;
}

/** A status of a filed claim as the administrator gave it (a row of an import-statuses file). */
export interface NewClaimStatus {
  referenceCode: string;
  status: ClaimStatusName;
  /** The day it took effect, YYYY-MM-DD (a calendar day, not a time). */
  date: string;
  /** A code of the settlement's statusReasons: the reason (denied) or what is needed (documents_needed). */
  reasonCode: string | null;
  /** The administrator's own words, shown as written, when no code says it. */
  reasonText: string | null;
  /** Documents needed: by when, YYYY-MM-DD. */
  dueDate: string | null;
  /** Paid: how. */
  paymentMethod: PaymentMethod | null;
}

/** A status as stored: when it was imported too. */
export interface ClaimStatus extends NewClaimStatus {
  importedAt: number;
}

/** What makes a status the same one imported again: every field of it. */
export function claimStatusFingerprint(status: NewClaimStatus): string {
  const { referenceCode, status: name, date, reasonCode, reasonText, dueDate, paymentMethod } = status;
  return createHash("sha256")
    .update(JSON.stringify([referenceCode, name, date, reasonCode, reasonText, dueDate, paymentMethod]))
    .digest("hex");
}

/** The Store's class-member list methods: each store implements them in a file of their own. */
export type MemberListMethods = Pick<
  Store,
  | "currentMemberList"
  | "findMember"
  | "findMemberByVin"
  | "startMemberList"
  | "addMembers"
  | "completeMemberList"
  | "removeMemberLists"
>;

export function emptyDraft(draftId: string): Omit<Draft, "updatedAt"> {
  return { draftId, models: {}, records: {}, completedSteps: [], edited: [] };
}

/** Document ids are random and url-safe: also safe as file names, which claimants' names never are. */
export function newDocumentId(): string {
  return randomBytes(18).toString("base64url");
}

/** A sign_in_failures row as either database returns it (BIGINTs may come as text). */
export interface SignInFailuresRow {
  failures: number | string;
  window_started_at: number | string;
  lockouts: number | string;
  locked_until: number | string | null;
  forget_at: number | string;
}

export const SIGN_IN_FAILURES_COLUMNS = "failures, window_started_at, lockouts, locked_until, forget_at";

export function signInFailuresFromRow(row: SignInFailuresRow | undefined): SignInFailures | undefined {
  return (
    row && {
      failures: Number(row.failures),
      windowStartedAt: Number(row.window_started_at),
      lockouts: Number(row.lockouts),
      lockedUntil: row.locked_until === null ? null : Number(row.locked_until),
      forgetAt: Number(row.forget_at),
    }
  );
}

/** One row of the documents table, as either database returns it. */
export interface DocumentRow {
  id: string;
  name: string;
  media_type: string;
  size: number | string;
  sha256: string;
  owner: DraftOwner;
  form_type: FormType;
  reference_code: string | null;
  created_at: number | string;
  added_at: number | string | null;
}

export const DOCUMENT_COLUMNS =
  "id, name, media_type, size, sha256, owner, form_type, reference_code, created_at, added_at";

export function documentFromRow(row: DocumentRow | undefined): StoredDocument | undefined {
  return (
    row && {
      id: row.id,
      name: row.name,
      mediaType: row.media_type,
      size: Number(row.size),
      sha256: row.sha256,
      owner: row.owner,
      formType: row.form_type,
      referenceCode: row.reference_code,
      createdAt: Number(row.created_at),
      addedAt: row.added_at === null ? null : Number(row.added_at),
    }
  );
}

/** A message for the outbox (decision 031): plain text, in the claimant's language. */
export interface NewEmail {
  /**
   * What event it tells of, e.g. "claim-filed:<reference code>:<version>": one message per key,
   * so the same event told twice (a retried filing) queues once. Its Message-ID is made from it.
   */
  key: string;
  to: string;
  subject: string;
  text: string;
}

/** A message taken from the outbox to send, under a lease. */
export interface LeasedEmail extends NewEmail {
  /** When it was queued (the outbox's clock: the real one). */
  queuedAt: number;
  /** Tries so far, this one included. */
  attempts: number;
  lease: string;
}

/** An email_outbox row as either database returns it. */
export interface EmailRow {
  key: string;
  recipient: string;
  subject: string;
  body: string;
  queued_at: number | string;
  attempts: number | string;
  lease: string;
}

export const EMAIL_COLUMNS = "key, recipient, subject, body, queued_at, attempts, lease";

export function emailFromRow(row: EmailRow | undefined): LeasedEmail | undefined {
  return (
    row && {
      key: row.key,
      to: row.recipient,
      subject: row.subject,
      text: row.body,
      queuedAt: Number(row.queued_at),
      attempts: Number(row.attempts),
      lease: row.lease,
    }
  );
}

/** A return link to give a draft (Store.giveReturnLink): its token's hash, the address it goes to, its message. */
export interface NewReturnLink {
  /** The link's id: a new one each time a link is given (the message's key and the token are made from it). */
  id: string;
  /** SHA-256 of the token, hex: the token itself is never stored. */
  tokenHash: string;
  /** The key of the address it is sent to (open-claims.server.ts emailKey): the same address again gives no new link. */
  addressKey: string;
  email: NewEmail;
}

/** A return link as stored: whose draft of which form type it resumes. */
export interface ReturnLink {
  owner: ReturnLinkOwner;
  formType: FormType;
  createdAt: number;
}
