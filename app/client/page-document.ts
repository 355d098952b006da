import type { DateOrder } from "#app/i18n/date-order.ts";

/**
 * What a page's enhancer (decision 044) needs of the page the server rendered, written into the
 * page as JSON (app/client/page-scripts.server.tsx): the route's data, so the page is enhanced with
 * what the server rendered it from.
 */
export interface PageData {
  /** The texts the page's scripts can ask for, in its culture (app/client/page-texts.server.ts). */
  texts: Record<string, string>;
  culture: string;
  /** The order the culture types a date's day and month in, as the server worked it out (knowDateOrder). */
  dateOrder: DateOrder;
  rootData: unknown;
  loaderData: unknown;
  actionData: unknown;
}

export const PAGE_DATA_ID = "page-data";

/** The page data a document carries: the page's own, or a form's answer's. */
export function readPageData(document: Document): PageData | undefined {
  const json = document.getElementById(PAGE_DATA_ID)?.textContent;
  return json ? (JSON.parse(json) as PageData) : undefined;
}

/**
 * Told, on the window, to what a page without modules started with its inline lines, before a
 * form's answer replaces the page (app/client/scripted-post.ts): the answer's own lines start anew.
 */
export const PAGE_REPLACED_EVENT = "portal:page-replaced";

/**
 * Told, on the window, once a form's answer has replaced the page and its own lines have run
 * (app/client/scripted-post.ts): a page's enhancer (decision 044) enhances the new page.
 */
export const PAGE_SHOWN_EVENT = "portal:page-shown";

/** JSON that is safe inside a <script> element: no "</script>" or "<!--" can end or change it. */
export const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");
