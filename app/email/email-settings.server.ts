import { getPortal } from "#app/settlement/portal.server.ts";

/**
 * Whether and how the portal e-mails claimants (decision 031): SMTP_URL names the SMTP server
 * (`smtp://user:password@host:port`, or `smtps://` for TLS from the first byte), settlement.json
 * `email` the from address and the portal's public address for links. Without SMTP_URL nothing is
 * queued or sent, and no page says an e-mail is on its way.
 */
export interface EmailSettings {
  smtpUrl: string;
  from: string;
  /** The portal's public address, without a trailing slash. */
  portalUrl: string;
}

/** A start-up problem with the e-mail settings: the server prints the message (no stack) and stops. */
export class EmailSettingsError extends Error {
  override name = "ConfigurationError";
}

/** SMTP_URL as an operator may read it back: the password never. */
export function withoutPassword(url: string): string {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:@/]*):[^/]*@/i, "$1:***@");
}

/** SMTP_URL checked: an smtp:// or smtps:// URL with a host (and a port, if given, that is one). */
export function checkSmtpUrl(value: string): string {
  const refuse = (why: string) =>
    new EmailSettingsError(
      `SMTP_URL ${why}: expected smtp://user:password@host:port (or smtps:// for TLS), got "${withoutPassword(value)}"`,
    );
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw refuse("is not a URL");
  }
  if (url.protocol !== "smtp:" && url.protocol !== "smtps:") throw refuse("must start with smtp:// or smtps://");
  if (!url.hostname) throw refuse("names no host");
  if (url.pathname !== "" && url.pathname !== "/") throw refuse("has a path, which an SMTP server has not");
  return value;
}

let settings: EmailSettings | undefined | null;

/**
 * The e-mail settings, or undefined when SMTP_URL is not set; read once per process. Throws
 * EmailSettingsError when SMTP_URL is malformed, or set without settlement.json's `email`
 * (entry.server calls it at start-up, so the server refuses to start then).
 */
export function emailSettings(): EmailSettings | undefined {
  if (settings !== undefined) return settings ?? undefined;
  const smtpUrl = process.env.SMTP_URL?.trim();
  if (!smtpUrl) {
    settings = null;
    return undefined;
  }
  checkSmtpUrl(smtpUrl);
  const { settlement, settlementDir } = getPortal();
  if (!settlement.email)
    throw new EmailSettingsError(
      `SMTP_URL is set, but ${settlementDir}/settlement.json has no "email" setting: add "email": { "from": "<the address messages come from>", "portalUrl": "<the portal's public address, https://…>" }`,
    );
  settings = {
    smtpUrl,
    from: settlement.email.from,
    portalUrl: settlement.email.portalUrl.replace(/\/+$/, ""),
  };
  return settings;
}
