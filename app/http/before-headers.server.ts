import type { ServerResponse } from "node:http";

/**
 * Runs `before` just before the response's headers are written, when whatever answers has set its
 * own: Node writes them through writeHead, explicitly or on the first write. For Express
 * middleware that decides a header from the answer (as compression's on-headers does).
 */
export function beforeHeaders(res: ServerResponse, before: () => void): void {
  const writeHead = res.writeHead as (...args: unknown[]) => ServerResponse;
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    before();
    return writeHead.apply(this, args);
  } as ServerResponse["writeHead"];
}
