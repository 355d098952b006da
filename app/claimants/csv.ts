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
      return `this row has a different number of columns than the header (${error.message.replace(/^Invalid Record Length: /, "")})`;
    case "INVALID_OPENING_QUOTE":
    case "CSV_INVALID_CLOSING_QUOTE":
      return 'a quote (") inside a field that is not quoted as a whole; write it as "" inside a quoted field';
    default:
      return error.message;
  }
}

/** A row of a CSV file, with the line it ends on (for messages). */
export interface CsvRow {
  fields: string[];
  line: number;
}

/**
 * Rows of fields from CSV text (RFC 4180: commas, fields optionally in double quotes, CRLF or LF
 * line ends). A byte-order mark (Excel's "CSV UTF-8") is skipped, blank lines are skipped; every
 * row must have as many fields as the first. A malformed file throws CsvFormatError with the line
 * where its trouble starts.
 */
export function parseCsvRows(text: string): CsvRow[] {
  let lastGoodLine = 0;
  try {
    const rows: CsvRow[] = [];
    parse(text, {
      bom: true,
      skip_empty_lines: true,
      record_delimiter: ["\r\n", "\n", "\r"],
      on_record: (fields, context) => {
        lastGoodLine = context.lines;
        rows.push({ fields, line: context.lines });
        return null;
      },
    });
    return rows;
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    // An unclosed quote is only noticed at the end of the file: the trouble starts after the last row read.
    const line = error.code === "CSV_QUOTE_NOT_CLOSED" ? lastGoodLine + 1 : Number((error as CsvError & { lines?: number }).lines ?? lastGoodLine + 1);
    throw new CsvFormatError(line, reasonFor(error));
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
  return stringify([defused], { record_delimiter: "\r\n", quoted_match: /[\r\n]/ });
}

/** Starts a CSV file: a byte-order mark first, so Excel reads the UTF-8 (accents) as such. */
export const CSV_FILE_START = "\uFEFF";
