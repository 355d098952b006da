import { describe, expect, test } from "vitest";
import { isDatabaseAway } from "#app/storage/database-away.server.ts";

const coded = (message: string, code: string) => Object.assign(new Error(message), { code });

describe("which errors say the database is away (a 503, try again) rather than a fault (a 500)", () => {
  test.each([
    [
      "pg_terminate_backend, pg_ctl stop -m fast",
      coded("terminating connection due to administrator command", "57P01"),
    ],
    ["a crash of another backend", coded("terminating connection because of crash of another server process", "57P02")],
    ["a server starting up", coded("the database system is starting up", "57P03")],
    ["a connection exception (class 08)", coded("connection failure", "08006")],
    ["nothing listening", coded("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED")],
    ["a reset connection", coded("read ECONNRESET", "ECONNRESET")],
    ["a connection that ended under a query", new Error("Connection terminated unexpectedly")],
    ["the pool's connection timeout", new Error("timeout exceeded when trying to connect")],
    [
      "the connection timeout, with its cause",
      new Error("Connection terminated due to connection timeout", { cause: new Error("Connection terminated") }),
    ],
    ["a client whose connection failed", new Error("Client has encountered a connection error and is not queryable")],
    [
      "refused on every address of a name",
      new AggregateError([coded("connect ECONNREFUSED ::1:5432", "ECONNREFUSED")]),
    ],
    ["wrapped in another error", new Error("saving failed", { cause: coded("read ECONNRESET", "ECONNRESET") })],
  ])("away: %s", (_what, error) => {
    expect(isDatabaseAway(error)).toBe(true);
  });

  test.each([
    ["a unique violation", coded('duplicate key value violates unique constraint "claims_pkey"', "23505")],
    ["a syntax error (a bug)", coded('syntax error at or near "SELEC"', "42601")],
    ["a query cancelled by statement_timeout", coded("canceling statement due to statement timeout", "57014")],
    ["SQLite's busy database", coded("database is locked", "ERR_SQLITE_ERROR")],
    ["a file that is not there", coded("ENOENT: no such file or directory", "ENOENT")],
    ["an error of the portal's", new TypeError("Cannot read properties of undefined")],
    ["something not an error", "Connection terminated unexpectedly"],
    ["nothing", undefined],
  ])("not away: %s", (_what, error) => {
    expect(isDatabaseAway(error)).toBe(false);
  });
});
