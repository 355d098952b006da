import { open } from "node:fs/promises";
import { CsvFormatError } from "./csv.ts";

/**
 * A CSV file read a slice at a time, each slice cut where a row ends, so a list of millions of
 * rows is never whole in memory (one string of a 600 MB list is over V8's limit). A line break
 * ends a row unless it is inside a quoted field: inside one, an odd number of quotes has been
 * seen since the file began (RFC 4180 escapes a quote by doubling it, which keeps the count even).
 * Each slice is whole rows, so it is parsed as a CSV text of its own (parseCsvRows) and its lines
 * are counted from `firstLine`.
 */
export interface CsvSlice {
  bytes: Buffer;
  /** The file's line (from 1) the slice starts on. */
  firstLine: number;
}

const QUOTE = 0x22;
const CR = 0x0d;
const LF = 0x0a;

/** How much is read at a time; a slice is about this size, or one row when a row is longer (tests read less). */
const READ_BYTES = 1 << 20;

/**
 * A row longer than this (a quote never closed, say) ends the reading: parsing what is left as
 * one slice reports the quote, with its line, without holding the rest of a large file.
 */
export const LONGEST_ROW_BYTES = 16 << 20;

export async function* csvSlices(file: string, readBytes = READ_BYTES): AsyncGenerator<CsvSlice> {
  const handle = await open(file, "r");
  try {
    let pending = Buffer.alloc(0);
    // What the scan has learned of `pending`: up to where, whether inside quotes there, and the last row end.
    let scanned = 0;
    let quoted = false;
    let rowEnd = 0;
    let firstLine = 1;
    for (;;) {
      const chunk = Buffer.allocUnsafe(readBytes);
      const { bytesRead } = await handle.read(chunk, 0, readBytes, null);
      const atEnd = bytesRead === 0;
      if (!atEnd)
        pending = pending.length
          ? Buffer.concat([pending, chunk.subarray(0, bytesRead)])
          : chunk.subarray(0, bytesRead);
      for (; scanned < pending.length; scanned++) {
        const byte = pending[scanned];
        if (byte === QUOTE) quoted = !quoted;
        // The break after a CR is its LF, if it has one: a CRLF is one line end.
        else if (!quoted && (byte === LF || (byte === CR && pending[scanned + 1] !== LF))) rowEnd = scanned + 1;
      }
      // A CR at the very end may yet be followed by its LF: wait for the next read to tell.
      if (!atEnd && pending[pending.length - 1] === CR && rowEnd === pending.length)
        rowEnd = lastRowEndBefore(pending, rowEnd);
      const tooLong = pending.length - rowEnd > LONGEST_ROW_BYTES;
      if (atEnd) {
        if (pending.length) yield { bytes: pending, firstLine };
        return;
      }
      if (tooLong) {
        // Parsing this names the stray quote and its line; if it somehow does not, say where the row began.
        yield { bytes: pending, firstLine };
        const line = firstLine + lineBreaks(pending.subarray(0, rowEnd));
        throw new CsvFormatError(
          line,
          `a row is longer than ${LONGEST_ROW_BYTES >> 20} MB: a quote (") that is never closed?`,
        );
      }
      if (rowEnd > 0 && pending.length >= readBytes) {
        const bytes = pending.subarray(0, rowEnd);
        yield { bytes, firstLine };
        firstLine += lineBreaks(bytes);
        pending = pending.subarray(rowEnd);
        scanned -= rowEnd;
        rowEnd = 0;
      }
    }
  } finally {
    await handle.close();
  }
}

/** The row end before `end` (a trailing CR excluded), or 0. Quotes are balanced there by construction. */
function lastRowEndBefore(bytes: Buffer, end: number): number {
  let quoted = false;
  let last = 0;
  for (let at = 0; at < end - 1; at++) {
    const byte = bytes[at];
    if (byte === QUOTE) quoted = !quoted;
    else if (!quoted && (byte === LF || (byte === CR && bytes[at + 1] !== LF))) last = at + 1;
  }
  return last;
}

/** Line ends in the bytes as an editor counts them: CRLF, LF and CR alone each one. */
export function lineBreaks(bytes: Uint8Array): number {
  let count = 0;
  for (let at = 0; at < bytes.length; at++) {
    if (bytes[at] === CR && bytes[at + 1] === LF) at++;
    if (bytes[at] === CR || bytes[at] === LF) count++;
  }
  return count;
}
