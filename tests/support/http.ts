import { request } from "node:http";
import { type HTMLElement, parse } from "node-html-parser";

export interface Page {
  status: number;
  headers: Headers;
  html: string;
  document: HTMLElement;
  /** The text of the element(s) matching a selector, whitespace folded. */
  text: (selector: string) => string;
}

export function fold(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/** GET (or any method) without following redirects, parsed as HTML. */
export async function getPage(url: string, init: RequestInit = {}): Promise<Page> {
  const response = await fetch(url, { redirect: "manual", ...init });
  const html = await response.text();
  const document = parse(html);
  return {
    status: response.status,
    headers: response.headers,
    html,
    document,
    text: (selector) =>
      fold(
        document
          .querySelectorAll(selector)
          .map((element) => element.textContent)
          .join(" "),
      ),
  };
}

/** The href of the link whose visible text (screen-reader-only text included) starts with `label`. */
export function linkHref(page: Page, label: string): string {
  const link = page.document.querySelectorAll("a").find((anchor) => fold(anchor.textContent).startsWith(label));
  if (!link) throw new Error(`No link "${label}" on the page`);
  return link.getAttribute("href")!;
}

/** A test clock header, honoured by servers started with PORTAL_TEST_CLOCK=1. */
export function at(isoDateTime: string): Record<string, string> {
  return { "X-Test-Now": isoDateTime };
}

/** An answer as it came: the status, the headers and the bytes (not decompressed, as fetch would). */
export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/**
 * A request whose path goes out exactly as written: fetch, and http.request given a URL, parse it
 * first (percent-decoded dots resolved, /api/%2e%2e/lookup sent as /lookup).
 */
export function rawRequest(
  origin: string,
  path: string,
  { method = "GET", headers = {} }: { method?: string; headers?: Record<string, string> } = {},
): Promise<RawAnswer> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}
