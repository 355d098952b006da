import { type ClaimMessage, claimMessage } from "#app/email/claim-messages.ts";
import { emailSettings } from "#app/email/email-settings.server.ts";
import { wakeEmailSender } from "#app/email/outbox-sender.server.ts";
import type { FormType } from "#app/flow-registry/form-type.ts";
import { claimantToday, formatDayLong } from "#app/forms/claimant-clock.ts";
import { answerSteps } from "#app/forms/steps.ts";
import type { ModelValues } from "#app/forms/field-answers.ts";
import { withCulture } from "#app/i18n/culture.ts";
import { createTranslate } from "#app/i18n/i18n.ts";
import { DEFAULT_EMAIL_FIELD } from "#app/settlement/offered-flows.ts";
import { getPortal, offeredFlow } from "#app/settlement/portal.server.ts";
import { contactFor } from "#app/settlement/settlement-schema.ts";
import { getStore } from "#app/storage/store.server.ts";
import type { Claim, ContactChange, NewClaim, NewEmail } from "#app/storage/store.ts";
import type { Flow } from "./claim-flow.ts";

/**
 * The claims core's e-mails to claimants (decision 031): what each event of a claim queues in the
 * outbox, in the claim's language, to the address the claimant gave. With e-mail off (no
 * SMTP_URL) or no address, nothing.
 */

/** The address a claim's messages go to: its answer at the flow's e-mail field (flows.<flow>.emailField, default claimantInfo.emailAddress). */
export function claimantEmail(formType: FormType, models: ModelValues): string | undefined {
  const field = offeredFlow(formType)?.emailField ?? DEFAULT_EMAIL_FIELD;
  const [model, name] = field.split(".") as [string, string];
  const value = models[model]?.[name];
  return typeof value === "string" && value.includes("@") ? value.trim() : undefined;
}

/**
 * Where a filed claim's messages go now: the e-mail address of its latest change of address
 * (/coa) made since its latest version was filed, else its own answer.
 */
export function claimRecipient(
  claim: Pick<Claim, "formType" | "models" | "versionAt">,
  latestContact: Pick<ContactChange, "models" | "changedAt"> | undefined,
): string | undefined {
  const changed =
    latestContact && latestContact.changedAt >= claim.versionAt
      ? claimantEmail(claim.formType, latestContact.models)
      : undefined;
  return changed ?? claimantEmail(claim.formType, claim.models);
}

/** claimRecipient, reading the claim's changes of address. */
export async function currentRecipient(
  claim: Pick<Claim, "referenceCode" | "formType" | "models" | "versionAt">,
): Promise<string | undefined> {
  return claimRecipient(claim, (await getStore().contactChanges(claim.referenceCode)).at(-1));
}

/** The day `at` as the claimant reads it in their language ("May 1, 2024", "1 de mayo de 2024"). */
export function claimantDay(at: number, culture: string): string {
  return formatDayLong(claimantToday(at), culture, "long");
}

/**
 * A message about a claim, ready for the outbox, one per `key` (the event it tells of): undefined
 * when e-mail is off. What the other events of a claim (documents added, an address changed,
 * documents needed) queue, in their own transaction (queueEmailIn) or by queueClaimEmail.
 */
export function claimEmail(key: string, to: string, culture: string, message: ClaimMessage): NewEmail | undefined {
  const settings = emailSettings();
  if (!settings) return undefined;
  const { messages, settlement } = getPortal();
  const { settlementName, phone, email } = contactFor(settlement, culture);
  const { subject, text } = claimMessage(message, {
    text: createTranslate(messages[culture] ?? messages.en!, messages[culture] ? culture : "en"),
    settlementName,
    statusUrl: `${settings.portalUrl}${withCulture("/claim/status", culture)}`,
    documentsUrl: `${settings.portalUrl}${withCulture("/documents", culture)}`,
    contact: { phone, email },
  });
  return { key, to, subject, text };
}

/**
 * Queues a message about a filed claim to its claimant, in the claim's language (for an event
 * stored in a transaction of its own: else queue claimEmail's message in that transaction). Whether
 * it queued one: not with e-mail off, without an address, or for a key queued already.
 */
export async function queueClaimEmail(
  claim: Pick<Claim, "formType" | "models" | "culture">,
  key: string,
  message: ClaimMessage,
): Promise<boolean> {
  const to = claimantEmail(claim.formType, claim.models);
  const email = to && claimEmail(key, to, claim.culture, message);
  if (!email) return false;
  const queued = await getStore().queueEmail(email);
  if (queued) wakeEmailSender();
  return queued;
}

/**
 * The message of a filing (a claim filed, or a new version of it): what the store's submitClaim
 * queues in the filing's transaction. It outlines what was filed by the titles of the steps
 * answered and the number of documents, never by an answer.
 */
export function filingEmail(flow: Flow, models: ModelValues, documents: number): NewClaim["email"] {
  const { formType, definition, culture, text, now } = flow;
  const to = claimantEmail(formType, models);
  if (!to || !emailSettings()) return undefined;
  const outline = {
    flow: text(`Flow_${formType}_Title`),
    on: claimantDay(now, culture),
    sections: answerSteps(definition).map((step) => text(definition.pages[step]!.title)),
    documents,
  };
  return ({ referenceCode, outcome, version }) =>
    claimEmail(
      `claim-${outcome}:${referenceCode}:${version}`,
      to,
      culture,
      outcome === "filed"
        ? { kind: "filed", referenceCode, ...outline }
        : { kind: "amended", referenceCode, version, ...outline },
    );
}
