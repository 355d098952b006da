/**
 * Whether an error says the database is away or dropped the connection, rather than that the
 * portal asked it something wrong: the one place that decides (issue 23). Such a failure is no
 * bug and passes by itself (the pool connects again): a request that met it is answered 503,
 * "try again" (app/http/database-away.server.ts), not 500.
 *
 * - SQLSTATE class 08, connection exception (08000, 08003 no connection, 08006 connection failure,
 *   08001 and 08004 the server refused to make one…);
 * - 57P01 admin_shutdown (pg_terminate_backend, pg_ctl stop or restart -m fast), 57P02
 *   crash_shutdown, 57P03 cannot_connect_now (the server is starting or shutting down);
 * - the network's: ECONNREFUSED (nothing listens: the server is down), ECONNRESET, EPIPE,
 *   ETIMEDOUT, EHOSTUNREACH, ENETUNREACH, EAI_AGAIN (its name not resolved just now);
 * - node-postgres's own, which carry no code: a connection that ended under a query ("Connection
 *   terminated unexpectedly"), a client whose connection failed ("…a connection error and is not
 *   queryable"), and the
 *   pool's connection timeout ("timeout exceeded when trying to connect", "Connection terminated
 *   due to connection timeout").
 *
 * SQLite is a file of the process's own: nothing of its is "away".
 */
export function isDatabaseAway(error: unknown): boolean {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth++) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === "string" && (code.startsWith("08") || CONNECTION_CODES.has(code))) return true;
    if (CONNECTION_MESSAGES.some((message) => message.test(cause.message))) return true;
    // Node's connect to every address of a name at once fails with all of them (127.0.0.1 and ::1).
    if (cause instanceof AggregateError && cause.errors.some(isDatabaseAway)) return true;
  }
  return false;
}

const CONNECTION_CODES = new Set([
  "57P01",
  "57P02",
  "57P03",
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
]);

const CONNECTION_MESSAGES = [
  /^Connection terminated( unexpectedly| due to connection timeout)?$/,
  /^Client has encountered a connection error and is not queryable$/,
  /^timeout exceeded when trying to connect$/,
];
