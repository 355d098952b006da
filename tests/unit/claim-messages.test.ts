import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { type ClaimMessage, claimMessage, type MessageContext } from "#app/email/claim-messages.ts";
import { messageId, retryDelay } from "#app/email/outbox-sender.server.ts";
import { checkSmtpUrl, withoutPassword } from "#app/email/email-settings.server.ts";
import { createTranslate } from "#app/i18n/i18n.ts";

/** Decision 031: each event's message, in English and in Spanish, with no placeholder left and no key shown. */
const context = (culture: "en" | "es"): MessageContext => ({
  text: createTranslate(JSON.parse(readFileSync(`locales/${culture}.json`, "utf8"))),
  settlementName: culture === "en" ? "Acme Settlement" : "Acuerdo Acme",
  statusUrl: `https://claims.example/claim/status${culture === "en" ? "" : "?culture=es"}`,
  documentsUrl: `https://claims.example/documents${culture === "en" ? "" : "?culture=es"}`,
  contact: { phone: "1-800-555-0142", email: "info@claims.example" },
});

const CODE = "STD-AB12-CD34-EF56";
const outline = {
  referenceCode: CODE,
  flow: "Standard claim",
  on: "May 1, 2024",
  sections: ["About you"],
  documents: 2,
};
const MESSAGES: Record<ClaimMessage["kind"], ClaimMessage> = {
  filed: { kind: "filed", ...outline },
  amended: { kind: "amended", ...outline, version: 2 },
  documentsAdded: { kind: "documentsAdded", referenceCode: CODE, on: "May 2, 2024", documents: ["receipt.pdf"] },
  addressChanged: { kind: "addressChanged", referenceCode: CODE, on: "May 3, 2024" },
  documentsNeeded: { kind: "documentsNeeded", referenceCode: CODE, needed: "A repair receipt", by: "June 1, 2024" },
};

describe("claim messages", () => {
  for (const culture of ["en", "es"] as const) {
    test.each(Object.keys(MESSAGES))(
      `%s, in ${culture}: the code, the status link, the contact; no key or placeholder`,
      (kind) => {
        const { subject, text } = claimMessage(MESSAGES[kind as ClaimMessage["kind"]], context(culture));
        expect(subject).toContain(CODE);
        expect(subject).toContain(culture === "en" ? "Acme Settlement" : "Acuerdo Acme");
        expect(text).toContain(CODE);
        expect(text).toContain(context(culture).statusUrl);
        expect(text).toContain("1-800-555-0142");
        expect(`${subject}\n${text}`).not.toMatch(/Email_|\{\d\}/);
      },
    );
  }

  test("the texts of each event, in English", () => {
    const en = (kind: ClaimMessage["kind"]) => claimMessage(MESSAGES[kind], context("en"));
    expect(en("filed").text).toBe(
      `${[
        "Acme Settlement",
        "Thank you. Your claim (Standard claim) was received on May 1, 2024.",
        "What you filed:\n- About you\n- Documents attached: 2",
        "For your security, this message does not repeat your answers.",
        `Your reference code is: ${CODE}`,
        "To check the status of your claim, go to https://claims.example/claim/status and enter your reference code with your last name (or, if you filed without a Claim ID, this email address).",
        "Questions? Contact the Settlement Administrator: 1-800-555-0142, info@claims.example.",
        "This message was sent automatically; please do not reply to it.",
      ].join("\n\n")}\n`,
    );
    expect(en("amended").subject).toBe(`Acme Settlement: your claim ${CODE} was amended`);
    expect(en("amended").text).toContain("This is version 2 of your claim");
    expect(en("documentsAdded").text).toContain(
      "These documents were added to your claim on May 2, 2024:\n- receipt.pdf",
    );
    expect(en("addressChanged").text).toContain(
      "If you did not make this change, contact the Settlement Administrator",
    );
    expect(en("documentsNeeded").subject).toBe(`Acme Settlement: documents are needed for your claim ${CODE}`);
    expect(en("documentsNeeded").text).toContain("- A repair receipt\n\nPlease send them by June 1, 2024.");
    expect(en("documentsNeeded").text).toContain("To add them, go to https://claims.example/documents.");
  });

  test("the texts of each event, in Spanish", () => {
    const es = (kind: ClaimMessage["kind"]) => claimMessage(MESSAGES[kind], context("es"));
    expect(es("filed").subject).toBe(`Acuerdo Acme: recibimos su reclamo ${CODE}`);
    expect(es("filed").text).toContain("Lo que presentó:\n- About you\n- Documentos adjuntos: 2");
    expect(es("amended").text).toContain("Esta es la versión 2 de su reclamo");
    expect(es("documentsAdded").subject).toBe(`Acuerdo Acme: se agregaron documentos a su reclamo ${CODE}`);
    expect(es("addressChanged").text).toContain("Si usted no hizo este cambio, comuníquese de inmediato");
    expect(es("documentsNeeded").text).toContain("Envíelos a más tardar el June 1, 2024.");
    expect(es("documentsNeeded").text).toContain(
      "Para agregarlos, visite https://claims.example/documents?culture=es.",
    );
  });

  test("a documents-needed message without a date asks for none", () => {
    const { text } = claimMessage({ kind: "documentsNeeded", referenceCode: CODE, needed: "A receipt" }, context("en"));
    expect(text).not.toContain("Please send them by");
  });
});

describe("the outbox's sender", () => {
  test("a message's Message-ID is made from its key: the same on a resend, another for another message", () => {
    const id = messageId("claim-filed:STD-1:1", "claims@acme.example");
    expect(id).toMatch(/^<[0-9a-f]{32}@acme\.example>$/);
    expect(messageId("claim-filed:STD-1:1", "claims@acme.example")).toBe(id);
    expect(messageId("claim-amended:STD-1:2", "claims@acme.example")).not.toBe(id);
  });

  test("retries wait longer each time, up to an hour", () => {
    expect(retryDelay(1)).toBe(30_000);
    expect(retryDelay(2)).toBe(60_000);
    expect(retryDelay(3)).toBe(120_000);
    expect(retryDelay(30)).toBe(60 * 60_000);
  });

  test("SMTP_URL: smtp:// or smtps:// with a host; read back without its password", () => {
    expect(checkSmtpUrl("smtps://user:pass@mail.example:465")).toBe("smtps://user:pass@mail.example:465");
    expect(checkSmtpUrl("smtp://mail.example")).toBe("smtp://mail.example");
    expect(() => checkSmtpUrl("mail.example:25")).toThrow(/SMTP_URL/);
    expect(() => checkSmtpUrl("https://mail.example")).toThrow("must start with smtp:// or smtps://");
    expect(withoutPassword("smtp://user:p@ss:word@mail.example:25")).toBe("smtp://user:***@mail.example:25");
  });
});
