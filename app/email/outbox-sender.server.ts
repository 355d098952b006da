import { createHash } from "node:crypto";
import nodemailer from "nodemailer";
import { log } from "#app/log.server.ts";
import { withReturnLinkToken } from "#app/security/return-link-token.server.ts";
import { getStore } from "#app/storage/store.server.ts";
import type { LeasedEmail, Store } from "#app/storage/store.ts";
import { type EmailSettings, emailSettings } from "./email-settings.server.ts";
import { positiveSetting } from "#app/positive-setting.server.ts";

/**
 * The outbox's sender (decision 031), one in every instance: it takes a due message under a lease
 * (no other instance sends it meanwhile), hands it to the SMTP server, and marks it sent; while
 * the SMTP server does not answer, the message waits and is tried again, longer each time, until
 * EMAIL_GIVE_UP_HOURS after it was queued. It works on the real clock, never a request's test clock.
 */

/** How often an instance looks for due messages (a filing on the same instance wakes it at once). */
export const EMAIL_POLL_MS = positiveSetting("EMAIL_POLL_MS", 5_000);
/** The wait before the first retry of a message the SMTP server did not take; it doubles each time, up to an hour. */
const EMAIL_RETRY_MS = positiveSetting("EMAIL_RETRY_MS", 30_000);
const MAX_RETRY_MS = 60 * 60_000;
/** After this long in the outbox, a message not sent is given up (and logged as an error). */
const GIVE_UP_MS = positiveSetting("EMAIL_GIVE_UP_HOURS", 72) * 60 * 60_000;
/**
 * How long a message taken is another instance's to leave alone: longer than the longest a send
 * can take (the SMTP timeouts below), so only an instance that died mid-send lets it go.
 */
const LEASE_MS = 5 * 60_000;
const SMTP_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };
/** Messages sent (or given up) are kept this long, then purged: the outbox is no archive of addresses. */
const KEEP_SENT_MS = 14 * 24 * 60 * 60_000;
const PURGE_EVERY_MS = 60 * 60_000;

/** What the sender hands a message to: nodemailer's SMTP transport. */
export type Transport = Pick<ReturnType<typeof nodemailer.createTransport>, "sendMail" | "close">;

export interface EmailSender {
  /** Looks for due messages now (a message was just queued). */
  wake(): void;
  /** Takes no more messages, and resolves once the one being sent, if any, is sent and marked (or put back). */
  stop(): Promise<void>;
}

/**
 * A message's Message-ID, made from its key: the same message sent again (after a crash between
 * the SMTP server's OK and the mark) carries the same id, which a mailbox may use to see it twice.
 */
export function messageId(key: string, from: string): string {
  const domain = from.slice(from.lastIndexOf("@") + 1);
  return `<${createHash("sha256").update(key).digest("hex").slice(0, 32)}@${domain}>`;
}

/** The wait before the next try of a message tried `attempts` times. */
export function retryDelay(attempts: number): number {
  return Math.min(EMAIL_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);
}

/** An SMTP server's refusal of the recipient itself (a 5xx to RCPT TO): trying again says the same. */
function refusedForGood(error: unknown): boolean {
  const { code, responseCode } = error as { code?: string; responseCode?: number };
  return code === "EENVELOPE" && typeof responseCode === "number" && responseCode >= 500;
}

export function emailSender(
  store: Store,
  settings: Pick<EmailSettings, "from">,
  transport: Transport,
  pollMs = EMAIL_POLL_MS,
): EmailSender {
  let stopped = false;
  let round: Promise<void> | undefined;
  let again = false;
  let lastPurge = 0;
  let failing = false;

  const send = async (email: LeasedEmail) => {
    const now = Date.now();
    try {
      await transport.sendMail({
        from: settings.from,
        to: email.to,
        subject: email.subject,
        // A return link's token is made as it is sent, never stored (decision 032).
        text: withReturnLinkToken(email.key, email.text),
        messageId: messageId(email.key, settings.from),
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const fields = { key: email.key, attempts: email.attempts, error };
      if (refusedForGood(error) || now - email.queuedAt >= GIVE_UP_MS) {
        await store.giveUpEmail(email, now, reason);
        log.error("an e-mail was given up: it will not be sent", fields);
      } else {
        const dueAt = now + retryDelay(email.attempts);
        await store.retryEmail(email, dueAt, reason);
        if (!failing) {
          const { waiting } = await store.emailBacklog();
          log.warn("the SMTP server did not take an e-mail: it will be tried again", { ...fields, waiting });
        }
        failing = true;
      }
      return;
    }
    if (failing) log.info("the SMTP server takes e-mails again", { key: email.key });
    failing = false;
    // A lease that ran out (a send longer than LEASE_MS) may have let another instance send it too.
    if (!(await store.markEmailSent(email, Date.now())))
      log.warn("an e-mail was sent after its lease ran out: it may be sent twice", { key: email.key });
  };

  /** Sends what is due, one message at a time, until nothing is (or the sender stops). */
  const sendDue = async () => {
    do {
      again = false;
      for (;;) {
        if (stopped) return;
        const now = Date.now();
        const email = await store.takeDueEmail(now, now + LEASE_MS);
        if (!email) break;
        await send(email);
      }
    } while (again && !stopped);
    if (Date.now() - lastPurge >= PURGE_EVERY_MS) {
      lastPurge = Date.now();
      const purged = await store.purgeSentEmails(lastPurge - KEEP_SENT_MS);
      if (purged > 0) log.info("sent e-mails purged", { purged });
    }
  };

  const wake = () => {
    if (stopped) return;
    if (round) {
      again = true;
      return;
    }
    round = sendDue()
      .catch((error: unknown) => log.error("sending e-mails failed: the sender tries again shortly", { error }))
      .finally(() => {
        round = undefined;
      });
  };

  const timer = setInterval(wake, pollMs);
  timer.unref();
  wake();
  return {
    wake,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await round;
      transport.close();
    },
  };
}

let running: EmailSender | undefined;

/** Starts this process's sender, if e-mail is on (SMTP_URL): server.ts calls it once it listens. */
export function startEmailSender(): void {
  const settings = emailSettings();
  if (!settings || running) return;
  const transport = nodemailer.createTransport({ url: settings.smtpUrl, ...SMTP_TIMEOUTS });
  running = emailSender(getStore(), settings, transport);
}

/** Stops this process's sender, once the message being sent is done: server.ts calls it as it stops. */
export async function stopEmailSender(): Promise<void> {
  await running?.stop();
  running = undefined;
}

/** A message was queued: this process's sender looks for it now rather than at its next poll. */
export function wakeEmailSender(): void {
  running?.wake();
}
