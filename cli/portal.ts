/**
 * The operator's command line: `npm run portal -- <command> [options]`.
 *
 *   validate                     check the settlement folder (SETTLEMENT_DIR) as the server would
 *   import-members <file.csv>    check a class-member list and make it the one every server signs in against
 *   import-statuses <file.csv>   check the administrator's claim statuses and add them, all or none
 *   export [--out DIR] [--format json,jsonl,csv] [--documents] [--since T] [--until T] [--resume]
 *                                claims with their answers and records (and documents), all or those of a window
 *   report [--json | --html FILE] claims by day and form type, and the signals across claims (--html: a page with charts)
 *   history <reference code>     a claim's audit trail: every change, when and by whom
 *   purge                        remove expired sessions, drafts kept past their deadline and retention, unfiled uploads
 *   unlock <Claim ID>            lift a Claim ID's sign-in lockout and forget its failed sign-ins
 *   new-field-key                print a new key for FIELD_ENCRYPTION_KEYS (or the field-keys file)
 *   reencrypt                    encrypt every sensitive answer with the current field key
 *   backup <folder>              a consistent copy of DATA_DIR (SQLite) while the portal runs
 *
 * The store is the server's: DATABASE_URL (PostgreSQL) or DATA_DIR (SQLite, default data/).
 * Its output is text for a person (the server's log is JSON lines; decision 016).
 * docs/operating.md "Operator commands" has examples.
 */
import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { CLASS_MEMBERS_FILE, importMemberList } from "#app/claimants/member-list-import.server.ts";
import { readMemberList } from "#app/claimants/member-list-file.server.ts";
import { claimsReport, formatReport } from "#app/operator/claims-report.server.ts";
import { claimHistory, formatHistory } from "#app/operator/claim-history.server.ts";
import { reportPage } from "#app/operator/report-page.server.ts";
import { localize } from "#app/settlement/settlement-schema.ts";
import { logAsText } from "#app/log.server.ts";
import { exportClaims } from "#app/operator/export-claims.server.ts";
import { importStatuses } from "#app/operator/import-statuses.server.ts";
import { statusEmail } from "#app/claims/claim-status.server.ts";
import { emailSettings } from "#app/email/email-settings.server.ts";
import { typedReferenceCode } from "#app/claims/reference-code.ts";
import { referenceCodeLockKey } from "#app/security/sign-in-lockout.server.ts";
import type { ExportFormat } from "#app/operator/export-progress.server.ts";
import { EXPORT_TIME_EXAMPLE, exportTime } from "#app/operator/export-window.ts";
import { formsOfStoredClaims, loadPortal } from "#app/settlement/portal.server.ts";
import { fieldKeys, newFieldKey } from "#app/security/field-keys.server.ts";
import { dataDir, replacePrivateFile } from "#app/storage/data-dir.server.ts";
import { checkStoredFieldKeys } from "#app/storage/field-key-check.server.ts";
import { purgeExpiredDrafts } from "#app/claims/purge-drafts.server.ts";
import { backupSqlite } from "#app/storage/sqlite-backup.server.ts";
import { closeStore, getStore, storeName } from "#app/storage/store.server.ts";

const USAGE = `Usage: npm run portal -- <command>
  validate                        check the settlement folder (SETTLEMENT_DIR, default settlements/demo)
  import-members <file.csv>       check a class-member list and make it the one every server signs claimants in against
  import-statuses <file.csv> [--no-email]
                                  check the administrator's claim statuses (every problem, with its line) and add them, all or none;
                                  claimants whose claims now need documents are e-mailed (run it with the servers' SMTP_URL)
  export [--out DIR] [--format json,jsonl,csv] [--documents] [--since T] [--until T] [--resume]
                                  claims with answers and records; --documents copies their documents too;
                                  --since/--until: only claims that changed (filed, amended, given a document, a status
                                  or an address) from T (ISO 8601 with offset, e.g. 2026-03-01T00:00:00-08:00) until T; --resume: finish an
                                  export that stopped, in its --out folder
  report [--json | --html FILE]   claims by day (Los Angeles) and form type; claims that share a bank account, an e-mail
                                  address, a phone or a mailing address; bursts from one network; filings faster than typing;
                                  --html FILE: one page with charts (claims per day, statuses, sign-ins per hour, clusters)
  history <reference code>        a claim's audit trail: filed, amended, address changed, documents added, statuses imported
  purge                           remove expired sessions, drafts past their deadline and retention, unfiled uploads
  unlock <Claim ID | code>        lift the Claim ID's sign-in lockout, or a reference code's look-up lockout (after checking with the claimant who called)
  new-field-key                   print a new key to put first in FIELD_ENCRYPTION_KEYS or DATA_DIR/field-keys (key rotation)
  reencrypt                       encrypt every sensitive answer with the current (first) field key: after a rotation, or an upgrade
  backup <folder>                 copy the SQLite database, documents and session secret into a new folder, while the portal runs`;

// What the portal's modules log (a warning about the settlement, a field key made) is for the
// operator reading the terminal: plain lines on standard error, beside the command's own messages.
logAsText();

/**
 * The commands on the store refuse, as the server does, a store holding answers under a field key
 * they lack. Not backup: a backup is wanted most when something is wrong, and it decrypts nothing.
 */
const CHECKS_FIELD_KEYS = new Set(["export", "report", "history", "purge", "unlock", "reencrypt", "import-statuses"]);

const settlementDir = () => path.resolve(process.env.SETTLEMENT_DIR ?? "settlements/demo");

async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      out: { type: "string" },
      format: { type: "string" },
      documents: { type: "boolean" },
      since: { type: "string" },
      until: { type: "string" },
      resume: { type: "boolean" },
      json: { type: "boolean" },
      html: { type: "string" },
      "no-email": { type: "boolean" },
      help: { type: "boolean" },
    },
  });
  const [command, ...rest] = positionals;
  if (!command || values.help) {
    console.log(USAGE);
    return command || values.help ? 0 : 2;
  }
  if (CHECKS_FIELD_KEYS.has(command)) await checkStoredFieldKeys();
  switch (command) {
    case "validate": {
      const portal = loadPortal(settlementDir());
      const { settlement, forms, flows, home } = portal;
      // The list is checked before anything is said valid (as a server refuses it before it listens).
      const listFile = path.join(settlementDir(), CLASS_MEMBERS_FILE);
      let members: number | undefined;
      if (existsSync(listFile)) {
        members = 0;
        for await (const _member of readMemberList(listFile)) members++;
      }
      console.log(
        `${settlementDir()} is valid: ${settlement.caseName} (${settlement.caseNumber}), theme ${settlement.theme}, cultures ${settlement.cultures.join(", ")}`,
      );
      console.log(
        `  forms: ${Object.entries(forms)
          .map(([type, form]) => `${type} (${form.models.length} models)`)
          .join(", ")}`,
      );
      console.log(
        `  flows: ${flows
          .map(
            ({ formType, signIn, deadlineKeys }) =>
              `${formType} (sign-in: ${signIn.join(", ") || "none"}; deadlines: ${deadlineKeys.join(", ")})`,
          )
          .join(", ")}; / is ${home ? `the ${home} flow` : "a start page"}`,
      );
      console.log(
        members === undefined
          ? `  class members: no ${CLASS_MEMBERS_FILE} (the list given to import-members is used)`
          : `  class members: ${members} in ${CLASS_MEMBERS_FILE}`,
      );
      return 0;
    }
    case "import-members": {
      const source = rest[0];
      if (!source) throw new UsageError("import-members needs the CSV file to import");
      const file = path.resolve(source);
      const imported = await importMemberList(getStore(), file);
      const perSecond = Math.round(imported.members / Math.max(imported.seconds, 0.001));
      console.log(
        `Imported ${imported.members} class members (${imported.withVin} with a VIN) from ${file} in ${imported.seconds.toFixed(1)} s (${perSecond} a second): every server signs claimants in against them now.`,
      );
      return 0;
    }
    case "import-statuses": {
      const source = rest[0];
      if (!source) throw new UsageError("import-statuses needs the CSV file of statuses to import");
      const file = path.resolve(source);
      const { settlement } = loadPortal(settlementDir());
      // A status is imported once: a message not queued with it is never sent. So where the
      // settlement e-mails its claimants, an import that could not queue theirs is refused.
      if (settlement.email && !emailSettings() && !values["no-email"]) {
        console.error(
          'import-statuses: settlement.json has "email" but SMTP_URL is not set here, so claimants whose claims need documents would not be e-mailed (and importing the file again would not e-mail them either). Run it with the servers\' SMTP_URL, or add --no-email to import without e-mailing anyone. Nothing was imported.',
        );
        return 1;
      }
      const imported = await importStatuses(
        getStore(),
        file,
        settlement,
        Date.now(),
        values["no-email"] ? undefined : statusEmail,
      );
      console.log(
        `Imported ${imported.rows} statuses from ${file}: ${imported.added} added, ${imported.alreadyImported} already imported before (left as they were).`,
      );
      // Messages are queued only where SMTP_URL is set, as the servers' is: an import without it tells no one.
      console.log(
        emailSettings()
          ? `${imported.emailed} claimant${imported.emailed === 1 ? "" : "s"} will be e-mailed about documents needed (the servers send the messages).`
          : "No claimant is e-mailed: SMTP_URL is not set here.",
      );
      return 0;
    }
    case "export": {
      const formats = values.format?.split(",").map((format) => format.trim());
      if (formats?.some((format) => !EXPORT_FORMATS.includes(format as ExportFormat)))
        throw new UsageError("--format takes json, jsonl or csv, or several of them separated by commas");
      const since = windowBound("since", values.since);
      const until = windowBound("until", values.until);
      if (since !== undefined && until !== undefined && until <= since)
        throw new UsageError(
          `--until (${new Date(until).toISOString()}) must be after --since (${new Date(since).toISOString()})`,
        );
      if (values.resume && !values.out) throw new UsageError("--resume needs the --out folder of the export to finish");
      const outDir = path.resolve(values.out ?? `claims-export-${new Date().toISOString().slice(0, 10)}`);
      const summary = await exportClaims({
        store: getStore(),
        storeName: storeName(),
        forms: formsOfStoredClaims(loadPortal(settlementDir())),
        outDir,
        selection: { formats: formats as ExportFormat[] | undefined, documents: values.documents, since, until },
        resume: !!values.resume,
        now: Date.now(),
      });
      console.log(
        `Exported ${summary.claims} claims${summary.documents > 0 || values.documents ? ` and ${summary.documents} documents` : ""} to ${outDir}: ${summary.files.join(", ")}`,
      );
      console.log(
        `It holds the claims filed or changed (amended, given a document, a status or an address) before ${new Date(summary.until).toISOString()}. Next incremental export: --since ${new Date(summary.until).toISOString()}`,
      );
      return 0;
    }
    case "report": {
      if (values.json && values.html) throw new UsageError("report takes --json or --html FILE, not both");
      const report = await claimsReport(getStore());
      if (values.html) {
        const file = path.resolve(values.html);
        const { caseName } = loadPortal(settlementDir()).settlement;
        // The operator's alone: it names claims by their codes. A folder given is said so plainly.
        if (existsSync(file) && statSync(file).isDirectory())
          throw Object.assign(new Error(file), { code: "EISDIR", path: file });
        await replacePrivateFile(file, reportPage(report, localize(caseName, "en")));
        console.log(`Wrote the report to ${file}: open it in a browser.`);
        return 0;
      }
      console.log(values.json ? JSON.stringify(report, null, 2) : formatReport(report));
      return 0;
    }
    case "history": {
      const [given, ...more] = rest;
      if (!given || more.length > 0) throw new UsageError("history takes one claim's reference code");
      const code = typedReferenceCode(given);
      const history = await claimHistory(getStore(), code);
      if (!history) {
        console.error(`No claim has the reference code ${code}.`);
        return 1;
      }
      console.log(formatHistory(history));
      return 0;
    }
    case "purge": {
      const purged = await purgeExpiredDrafts();
      console.log(
        `Removed ${purged.sessions} expired sessions, ${purged.drafts} drafts past their flow's deadline and retention, and ${purged.documents} unfiled documents.`,
      );
      return 0;
    }
    case "unlock": {
      const claimId = rest[0];
      // A reference code whose look-ups are locked (claim access) is unlocked the same way.
      if (claimId && /^[A-Za-z]{3}-/.test(claimId)) {
        const code = typedReferenceCode(claimId);
        const forgotten = await getStore().clearSignInFailures(referenceCodeLockKey(code));
        console.log(
          forgotten
            ? `Reference code ${code} is unlocked: its failed look-ups are forgotten.`
            : `Reference code ${code} had no failed look-ups.`,
        );
        return 0;
      }
      if (!claimId || !/^\d{8}$/.test(claimId))
        throw new UsageError("unlock needs the Claim ID to unlock (8 digits), or a reference code");
      const forgotten = await getStore().clearSignInFailures(claimId);
      console.log(
        forgotten
          ? `Claim ID ${claimId} is unlocked: its failed sign-ins are forgotten.`
          : `Claim ID ${claimId} had no failed sign-ins.`,
      );
      return 0;
    }
    case "new-field-key": {
      console.log(newFieldKey());
      return 0;
    }
    case "reencrypt": {
      const rewritten = await getStore().reencryptAnswers();
      const { current, source } = fieldKeys();
      console.log(
        `Sensitive answers now all encrypted with field key ${current.id}, the first of ${source}: rewrote ${rewritten.drafts} drafts, ${rewritten.claims} claims, ${rewritten.versions} claim versions and ${rewritten.contacts} contact changes. Keys after the first may be removed once every server has the new one first.`,
      );
      return 0;
    }
    case "backup": {
      // PostgreSQL's own tools do this well (a consistent dump, point-in-time recovery): not redone here.
      if (process.env.DATABASE_URL) {
        console.error(
          `With DATABASE_URL, claims and documents are all in PostgreSQL: back it up with pg_dump --format=custom (docs/operating.md, "Backups"). backup copies a SQLite data folder.`,
        );
        return 2;
      }
      const destination = rest[0];
      if (!destination) throw new UsageError("backup needs the folder to back up into (a new one, or empty)");
      const folder = path.resolve(destination);
      const summary = await backupSqlite(dataDir(), folder);
      console.log(
        `Backed up ${summary.claims} claims and ${summary.documents} documents to ${folder}: ${summary.files.join(", ")} (owner-only).${summary.leftOut > 0 ? ` ${summary.leftOut} unfiled uploads deleted while it ran are left out.` : ""}`,
      );
      if (summary.keyIds.length > 0)
        console.log(
          `Restoring it needs field key${summary.keyIds.length > 1 ? "s" : ""} ${summary.keyIds.join(", ")} (FIELD_ENCRYPTION_KEYS or DATA_DIR/field-keys), which it does not hold: keep them apart from it.`,
        );
      for (const problem of summary.problems) console.error(`Not as it should be: ${problem}`);
      return summary.problems.length > 0 ? 1 : 0;
    }
    default:
      throw new UsageError(`Unknown command "${command}"`);
  }
}

class UsageError extends Error {}

const EXPORT_FORMATS: ExportFormat[] = ["json", "jsonl", "csv"];

/** An export window's --since or --until, in ms; one the export cannot read is a usage error that shows how to write it. */
function windowBound(option: "since" | "until", text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const time = exportTime(text);
  if (typeof time === "string") throw new UsageError(`--${option} "${text}" ${time}: ${EXPORT_TIME_EXAMPLE}`);
  return time;
}

/** An option the command does not take, or one without its value (node:util parseArgs). */
const isParseArgsError = (error: unknown) =>
  error instanceof Error && String((error as NodeJS.ErrnoException).code).startsWith("ERR_PARSE_ARGS");

/** What a file or folder the command was given is, if not what it needs. */
const FILE_PROBLEMS: Record<string, string> = {
  EISDIR: "a folder: give a file's name",
  ENOENT: "no such file or folder",
  ENOTDIR: "not a folder",
  EEXIST: "not a folder",
  EACCES: "not allowed (permissions)",
};

/**
 * One line for the operator: a settlement's or configuration's own message, what is wrong with a
 * path they gave; anything else (a fault) with its stack, to report.
 */
function operatorMessage(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  if (["SettlementConfigError", "ConfigurationError", "ExportError", "StatusFileError"].includes(error.name))
    return error.message;
  const { code, path: where } = error as NodeJS.ErrnoException;
  if (code && where && FILE_PROBLEMS[code]) return `${where}: ${FILE_PROBLEMS[code]}`;
  return error;
}

main(process.argv.slice(2))
  .then((code) => {
    process.exitCode = code;
  })
  .catch((error: unknown) => {
    const usage = error instanceof UsageError || isParseArgsError(error);
    if (usage) console.error(`${(error as Error).message}\n\n${USAGE}`);
    else console.error(operatorMessage(error));
    process.exitCode = usage ? 2 : 1;
  })
  .finally(() => closeStore().catch(() => undefined));
