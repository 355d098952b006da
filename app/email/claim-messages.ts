import type { Translate } from "#app/i18n/i18n.ts";

/**
 * The e-mails a claimant gets about their claim (decision 031), one kind per event. They carry
 * what the claimant needs to find the claim again (its reference code, a link to its status) and
 * an outline of what happened, never an answer: no bank, account or routing number, no SSN, no
 * field a settlement marks sensitive can be in a message that holds no answers at all.
 */
export type ClaimMessage =
  /** A claim filed (`sections`: the titles of the steps answered; `documents`: how many were attached). */
  | { kind: "filed"; referenceCode: string; flow: string; on: string; sections: string[]; documents: number }
  /** A new version of a claim filed. */
  | {
      kind: "amended";
      referenceCode: string;
      flow: string;
      on: string;
      version: number;
      sections: string[];
      documents: number;
    }
  /** Documents added to a filed claim (`documents`: their file names as the claimant gave them). */
  | { kind: "documentsAdded"; referenceCode: string; on: string; documents: string[] }
  /** The claim's mailing address and contact details changed. */
  | { kind: "addressChanged"; referenceCode: string; on: string }
  /** The administrator asks for documents (`needed`: what, in the claimant's language; `by`: until when, if set). */
  | { kind: "documentsNeeded"; referenceCode: string; needed: string; by?: string };

/** What every message says besides its event: whose settlement, where to check, whom to ask. */
export interface MessageContext {
  text: Translate;
  /** The settlement's name in the claimant's language (contact.<culture>.settlementName). */
  settlementName: string;
  /** The portal's claim status page, in the claimant's language. */
  statusUrl: string;
  /** The portal's documents page, in the claimant's language. */
  documentsUrl: string;
  contact: { phone: string; email: string };
}

export interface MessageText {
  subject: string;
  text: string;
}

const SUBJECTS: Record<ClaimMessage["kind"], string> = {
  filed: "Email_Subject_Filed",
  amended: "Email_Subject_Amended",
  documentsAdded: "Email_Subject_DocumentsAdded",
  addressChanged: "Email_Subject_AddressChanged",
  documentsNeeded: "Email_Subject_DocumentsNeeded",
};

/** The message's subject and plain text, in the language of `context.text`. */
export function claimMessage(message: ClaimMessage, context: MessageContext): MessageText {
  const { text, settlementName, statusUrl, documentsUrl, contact } = context;
  const list = (lines: string[]) => lines.map((line) => `- ${line}`).join("\n");
  const event = (): string[] => {
    switch (message.kind) {
      case "filed":
      case "amended":
        return [
          message.kind === "filed"
            ? text("Email_Filed", message.flow, message.on)
            : text("Email_Amended", message.flow, message.on, message.version),
          `${text("Email_WhatFiled")}\n${list([...message.sections, text("Email_Documents", message.documents)])}`,
          text("Email_NoAnswers"),
        ];
      case "documentsAdded":
        return [`${text("Email_DocumentsAdded", message.on)}\n${list(message.documents)}`];
      case "addressChanged":
        return [text("Email_AddressChanged", message.on), text("Email_NotYou", contact.phone, contact.email)];
      case "documentsNeeded":
        return [
          `${text("Email_DocumentsNeeded")}\n${list([message.needed])}`,
          ...(message.by ? [text("Email_NeededBy", message.by)] : []),
          text("Email_HowToAdd", documentsUrl),
        ];
    }
  };
  const paragraphs = [
    settlementName,
    ...event(),
    text("Email_ReferenceCode", message.referenceCode),
    text("Email_CheckStatus", statusUrl),
    text("Email_Contact", contact.phone, contact.email),
    text("Email_DoNotReply"),
  ];
  return {
    subject: text(SUBJECTS[message.kind], settlementName, message.referenceCode),
    text: `${paragraphs.join("\n\n")}\n`,
  };
}
