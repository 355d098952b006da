/**
 * The order a claimant types a date's day and month in: their culture's (decision 034). What is
 * stored is always month first (STORED_ORDER, app/forms/claimant-dates.ts). A module of its own,
 * small: every page's entry tells it the page's order (knowDateOrder), without loading the form
 * engine on pages that have no form.
 */
export type DateOrder = "month-first" | "day-first";

const orders = new Map<string, DateOrder>();

/** The culture's own order, as Intl writes its short dates: day first in "es", month first in "en". */
export function dateOrderOf(culture: string): DateOrder {
  let order = orders.get(culture);
  if (!order) {
    const parts = new Intl.DateTimeFormat(culture, { year: "numeric", month: "numeric", day: "numeric" })
      .formatToParts(new Date(Date.UTC(2021, 2, 27)))
      .map((part) => part.type);
    order = parts.indexOf("day") < parts.indexOf("month") ? "day-first" : "month-first";
    orders.set(culture, order);
  }
  return order;
}

/**
 * The browser is told its page's order by the server, in the page's data (app/client/page-data.tsx),
 * instead of working it out: the first Intl.DateTimeFormat a page makes loads the culture's
 * calendar data, about 160 ms of a phone's CPU slowed 6× while the page is enhanced (issue 26), and
 * the server's answer is the one its markup was rendered with.
 */
export function knowDateOrder(culture: string, order: DateOrder): void {
  orders.set(culture, order);
}
