import { CsvFormatError, parseCsvRows } from "#app/claimants/csv.ts";
import { csvSlices } from "#app/claimants/csv-slices.ts";
import { checkListFile } from "#app/claimants/member-list-file.server.ts";
import { CLAIMANT_DATE_ZONE } from "#app/deadlines/time-zones.ts";
import type { Settlement } from "#app/settlement/settlement-schema.ts";
import type { NewClaimStatus, Store } from "#app/storage/store.ts";
import { checkStatusRow, headerProblems, type StatusRowContext } from "./status-file.ts";

/**
 * import-statuses (issue 25, docs/decisions/028-claim-status.md): the Settlement Administrator's
 * statuses for filed claims, from a CSV file (status-file.ts says what it holds). The file is read
 * twice, a slice at a time (it may have a row per claim, millions): first every row is checked,
 * its reference code among them a filed claim's, and every problem is told with its line; only a
 * file without any is then applied, in one transaction. A status is added as a row of its own,
 * never over another; one imported before (the same file again) is not added twice.
 */
export class StatusFileError extends Error {
  override name = "StatusFileError";
  readonly problems: string[];
  constructor(file: string, problems: string[]) {
    const told = problems.slice(0, MAX_PROBLEMS_TOLD).map((problem) => `  ${problem}`);
    if (problems.length > MAX_PROBLEMS_TOLD) told.push(`  … and ${problems.length - MAX_PROBLEMS_TOLD} more`);
    super(
      `${file}: not imported, nothing was changed: ${problems.length} problem${problems.length === 1 ? "" : "s"}\n${told.join("\n")}`,
    );
    this.problems = problems;
  }
}

/** A file wrong in every row of millions would print millions of lines: the first this many are told, and how many more. */
const MAX_PROBLEMS_TOLD = 200;
/** How many reference codes are looked up in the store at a time. */
const CODES_PER_QUERY = 500;

export interface ImportedStatuses {
  rows: number;
  added: number;
  alreadyImported: number;
  /** Claimants e-mailed about a status added (Documents needed). */
  emailed: number;
}

/** Today in the claimants' time zone, as YYYY-MM-DD: no status may be dated after it. */
export function claimantDay(now: number): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: CLAIMANT_DATE_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(now);
}

export async function importStatuses(
  store: Store,
  file: string,
  settlement: Pick<Settlement, "statusReasons">,
  now: number,
  /** The claimant's message about a status added (Documents needed), queued with it. */
  email?: Parameters<Store["importClaimStatuses"]>[2],
): Promise<ImportedStatuses> {
  checkListFile(file);
  const context: StatusRowContext = {
    reasonCodes: new Set(Object.keys(settlement.statusReasons)),
    today: claimantDay(now),
  };
  const problems: string[] = [];
  let rows = 0;
  for await (const batch of checkedBatches(file, context, problems)) {
    rows += batch.length;
    for (let start = 0; start < batch.length; start += CODES_PER_QUERY) {
      const slice = batch.slice(start, start + CODES_PER_QUERY);
      const filedAt = await store.claimsFiledAt([...new Set(slice.map(({ status }) => status.referenceCode))]);
      for (const { status, line } of slice) {
        const filed = filedAt.get(status.referenceCode);
        if (filed === undefined) problems.push(`line ${line}: no claim has the reference code ${status.referenceCode}`);
        // A claim approved before it was received reads as nonsense to its claimant.
        else if (status.date < claimantDay(filed))
          problems.push(
            `line ${line}: the date ${status.date} is before the claim ${status.referenceCode} was filed (${claimantDay(filed)})`,
          );
      }
    }
  }
  if (rows === 0 && problems.length === 0) problems.push("has no statuses: only a header, or nothing at all");
  if (problems.length > 0) throw new StatusFileError(file, inLineOrder(problems));
  // Checked: read again, applied as it is read, in one transaction.
  const again: string[] = [];
  const applied = await store.importClaimStatuses(
    (async function* () {
      for await (const batch of checkedBatches(file, context, again)) {
        if (again.length > 0) throw new StatusFileError(file, again);
        yield batch.map(({ status }) => status);
      }
    })(),
    now,
    email,
  );
  return { rows, ...applied };
}

/**
 * The file's rows that pass their checks, a slice at a time, with their lines; the problems of the
 * others (and of the file: its header, its encoding, a quote left open) go to `problems`.
 */
async function* checkedBatches(
  file: string,
  context: StatusRowContext,
  problems: string[],
): AsyncGenerator<Array<{ status: NewClaimStatus; line: number }>> {
  let header: string[] | undefined;
  try {
    for await (const { bytes, firstLine } of csvSlices(file)) {
      let text: string;
      try {
        text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
      } catch {
        problems.push(`from line ${firstLine}: this is not UTF-8 text: save the file as "CSV UTF-8"`);
        return;
      }
      let rows: Array<{ fields: string[]; line: number }>;
      try {
        rows = parseCsvRows(text, { sameLength: false }).map((row) => ({ ...row, line: row.line + firstLine - 1 }));
      } catch (error) {
        if (!(error instanceof CsvFormatError)) throw error;
        problems.push(`line ${error.line + firstLine - 1}: ${error.reason}`);
        return;
      }
      if (!header) {
        header = rows.shift()?.fields.map((column) => column.trim());
        if (!header) continue;
        const wrong = headerProblems(header);
        if (wrong.length > 0) {
          problems.push(...wrong.map((problem) => `line 1: ${problem}`));
          return;
        }
      }
      const batch: Array<{ status: NewClaimStatus; line: number }> = [];
      for (const { fields, line } of rows) {
        const checked = checkStatusRow(header, fields, context);
        if ("status" in checked) batch.push({ status: checked.status, line });
        else problems.push(...checked.problems.map((problem) => `line ${line}: ${problem}`));
      }
      yield batch;
    }
  } catch (error) {
    if (!(error instanceof CsvFormatError)) throw error;
    problems.push(`line ${error.line}: ${error.reason}`);
  }
}

/** Problems told in the order of their lines (a row's own, then its code's, found a slice later), each line's in the order found. */
function inLineOrder(problems: string[]): string[] {
  const lineOf = (problem: string) => Number(/^line (\d+):/.exec(problem)?.[1] ?? 0);
  return problems.toSorted((a, b) => lineOf(a) - lineOf(b));
}
