/**
 * RFC 4180 CSV: comma-separated, fields optionally in double quotes ("" for a quote inside), CRLF
 * or LF line ends. Returns rows of fields; a blank line is skipped.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const character = text[index]!;
    if (quoted) {
      if (character === '"' && text[index + 1] === '"') {
        field += '"';
        index++;
      } else if (character === '"') {
        quoted = false;
      } else {
        field += character;
      }
    } else if (character === '"' && field === "") {
      quoted = true;
    } else if (character === ",") {
      row.push(field);
      field = "";
    } else if (character === "\n" || character === "\r") {
      if (character === "\r" && text[index + 1] === "\n") index++;
      row.push(field);
      if (row.some((value) => value !== "")) rows.push(row);
      row = [];
      field = "";
    } else {
      field += character;
    }
  }
  row.push(field);
  if (row.some((value) => value !== "")) rows.push(row);
  return rows;
}

/**
 * One CSV line (CRLF-terminated): fields with a comma, quote or line break are quoted. A field
 * starting with =, +, - or @ gets a leading apostrophe, so a spreadsheet opening an export never
 * runs a claimant's answer as a formula (CSV injection).
 */
export function csvLine(values: Array<string | number | boolean | null | undefined>): string {
  return `${values
    .map((value) => {
      let text = value === null || value === undefined ? "" : String(value);
      if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
      return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
    })
    .join(",")}\r\n`;
}
