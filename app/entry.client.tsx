/**
 * React Router's entry for the browser, which no page loads (decision 045): the server renders every
 * page, and what scripts add to one is its enhancer's (app/client/page-enhancers.ts) or a few inline
 * lines (app/client/page-data.tsx). It is here because React Router builds an entry; without this
 * file it would build its own, which hydrates.
 */
export {};
