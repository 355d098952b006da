import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { beforeHeaders } from "./before-headers.server.ts";

/** A body this large or smaller is read to its end and dropped after an early answer; the connection stays open. */
export const DRAIN_LIMIT_BYTES = 1024 * 1024;
/** After a Connection: close answer, how long what the client still sends is read and dropped before the connection is cut. */
export const LINGER_MS = 5_000;

/**
 * Issue 12: an answer sent before the request's body was read (the session guard's or the
 * deadline's 303, a CSRF 403, React Router's origin 400 or 405, a 413) left the rest of the body
 * on the connection. @react-router/express reads the body through a stream that pauses once its
 * queue is full and is never resumed; Node drains an unread body itself only when nothing began to
 * read it. The next request on a kept-alive connection was then never parsed, and the connection
 * was reset when the keep-alive timeout ran out (a browser saw ERR_CONNECTION_RESET).
 *
 * So, when a request's body is not all in as its answer's headers go out:
 * - a body declared (Content-Length) at most `drainLimit` is read to its end and dropped once the
 *   answer is sent, and the connection serves the next request at once;
 * - a larger one, or one of unknown length (chunked), is answered with `Connection: close`. After
 *   the answer the server half-closes and goes on reading and dropping what the client sends for up
 *   to `lingerMs` (a "lingering close", as Apache and nginx do): cutting the connection while the
 *   client is still sending would reset it, and a reset can lose the answer on the client's side.
 */
export function finishUnreadBodies({ drainLimit = DRAIN_LIMIT_BYTES, lingerMs = LINGER_MS } = {}) {
  return (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    if (!hasBody(req)) return next();
    beforeHeaders(res, () => {
      if (req.complete) return;
      const declared = Number(req.headers["content-length"]);
      if (req.headers["transfer-encoding"] === undefined && declared <= drainLimit) return;
      res.setHeader("Connection", "close");
      lingerOnClose(req.socket, lingerMs);
    });
    res.once("finish", () => {
      if (!req.readableEnded) discardRest(req);
    });
    next();
  };
}

function hasBody(req: IncomingMessage): boolean {
  return req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > 0;
}

/**
 * Reads what is left of the body and drops it. The reader that stopped (React Router's request
 * stream, its queue full) is let go first: it would pause the request again. This is what Node's
 * own drain does (IncomingMessage._dump) when nothing has read the body.
 */
function discardRest(req: IncomingMessage): void {
  req.removeAllListeners("data");
  req.on("data", () => {});
  req.resume();
}

/**
 * Once Node ends a Connection: close answer it calls socket.destroySoon(), which cuts the
 * connection as soon as the answer is flushed. Instead: send the FIN, keep reading (the request,
 * and so the socket, is resumed by discardRest) and cut it after `lingerMs`, or earlier once the
 * client has closed its side.
 */
function lingerOnClose(socket: Socket, lingerMs: number): void {
  socket.destroySoon = () => {
    socket.end();
    const timer = setTimeout(() => socket.destroy(), lingerMs);
    timer.unref();
    socket.once("close", () => clearTimeout(timer));
  };
}
