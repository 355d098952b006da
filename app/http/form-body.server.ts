import { data } from "react-router";
import { isMultipart, MalformedUpload, receiveUpload } from "#app/documents/upload.server.ts";

/** Our forms' text is a few kilobytes; a body far larger is not one of them. */
export const MAX_FORM_BYTES = 256 * 1024;

/**
 * A form POST's fields, read with a cap instead of whole into memory (request.formData() would
 * buffer any size): url-encoded up to MAX_FORM_BYTES, else a 413; multipart through the streaming
 * reader with its field limits, any file dropped unread. Unreadable bodies are a 400.
 */
export async function readFormFields(request: Request, message: { tooLarge: string; malformed: string }): Promise<URLSearchParams> {
  if (isMultipart(request)) {
    try {
      return (await receiveUpload(request, undefined)).fields;
    } catch (error) {
      if (error instanceof MalformedUpload) throw data(message.malformed, { status: 400 });
      throw error;
    }
  }
  const text = await readBodyText(request);
  if (text === undefined) throw data(message.tooLarge, { status: 413 });
  return new URLSearchParams(text);
}

/** Past the cap the rest is read and dropped, so the client gets its 413; this far, and no further. */
const MAX_DRAINED_BYTES = 16 * 1024 * 1024;

/** The body as text, or undefined when it is over MAX_FORM_BYTES (nothing past that is kept). */
export async function readBodyText(request: Request): Promise<string | undefined> {
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_DRAINED_BYTES) {
      await reader.cancel();
      return undefined;
    }
    if (size <= MAX_FORM_BYTES) chunks.push(value);
  }
  return size > MAX_FORM_BYTES ? undefined : Buffer.concat(chunks).toString("utf8");
}
