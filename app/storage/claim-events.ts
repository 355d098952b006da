import type { ModelValues } from "#app/forms/field-answers.ts";
import { type DraftRecords, sameContent } from "./store.ts";

/**
 * A claim's audit trail (issue 27): every change to a filed claim is an event, appended in the
 * transaction that makes the change and never changed or removed (the database refuses to:
 * migrations.ts). `detail` says what changed, never an answer's value (those are the claim's
 * versions, sensitive ones encrypted):
 * - filed, amended: `version`, `documents` (how many the version has), `changed` (amended: the
 *   answers that differ from the version before, "model.field", and "records.<list>"), `filing`
 *   (the filing's signals: FilingSignals);
 * - addressChanged: `version` (the contact change's), `changed` (the contact fields that differ);
 * - documentsAdded: `documents`, each `{ name, size, sha256 }`;
 * - statusImported: `status`, `date`, `reasonCode`, `dueDate`, `paymentMethod`;
 * - any, recorded from what the claim held when the trail began (a claim filed before it):
 *   `recordedLater: true`.
 */
export type ClaimEventKind = "filed" | "amended" | "addressChanged" | "documentsAdded" | "statusImported";

/** Who made the change: the claimant (the pages or the API), or the operator (a command: import-statuses). */
export type ClaimEventActor = "claimant" | "operator";

export interface ClaimEvent {
  referenceCode: string;
  /** Its place in the trail: events of one claim are in this order. */
  id: number;
  kind: ClaimEventKind;
  actor: ClaimEventActor;
  at: number;
  detail: Record<string, unknown>;
}

/**
 * What a filing says of the client that filed it (issue 27), privacy-minded: the network, not the
 * address; the browser's family, not its version; how long from signing in to filing; whether its
 * scripts ran; which captcha it passed. None refuses a claim: an administrator reviews by them.
 */
export interface FilingSignals {
  /** The client's network: its address's /24 (IPv4) or /48 (IPv6), or "unknown". */
  network: string;
  /** The client's address as a keyed hash (one client, many filings), never the address. */
  clientKey: string;
  /** The browser's family ("Chrome (mobile)", "curl", "bot"): app/signals/user-agent.ts. */
  userAgent: string;
  /** Seconds from signing in to filing; null when the sign-in's time is not known. */
  secondsToFile: number | null;
  /** "on": filed by the page's scripts; "off": a plain form post; "api": the JSON API. */
  scripts: "on" | "off" | "api";
  /** The captcha the filing passed: "turnstile", "sum" (the portal's own question), or "none". */
  captcha: "turnstile" | "sum" | "none";
}

/**
 * A value a claim may share with others, the signals across claims (issue 27): a bank account, an
 * e-mail address, a phone number or a mailing address as a keyed hash (never in clear), the
 * network it was filed from (its prefix), or a filing faster than a person could type it ("fast").
 */
export type ClaimSignalKind = "bankAccount" | "email" | "phone" | "mailingAddress" | "network" | "fast";

export interface ClaimSignal {
  kind: ClaimSignalKind;
  value: string;
}

/**
 * A signal's cluster as the report and the export name it: a network by its prefix, any other value
 * by the start of its keyed hash (never the value: it is not in the store).
 */
export function clusterId(signal: ClaimSignal): string {
  return signal.kind === "network" ? signal.value : signal.value.split(":").at(-1)!.slice(0, 8);
}

/** An hour, in ms: bursts and sign-ins are counted per clock hour. */
export const HOUR_MS = 3_600_000;

/** A value shared by several claims: how many, and some of their codes. */
export interface SignalCluster extends ClaimSignal {
  claims: number;
  /** The first codes, by filing (at most CLUSTER_CODES_SHOWN). */
  referenceCodes: string[];
}

/** How many of a cluster's codes the store gives (the export names each claim's clusters by their size). */
export const CLUSTER_CODES_SHOWN = 20;

/** Filings from one network within an hour: how many, and when the hour began. */
export interface NetworkBurst {
  network: string;
  hourStart: number;
  claims: number;
}

/**
 * The answers of `after` that differ from `before`: "model.field" for a single model's field,
 * "records.<list>" for a list whose saved records differ (their ids aside), in a stable order.
 */
export function changedAnswers(
  before: { models: ModelValues; records: DraftRecords },
  after: { models: ModelValues; records: DraftRecords },
): string[] {
  const changed = new Set<string>();
  for (const model of new Set([...Object.keys(before.models), ...Object.keys(after.models)]))
    for (const key of new Set([...Object.keys(before.models[model] ?? {}), ...Object.keys(after.models[model] ?? {})]))
      if (!sameContent(before.models[model]?.[key] ?? null, after.models[model]?.[key] ?? null))
        changed.add(`${model}.${key}`);
  const content = (records: DraftRecords, list: string) =>
    (records[list] ?? []).map(({ clientId: _client, ...record }) => record);
  for (const list of new Set([...Object.keys(before.records), ...Object.keys(after.records)]))
    if (!sameContent(content(before.records, list), content(after.records, list))) changed.add(`records.${list}`);
  return [...changed].sort();
}

/**
 * How a sign-in ended, as the report counts them per hour: it proved a claimant ("succeeded"), its
 * credentials matched no one ("failed"), or its Claim ID was locked ("refused").
 */
export type SignInOutcome = "succeeded" | "failed" | "refused";

export interface SignInHour {
  hourStart: number;
  outcome: SignInOutcome;
  attempts: number;
}
