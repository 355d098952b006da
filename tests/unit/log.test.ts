import { describe, expect, test } from "vitest";
import { acceptedRequestId, newRequestId, requestIdOf } from "#app/http/request-id.server.ts";
import { jsonLine, textLine } from "#app/log.server.ts";

const NOW = new Date("2026-03-01T12:00:00.000Z");

describe("a log line", () => {
  test("is one JSON object: time, level, requestId, message first, then the line's fields", () => {
    const line = jsonLine("info", "request", { requestId: "7K3M-9QXW-2HDF", method: "GET", status: 200 }, NOW);
    expect(line).toBe(
      '{"time":"2026-03-01T12:00:00.000Z","level":"info","requestId":"7K3M-9QXW-2HDF","message":"request","method":"GET","status":200}',
    );
  });

  test("without a request, no requestId; a field cannot change the time, level or message", () => {
    expect(
      JSON.parse(jsonLine("warn", "careful", { time: "then", level: "info", message: "other", port: 3000 }, NOW)),
    ).toEqual({
      time: "2026-03-01T12:00:00.000Z",
      level: "warn",
      message: "careful",
      port: 3000,
    });
  });

  test("an Error is its name, message, code and stack, the stack in one JSON string: the line stays one line", () => {
    const error = Object.assign(new Error("ENOTDIR: not a directory"), { code: "ENOTDIR" });
    const line = jsonLine("error", "request", { error }, NOW);
    expect(line).not.toContain("\n");
    const { error: written } = JSON.parse(line) as {
      error: { name: string; message: string; code: string; stack: string };
    };
    expect(written).toMatchObject({ name: "Error", message: "ENOTDIR: not a directory", code: "ENOTDIR" });
    expect(written.stack).toMatch(/^Error: ENOTDIR: not a directory\n {4}at /);
  });

  test("a cause and the errors of an AggregateError (a refused connection, tried on IPv4 and IPv6) are kept", () => {
    const refused = new AggregateError(
      [new Error("connect ECONNREFUSED 127.0.0.1:5432"), new Error("connect ECONNREFUSED ::1:5432")],
      "",
    );
    const line = JSON.parse(
      jsonLine("error", "database connection lost", { error: new Error("query failed", { cause: refused }) }, NOW),
    ) as {
      error: { cause: { name: string; errors: Array<{ message: string }> } };
    };
    expect(line.error.cause.name).toBe("AggregateError");
    expect(line.error.cause.errors.map((error) => error.message)).toEqual([
      "connect ECONNREFUSED 127.0.0.1:5432",
      "connect ECONNREFUSED ::1:5432",
    ]);
  });

  test("fields JSON cannot write still give a line that says what happened", () => {
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    const line = JSON.parse(jsonLine("warn", "odd", { cycle, big: 1n }, NOW)) as Record<string, unknown>;
    expect(line).toMatchObject({
      level: "warn",
      message: "odd",
      logError: expect.stringMatching(/^fields not written/),
    });
    expect(JSON.parse(jsonLine("info", "big", { big: 12n }, NOW))).toMatchObject({ big: "12" });
  });

  test("for the operator's command line, plain text: the level, the message, an error's message", () => {
    expect(textLine("info", "made a new field key in data/field-keys", {})).toBe(
      "made a new field key in data/field-keys",
    );
    expect(textLine("warn", "data can be read by other users", {})).toBe("warning: data can be read by other users");
    expect(textLine("error", "database connection lost", { error: new Error("ECONNRESET") })).toBe(
      "error: database connection lost: ECONNRESET",
    );
  });
});

describe("request ids", () => {
  test("a new one is 12 letters and digits easy to read out, in groups of 4; each is new", () => {
    const ids = Array.from({ length: 1000 }, () => newRequestId());
    for (const id of ids) expect(id).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  test("a proxy's id is taken when it looks like one: a UUID, nginx's $request_id, a trace id", () => {
    for (const id of [
      "0f8fad5b-d9cb-469f-a165-70867728950e",
      "5f2b1e3a9c8d4e7fa1b2c3d4e5f60718",
      "Root=1-67891233-abcdef012345678912345678",
      "req_01HZX+abc/def==",
    ]) {
      expect(acceptedRequestId(id)).toBe(id);
    }
  });

  test("anything else is not: empty, too long, spaces, quotes, markup, a repeated header", () => {
    for (const id of ["", "x".repeat(129), "two words", 'a"b', "<script>", "a\nb"])
      expect(acceptedRequestId(id)).toBeUndefined();
    expect(acceptedRequestId(["a", "b"])).toBeUndefined();
    expect(acceptedRequestId(undefined)).toBeUndefined();
  });

  test("only a trusted proxy's id is used; a client's own is replaced by a new one", () => {
    expect(requestIdOf("from-the-proxy-1", true)).toBe("from-the-proxy-1");
    expect(requestIdOf("from-the-client-1", false)).not.toBe("from-the-client-1");
    expect(requestIdOf("not an id", true)).toMatch(/^\w{4}-\w{4}-\w{4}$/);
    expect(requestIdOf(undefined, true)).toMatch(/^\w{4}-\w{4}-\w{4}$/);
  });
});
