import { data } from "react-router";
import { isMultipart, MalformedUpload, PartTooLarge, receiveUpload } from "#app/documents/upload.server.ts";
import type { Translate } from "#app/i18n/i18n.ts";
import { requireFormCsrf } from "#app/session/csrf.server.ts";
import { MAX_FORM_FIELDS, nameTooDeep } from "./form-limits.server.ts";

/** Our forms' text is a few kilobytes; a body far larger is not one of them. */
export const MAX_FORM_BYTES = 256 * 1024;

/**
 * A form POST's fields, read with a cap instead of whole into memory (request.formData() would
 * buffer any size): url-encoded up to MAX_FORM_BYTES and MAX_FORM_FIELDS, else a 413; multipart
 * through the streaming reader with its field limits, any file dropped unread. Unreadable bodies,
 * and a field name deeper than MAX_NAME_PARTS (app/http/form-limits.server.ts), are a 400.
 */
export async function readFormFields(
  request: Request,
  message: { tooLarge: string; malformed: string },
): Promise<URLSearchParams> {
  if (isMultipart(request)) {
    try {
      return (await receiveUpload(request, undefined)).fields;
    } catch (error) {
      if (error instanceof PartTooLarge) throw data(message.tooLarge, { status: 413 });
      if (error instanceof MalformedUpload) throw data(message.malformed, { status: 400 });
      throw error;
    }
  }
  const text = await readBodyText(request);
  if (text === undefined) throw data(message.tooLarge, { status: 413 });
  // Parsing is one pass over at most MAX_FORM_BYTES; everything after it is kept to the caps.
  const fields = new URLSearchParams(text);
  if (fields.size > MAX_FORM_FIELDS) throw data(message.tooLarge, { status: 413 });
  for (const name of fields.keys()) if (nameTooDeep(name)) throw data(message.malformed, { status: 400 });
  return fields;
}

/**
 * A page's POST, as every form action reads it: its fields within the size cap (a 413, or a 400
 * for an unreadable body, each with the claimant's message), and the session's CSRF token among
 * them (else a 403). Uploads, which must check the token before storing a file, read their own.
 */
export async function readPostedForm(request: Request, sessionId: string, text: Translate): Promise<URLSearchParams> {
  const fields = await readFormFields(request, {
    tooLarge: text("Form_TooLarge"),
    malformed: text("Upload_Malformed"),
  });
  requireFormCsrf(sessionId, fields);
  return fields;
}

/**
 * The body as text, or undefined when it is over MAX_FORM_BYTES. Reading stops there: the rest is
 * left to the server (app/http/unread-body.server.ts drains it after the 413, or closes the
 * connection cleanly). Cancelling the stream instead would destroy the request, and the client
 * would see its connection reset rather than the 413.
 */
export async function readBodyText(request: Request): Promise<string | undefined> {
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_FORM_BYTES) {
      reader.releaseLock();
      return undefined;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}
