import { CsvError, parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";

/**
 * CSV through maintained libraries (csv-parse, csv-stringify), not our own loops: byte-order marks,
 * quotes, line breaks inside fields and malformed files are theirs to get right (DESIGN "CSV").
 */

/** A CSV file that cannot be read: where, and why, in words an operator can act on. */
export class CsvFormatError extends Error {
  readonly line: number;
  readonly reason: string;
  constructor(line: number, reason: string) {
    super(`line ${line}: ${reason}`);
    this.line = line;
    this.reason = reason;
  }
}

function reasonFor(error: CsvError): string {
  switch (error.code) {
    case "CSV_QUOTE_NOT_CLOSED":
      return 'a field opens a quote (") that is never closed, so every later row would become part of it';
    case "CSV_RECORD_INCONSISTENT_FIELDS_LENGTH":
      return `this row has a different number of columns than the header (${error.message.replace(/^Invalid Record Length: /, "").replace(/ on line \d+$/, "")})`;
    case "INVALID_OPENING_QUOTE":
    case "CSV_INVALID_CLOSING_QUOTE":
      return 'a quote (") inside a field that is not quoted as a whole; write it as "" inside a quoted field';
    default:
      return error.message;
  }
}

/** A row of a CSV file, with the line it starts on (for messages). */
export interface CsvRow {
  fields: string[];
  line: number;
}

const CR = 0x0d;
const LF = 0x0a;
const BOM = [0xef, 0xbb, 0xbf];
const QUOTE_ERRORS = new Set<CsvError["code"]>([
  "CSV_QUOTE_NOT_CLOSED",
  "INVALID_OPENING_QUOTE",
  "CSV_INVALID_CLOSING_QUOTE",
]);

/**
 * Line numbers as an editor shows them, for byte offsets into the file. csv-parse's own count will
 * not do: it counts a CRLF inside a quoted field as two lines, shifting every later line of an
 * Excel file, and it names the line where a row ends or where it gave up, not where a row starts.
 */
function linesOf(bytes: Uint8Array) {
  const starts = [0];
  for (let at = 0; at < bytes.length; at++) {
    if (bytes[at] === CR && bytes[at + 1] === LF) at++;
    if (bytes[at] === CR || bytes[at] === LF) starts.push(at + 1);
  }
  return {
    /** The line (from 1) holding the byte at `offset`. */
    at(offset: number): number {
      let [low, high] = [0, starts.length - 1];
      while (low < high) {
        const middle = Math.ceil((low + high) / 2);
        if (starts[middle]! <= offset) low = middle;
        else high = middle - 1;
      }
      return low + 1;
    },
    /** Where the next row starts after `offset`: past the blank lines the reader skips. */
    skipBlank(offset: number): number {
      let at = offset;
      while (bytes[at] === CR || bytes[at] === LF) at++;
      return at;
    },
  };
}

/**
 * Rows of fields from CSV text (RFC 4180: commas, fields optionally in double quotes, CRLF or LF
 * line ends). A byte-order mark (Excel's "CSV UTF-8") is skipped, blank lines are skipped; every
 * row must have as many fields as the first, unless `sameLength` is false (a slice of a file,
 * whose first row is not its header: the reader compares each row with the header itself). A
 * malformed file throws CsvFormatError with the line where its trouble starts.
 */
export function parseCsvRows(text: string, { sameLength = true } = {}): CsvRow[] {
  const bytes = Buffer.from(text, "utf8");
  const lines = linesOf(bytes);
  // csv-parse tells where each row ends (context.bytes, just past its line break): the next starts there.
  let rowEnd = BOM.every((byte, at) => bytes[at] === byte) ? BOM.length : 0;
  try {
    const rows: CsvRow[] = [];
    parse(bytes, {
      bom: true,
      skip_empty_lines: true,
      relax_column_count: !sameLength,
      record_delimiter: ["\r\n", "\n", "\r"],
      on_record: (fields, context) => {
        rows.push({ fields, line: lines.at(lines.skipBlank(rowEnd)) });
        rowEnd = context.bytes;
        return null;
      },
    });
    return rows;
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const rowStart = lines.skipBlank(rowEnd);
    // A quote error carries where the field before the bad one ended: the quote is on that line.
    const quoteAt = QUOTE_ERRORS.has(error.code) && typeof error.bytes === "number" ? error.bytes : 0;
    throw new CsvFormatError(lines.at(Math.max(rowStart, quoteAt)), reasonFor(error));
  }
}

/** The fields of each row (parseCsvRows without the lines). */
export function parseCsv(text: string): string[][] {
  return parseCsvRows(text).map((row) => row.fields);
}

/**
 * One CSV line (CRLF-terminated); fields with a comma, quote or line break are quoted. A field
 * starting with =, +, -, @, a tab or a carriage return gets a leading apostrophe, so a spreadsheet
 * opening an export never runs a claimant's answer as a formula (CSV injection).
 */
export function csvLine(values: Array<string | number | boolean | null | undefined>): string {
  const defused = values.map((value) => {
    const text = value === null || value === undefined ? "" : String(value);
    return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  });
  // A row of one empty field would be a blank line, which readers skip: quoted, it stays a row.
  return stringify([defused], { record_delimiter: "\r\n", quoted_match: /[\r\n]/, quoted_empty: defused.length === 1 });
}

/** Starts a CSV file: a byte-order mark first, so Excel reads the UTF-8 (accents) as such. */
export const CSV_FILE_START = "\uFEFF";
