/**
 * The portal's page the floor renders, captured by tests/bench/floor.ts into the file FLOOR_PAGE
 * names: the <html> element's attributes, the markup of its <head> and <body> without what React
 * Router writes itself (module preloads, the loader data's scripts), and the loader data of each
 * route. Read on the server only: the browser build gets an empty page (the bench never runs it).
 */
export interface FloorPage {
  htmlAttributes: Record<string, string>;
  head: string;
  body: string;
  loaderData: Record<string, unknown>;
}

export const page: FloorPage = import.meta.env.SSR
  ? JSON.parse(process.getBuiltinModule("node:fs").readFileSync(process.env.FLOOR_PAGE ?? "", "utf8"))
  : { htmlAttributes: {}, head: "", body: "", loaderData: {} };
