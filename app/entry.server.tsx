import { Writable } from "node:stream";
import type { ReactElement } from "react";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import {
  type EntryContext,
  type HandleErrorFunction,
  isRouteErrorResponse,
  type RouterContextProvider,
  ServerRouter,
} from "react-router";
import { PageScriptsContext } from "./client/page-data.tsx";
import { PAGE_SCRIPTS } from "./client/page-scripts.server.tsx";
import { KeepMarkupContext } from "./components/KeptMarkup.tsx";
import { keepMarkup } from "./components/kept-markup.server.tsx";
import { StaticPartsContext } from "./components/StaticPart.tsx";
import { encodedPage } from "./http/page-encoding.server.ts";
import { registerMessages } from "./i18n/messages.ts";
import { log } from "./log.server.ts";
import {
  clientAddressContext,
  cspNonceContext,
  NonceContext,
  RequestIdContext,
  requestErrorsContext,
  requestIdContext,
} from "./request-context.ts";
import { reportRequestError, requestLog } from "./request-log.server.ts";
import { checkFieldKeysSetting } from "./security/field-keys.server.ts";
import { checkStoredFieldKeys } from "./storage/field-key-check.server.ts";
import { renderStaticPart } from "./themes/static-parts.server.tsx";
import { ThemeStyles } from "./themes/theme-styles.server.tsx";
import { ThemeStylesContext } from "./themes/ThemeStylesPlace.tsx";
import { getPortal } from "./settlement/portal.server.ts";
import { readSettlementFolderList } from "./claimants/member-list-import.server.ts";
import { emailSettings } from "./email/email-settings.server.ts";

/**
 * Loaded when server.ts imports the build, so a bad settlement folder stops the server at start-up
 * with its message instead of failing the first request. server.ts also reads the CSP nonce context
 * and the settlement from here: the build's own module instances.
 */
export const portal = getPortal();
registerMessages(portal.messages);
// A malformed SMTP_URL, or one without settlement.json's "email", stops the server here.
emailSettings();
// A mistyped FIELD_ENCRYPTION_KEYS stops the server here too (the key file is made with the store),
// and so do answers in the store under a key the server lacks, and a class-member list in the
// settlement folder with a problem (or one whose PINs were hashed with a key it lacks): server.ts
// awaits this module before it listens.
checkFieldKeysSetting();
await checkStoredFieldKeys();
await readSettlementFolderList(portal.settlementDir);
export { startEmailSender, stopEmailSender } from "#app/email/outbox-sender.server.ts";
export { API_ROUTES } from "#app/api/api-routes.server.ts";
export { portalMetrics } from "#app/metrics/portal-metrics.server.ts";
export { PURGE_INTERVAL_MS, purgeExpiredDrafts } from "#app/claims/purge-drafts.server.ts";
export { clientAddressContext, cspNonceContext, requestErrorsContext, requestIdContext };

export const streamTimeout = 5_000;

/**
 * The page's chrome kept as markup (KeptMarkup), in a built server only: under Vite's dev server an
 * edited header or footer would still be sent as first kept.
 */
const KEEP_MARKUP = import.meta.env.DEV ? undefined : keepMarkup;

/**
 * The whole document, rendered before a byte is sent, as one body. A step page has nothing slow to
 * stream (its loaders have finished before React renders), so streaming the shell first only cost:
 * the compression middleware flushed its gzip stream at each of ~10 chunks (more CPU, 13 % more
 * bytes), and under load the loader data missed the shell and came after it with a fallback
 * template and a swap script. It is compressed here, once, whole (page-encoding.server.ts), as the
 * browser takes it.
 *
 * The page is rendered at once (renderToString) when nothing in it waits: the loader data is read
 * first, so React Router's script that carries it has it at hand. Only a part still loading (a lazy
 * component's first render) or failing makes the page go the streaming way, which waits for all of
 * it (issue 14: at once, React writes the page as strings joined once, where streaming encodes each
 * of its many small pieces into bytes on its own and goes through a stream: ~0.17 ms of a step
 * page's ~1.4 ms of CPU, in-process).
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // What a GET of the page says of itself but its body and its length (it is not rendered).
  if (request.method.toUpperCase() === "HEAD")
    return new Response(null, { status: responseStatusCode, headers: pageHeaders(responseHeaders) });
  const nonce = loadContext.get(cspNonceContext);
  // React Router's serialised loader data, for its own client's hydration: no page hydrates, and an
  // enhancer reads the page's data (app/client/page-scripts.server.tsx, decision 045). Without the
  // stream, the router writes no script of its own into the page.
  await routerContext.serverHandoffStream?.cancel();
  const context = { ...routerContext, serverHandoffStream: undefined };
  const app = () => (
    <NonceContext.Provider value={nonce}>
      <RequestIdContext.Provider value={loadContext.get(requestIdContext)}>
        <KeepMarkupContext.Provider value={KEEP_MARKUP}>
          <StaticPartsContext.Provider value={renderStaticPart}>
            <PageScriptsContext.Provider value={PAGE_SCRIPTS}>
              <ThemeStylesContext.Provider value={ThemeStyles}>
                <ServerRouter context={context} url={request.url} nonce={nonce} />
              </ThemeStylesContext.Provider>
            </PageScriptsContext.Provider>
          </StaticPartsContext.Provider>
        </KeepMarkupContext.Provider>
      </RequestIdContext.Provider>
    </NonceContext.Provider>
  );
  const document = renderedAtOnce(app()) ?? (await renderedStreaming(app(), loadContext, nonce));
  const page = await encodedPage(document, request.headers.get("Accept-Encoding"));
  // Only now: should the render fail, React Router renders the error page with the same headers.
  pageHeaders(responseHeaders);
  if (page.coding) responseHeaders.set("Content-Encoding", page.coding);
  responseHeaders.set("Content-Length", String(page.body.length));
  // One chunk, in a stream: given the bytes themselves, the Response would copy them once more.
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(page.body);
      controller.close();
    },
  });
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}

function pageHeaders(headers: Headers): Headers {
  headers.set("Content-Type", "text/html; charset=utf-8");
  headers.append("Vary", "Accept-Encoding");
  return headers;
}

/** How React marks a part it left to the browser: one that was still loading, or failed. */
const LEFT_TO_THE_BROWSER = "<!--$!-->";

/**
 * The page rendered at once, or undefined if a part of it was still loading or failed (the
 * streaming render then renders it again, and waits for it, or renders the error page, as it would
 * have: whatever failed is logged then).
 */
function renderedAtOnce(app: ReactElement): Buffer | undefined {
  let html: string;
  try {
    html = renderToString(app);
  } catch {
    return undefined;
  }
  if (html.includes(LEFT_TO_THE_BROWSER)) return undefined;
  // renderToPipeableStream writes the doctype of a document it renders; renderToString does not.
  return Buffer.from(html.startsWith("<html") ? `<!DOCTYPE html>${html}` : html);
}

/** The page as React streams it, once all of it is ready. */
function renderedStreaming(app: ReactElement, loadContext: RouterContextProvider, nonce: string) {
  return new Promise<Buffer>((resolve, reject) => {
    // Errors in a part of the page after its shell: React renders that part in the browser instead;
    // the page is still sent, and the errors logged.
    const partErrors: unknown[] = [];
    let shellFailed = false;
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(app, {
      nonce,
      onAllReady() {
        if (shellFailed) return;
        for (const error of partErrors)
          requestLog(loadContext).error("a part of the page failed while it was rendered", { error });
        const chunks: Buffer[] = [];
        pipe(
          new Writable({
            write(chunk: Buffer, _encoding, callback) {
              chunks.push(chunk);
              callback();
            },
            final(callback) {
              clearTimeout(timeoutId);
              resolve(Buffer.concat(chunks));
              callback();
            },
          }),
        );
      },
      onShellError(error: unknown) {
        // handleError hears of it through React Router, which renders the error page.
        shellFailed = true;
        clearTimeout(timeoutId);
        reject(error);
      },
      onError(error: unknown) {
        if (!shellFailed) partErrors.push(error);
      },
    });
  });
}

/**
 * What React Router reports as an error goes to the request's log line (server.ts): with its stack
 * when the answer is a 5xx, as a mere `reason` when it is a refusal (React Router's 400 for a
 * cross-site form post, a 405). Claimants only ever see the error page, with the request's id.
 * A request the client gave up on is not a fault.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  // A response a route throws on purpose (a 404, a 403) is no error; React Router's own 405 carries one (its reason).
  if (
    request.signal.aborted ||
    (isRouteErrorResponse(error) && error.status < 500 && !(error as { error?: unknown }).error)
  )
    return;
  const reported = isCrossSiteRefusal(error, request) ? new CrossSiteRefusal(request.headers.get("origin")) : error;
  if (context) reportRequestError(context, reported);
  else log.error("request failed", { path: new URL(request.url).pathname, error: reported });
};

/** React Router refuses an action whose Origin is another site's (400): a refusal, logged as such rather than as its Error. */
class CrossSiteRefusal extends Error {
  override name = "CrossSiteRefusal";
  constructor(origin: string | null) {
    super(`a form was posted from another site (Origin ${JSON.stringify(origin?.slice(0, 200) ?? null)}) and refused`);
  }
}

function isCrossSiteRefusal(error: unknown, request: Request): boolean {
  if (!(error instanceof Error)) return false;
  // react-router/lib/actions.ts (document requests), and single-fetch.ts's stand-in for it (data requests).
  return (
    /Aborting the action\.$/.test(error.message) ||
    (error.message === "Bad Request" && request.method !== "GET" && new URL(request.url).pathname.endsWith(".data"))
  );
}
