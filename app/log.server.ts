/**
 * The portal's one logger (docs/decisions/016-one-logger.md): every line the server writes is one
 * JSON object on standard output, with `time` (ISO 8601, UTC), `level` (info, warn, error),
 * `requestId` when it is about a request, and `message`; then the line's own fields. An Error in a
 * field is written as { name, message, code, stack }: the stack is one JSON string, never raw
 * multi-line text. docs/operating.md "Logs" describes the lines an operator sees.
 *
 * The operator's command line (cli/portal.ts) turns it into plain text on standard error
 * (`logAsText`): what the portal's modules log there is read by a person, and standard output is
 * the command's own answer.
 *
 * No dependency: a line is a JSON.stringify and a synchronous write (standard output to a file or
 * a pipe is synchronous on Linux), which is all a portal of this size needs.
 */
export type LogLevel = "info" | "warn" | "error";
export type LogFields = Record<string, unknown>;

export interface Logger {
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
  /** This logger with fields every line of it carries too: a request's `requestId`. */
  with(fields: LogFields): Logger;
}

type Output = (level: LogLevel, message: string, fields: LogFields) => void;

/** The longest a field's text is written (a stack included): a line stays one readable line. */
const MAX_TEXT = 8_000;

/** A value for JSON: an Error as its name, message, code and stack (and its cause, or the errors it aggregates). */
function plain(value: unknown, depth = 0): unknown {
  if (value instanceof Error) {
    const { code } = value as { code?: unknown };
    const fields: Record<string, unknown> = { name: value.name, message: value.message };
    if (code !== undefined) fields.code = code;
    if (value.stack) fields.stack = value.stack.slice(0, MAX_TEXT);
    if (depth < 3 && value.cause !== undefined) fields.cause = plain(value.cause, depth + 1);
    if (depth < 3 && value instanceof AggregateError)
      fields.errors = value.errors.slice(0, 5).map((error) => plain(error, depth + 1));
    return fields;
  }
  if (typeof value === "bigint") return String(value);
  if (typeof value === "string" && value.length > MAX_TEXT) return `${value.slice(0, MAX_TEXT)}…`;
  return value;
}

/** The JSON line of an entry: time, level, requestId, message first, whatever the fields say. */
export function jsonLine(level: LogLevel, message: string, fields: LogFields, now = new Date()): string {
  const { time: _time, level: _level, message: _message, requestId, ...rest } = fields;
  const entry = { time: now.toISOString(), level, ...(requestId === undefined ? {} : { requestId }), message, ...rest };
  try {
    return JSON.stringify(entry, (_key, value: unknown) => plain(value));
  } catch (error) {
    // A field JSON cannot write (a cycle): the line still says what happened.
    return JSON.stringify({
      time: entry.time,
      level,
      ...(requestId === undefined ? {} : { requestId }),
      message,
      logError: `fields not written: ${String(error)}`,
    });
  }
}

/** A line for a person: "warning: message", with an error's message after a colon. */
export function textLine(level: LogLevel, message: string, fields: LogFields): string {
  const error =
    fields.error instanceof Error
      ? `: ${fields.error.message}`
      : typeof fields.error === "string"
        ? `: ${fields.error}`
        : "";
  return `${level === "info" ? "" : level === "warn" ? "warning: " : "error: "}${message}${error}`;
}

let output: Output = (level, message, fields) => process.stdout.write(`${jsonLine(level, message, fields)}\n`);

/** The operator's command line: plain lines on standard error, so standard output is only the command's answer. */
export function logAsText(stream: NodeJS.WritableStream = process.stderr): void {
  output = (level, message, fields) => stream.write(`${textLine(level, message, fields)}\n`);
}

export interface LogEntry {
  level: LogLevel;
  message: string;
  fields: LogFields;
}

/** For tests: entries are collected into `entries` instead of written, until the function returned is called. */
export function logInto(entries: LogEntry[]): () => void {
  const previous = output;
  output = (level, message, fields) => void entries.push({ level, message, fields });
  return () => {
    output = previous;
  };
}

function logger(bound: LogFields): Logger {
  const write =
    (level: LogLevel) =>
    (message: string, fields: LogFields = {}) =>
      output(level, message, { ...bound, ...fields });
  return {
    info: write("info"),
    warn: write("warn"),
    error: write("error"),
    with: (fields) => logger({ ...bound, ...fields }),
  };
}

/** The process's logger: start-up, shutdown, the purge, warnings about the settlement or the data folder. */
export const log: Logger = logger({});

/** The logger of one request: each of its lines carries the request's id. */
export function requestLogger(requestId: string): Logger {
  return requestId ? log.with({ requestId }) : log;
}
