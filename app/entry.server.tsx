import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { type RenderToPipeableStreamOptions, renderToPipeableStream } from "react-dom/server";
import { type EntryContext, type HandleErrorFunction, isRouteErrorResponse, type RouterContextProvider, ServerRouter } from "react-router";
import { registerMessages } from "./i18n/messages.ts";
import { clientAddressContext, cspNonceContext, NonceContext } from "./request-context.ts";
import { checkFieldKeysSetting } from "./security/field-keys.server.ts";
import { getPortal } from "./settlement/portal.server.ts";

/**
 * Loaded when server.ts imports the build, so a bad settlement folder stops the server at start-up
 * with its message instead of failing the first request. server.ts also reads the CSP nonce context
 * and the settlement from here: the build's own module instances.
 */
export const portal = getPortal();
registerMessages(portal.messages);
// A mistyped FIELD_ENCRYPTION_KEYS stops the server here too (the key file is made with the store).
checkFieldKeysSetting();
export { PURGE_INTERVAL_MS, purgeExpiredDrafts } from "#app/storage/purge.server.ts";
export { clientAddressContext, cspNonceContext };

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.get(cspNonceContext);
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Wait for the whole page for crawlers; everyone else gets the shell as soon as it is ready.
    const readyOption: keyof RenderToPipeableStreamOptions = userAgent && isbot(userAgent) ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}

/**
 * Server errors are logged with their stack here; claimants only ever see the /error message.
 * Responses a route throws on purpose (404, 405, a 400 for bad input) are not faults.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted || (isRouteErrorResponse(error) && error.status < 500)) return;
  console.error(JSON.stringify({ level: "error", url: new URL(request.url).pathname, error: error instanceof Error ? error.stack : String(error) }));
};
