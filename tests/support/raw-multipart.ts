import { expect } from "vitest";
import { memberWithData, TEST_TOKEN } from "#tests/contract/claimants.ts";
import type { PortalServer } from "./portal-server.ts";
import { type Conversation, converse } from "./raw-http.ts";

/** A part of a hand-made multipart body: text, or a file when it has a file name. */
export type Part = { name: string; value: string | Buffer; filename?: string };

export const BOUNDARY = "------------------------curlLikeBoundary0123";

/** A multipart body with the parts in this very order, as curl -F sends them. */
export function multipart(parts: Part[]): Buffer {
  return Buffer.concat([
    ...parts.flatMap((part) => [
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"${
          part.filename === undefined ? "" : `; filename="${part.filename}"`
        }\r\n${part.filename === undefined ? "" : "Content-Type: application/octet-stream\r\n"}\r\n`,
      ),
      Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value),
      Buffer.from("\r\n"),
    ]),
    Buffer.from(`--${BOUNDARY}--\r\n`),
  ]);
}

export interface ApiSession {
  cookie: string;
  token: string;
}

/** A session of the JSON API signed in to the standard flow as a member with data: its cookie and CSRF token. */
export async function signInToApi(portal: PortalServer, headers: Record<string, string>): Promise<ApiSession> {
  const first = await fetch(`${portal.url}/api/csrf`, { headers });
  const cookie = first.headers.get("set-cookie")!.split(";")[0]!;
  const { requestToken } = (await first.json()) as { requestToken: string };
  const reply = await fetch(`${portal.url}/api/forms/standard/authorize`, {
    method: "POST",
    headers: { ...headers, Cookie: cookie, "X-CSRF-TOKEN": requestToken, "Content-Type": "application/json" },
    body: JSON.stringify({ credentials: memberWithData(), reCaptchaResponse: TEST_TOKEN }),
  });
  const body = (await reply.json()) as { csrf: { requestToken: string } };
  expect(reply.status, JSON.stringify(body)).toBe(200);
  return { cookie: reply.headers.get("set-cookie")!.split(";")[0]!, token: body.csrf.requestToken };
}

/**
 * POSTs these parts, in this order, to a standard submission on one kept-alive connection, then
 * asks GET /api/csrf on the same connection: whether the server read the rest of the body is
 * whether it answers the second.
 */
export function submitRaw(
  portal: PortalServer,
  session: ApiSession,
  parts: Part[],
  headers: Record<string, string>,
): Promise<Conversation> {
  return converse(
    portal.url,
    [
      {
        method: "POST",
        path: "/api/forms/standard",
        headers: {
          ...headers,
          Cookie: session.cookie,
          "X-CSRF-TOKEN": session.token,
          "Content-Type": `multipart/form-data; boundary=${BOUNDARY}`,
        },
        body: multipart(parts),
      },
      { method: "GET", path: "/api/csrf", headers },
    ],
    5_000,
  );
}
