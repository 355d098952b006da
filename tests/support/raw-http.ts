import { connect, type Socket } from "node:net";

/** One answer as it came off the wire. */
export interface RawResponse {
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
  body: string;
  /** Milliseconds after the connection opened that the answer was complete. */
  at: number;
}

/** What happened on one connection: the answers, in order, and how it ended. */
export interface Conversation {
  responses: RawResponse[];
  /** Milliseconds after the connection opened that each request was all written. */
  sent: number[];
  /** The server ended the connection (a FIN). */
  ended: boolean;
  /** The connection failed (a reset: ECONNRESET, EPIPE), with when, else undefined. */
  error?: { code: string; at: number };
}

export interface RawRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  /** The body, or its size in bytes (that many "a"s, as a url-encoded value after "a="). */
  body?: string | Buffer | number;
}

/**
 * Speaks HTTP/1.1 by hand on one kept-alive connection, as a browser reusing it would: the first
 * request with its whole body, written as fast as the connection takes it, then the next request,
 * then waits `waitMs` for the answers. A server that answers early and leaves the body unread
 * (issue 12) never answers the second: only a raw socket sees that, since fetch and http.request
 * would open another connection.
 */
export async function converse(baseUrl: string, requests: RawRequest[], waitMs = 2_000): Promise<Conversation> {
  const { port, hostname } = new URL(baseUrl);
  // Half-open, as a browser's connection: the server's FIN does not stop a body being sent.
  const socket = connect({ port: Number(port), host: hostname, allowHalfOpen: true });
  const started = Date.now();
  const conversation: Conversation = { responses: [], sent: [], ended: false };
  let received = Buffer.alloc(0);
  socket.on("data", (chunk: Buffer) => {
    received = Buffer.concat([received, chunk]);
    for (;;) {
      const parsed = parseResponse(received);
      if (!parsed) break;
      conversation.responses.push({ ...parsed.response, at: Date.now() - started });
      received = received.subarray(parsed.length);
    }
  });
  let sending = true;
  socket.on("end", () => {
    conversation.ended = true;
    // The server is done with this connection: once the body is out, close our side too.
    if (!sending) socket.end();
  });
  socket.on(
    "error",
    (error: NodeJS.ErrnoException) =>
      (conversation.error ??= { code: error.code ?? error.message, at: Date.now() - started }),
  );
  const closed = new Promise<void>((resolve) => socket.on("close", () => resolve()));
  await new Promise<void>((resolve, reject) => socket.once("connect", resolve).once("error", reject));

  // Sent in the background: a server that stops reading stops the writes too, and the wait below still ends.
  void (async () => {
    for (const request of requests) {
      if (socket.destroyed || conversation.ended) break;
      await send(socket, request, `${hostname}:${port}`);
      conversation.sent.push(Date.now() - started);
    }
    sending = false;
    if (conversation.ended) socket.end();
  })();
  await new Promise<void>((resolve) => {
    const finish = () => {
      clearInterval(check);
      clearTimeout(timer);
      resolve();
    };
    const check = setInterval(() => conversation.responses.length >= requests.length && finish(), 10);
    const timer = setTimeout(finish, waitMs);
    void closed.then(finish);
  });
  socket.destroy();
  return conversation;
}

function bodyOf(body: RawRequest["body"]): Buffer {
  if (body === undefined) return Buffer.alloc(0);
  if (typeof body === "number") return Buffer.concat([Buffer.from("a="), Buffer.alloc(Math.max(0, body - 2), "a")]);
  return Buffer.isBuffer(body) ? body : Buffer.from(body);
}

async function send(socket: Socket, request: RawRequest, host: string): Promise<void> {
  const body = bodyOf(request.body);
  const chunked = Object.keys(request.headers ?? {}).some((name) => name.toLowerCase() === "transfer-encoding");
  const headers: Record<string, string> = {
    Host: host,
    ...(!chunked && (body.length || request.method === "POST") ? { "Content-Length": String(body.length) } : {}),
    ...request.headers,
  };
  const head = `${request.method} ${request.path} HTTP/1.1\r\n${Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("")}\r\n`;
  await write(socket, Buffer.from(head));
  for (let offset = 0; offset < body.length && !socket.destroyed; offset += 64 * 1024)
    await write(socket, body.subarray(offset, offset + 64 * 1024));
}

/** Writes, waiting for the connection to take it, or for it to fail (then the rest is not sent). */
function write(socket: Socket, chunk: Buffer): Promise<void> {
  return new Promise((resolve) => {
    if (socket.destroyed) return resolve();
    const onClose = () => resolve();
    socket.once("close", onClose);
    socket.write(chunk, () => {
      socket.off("close", onClose);
      resolve();
    });
  });
}

/** One complete response at the start of `data` (Content-Length or chunked), or undefined if not all in yet. */
function parseResponse(data: Buffer): { response: Omit<RawResponse, "at">; length: number } | undefined {
  const headEnd = data.indexOf("\r\n\r\n");
  if (headEnd < 0) return undefined;
  const [statusLine, ...lines] = data.subarray(0, headEnd).toString("latin1").split("\r\n");
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine!)?.[1]);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(":");
    const name = line.slice(0, colon).trim().toLowerCase();
    headers[name] = headers[name] ? `${headers[name]}, ${line.slice(colon + 1).trim()}` : line.slice(colon + 1).trim();
  }
  let offset = headEnd + 4;
  if (headers["transfer-encoding"]?.toLowerCase().includes("chunked")) {
    const chunks: Buffer[] = [];
    for (;;) {
      const lineEnd = data.indexOf("\r\n", offset);
      if (lineEnd < 0) return undefined;
      const size = Number.parseInt(data.subarray(offset, lineEnd).toString("latin1"), 16);
      if (data.length < lineEnd + 2 + size + 2) return undefined;
      chunks.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
      offset = lineEnd + 2 + size + 2;
      if (size === 0) break;
    }
    return { response: { status, headers, body: Buffer.concat(chunks).toString("utf8") }, length: offset };
  }
  const length = Number(headers["content-length"] ?? 0);
  if (data.length < offset + length) return undefined;
  return {
    response: { status, headers, body: data.subarray(offset, offset + length).toString("utf8") },
    length: offset + length,
  };
}
