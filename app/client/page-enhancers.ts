/**
 * The modules that enhance a page's server markup in the browser (decision 044; no page hydrates:
 * decision 045), by name, each built as a module of its own (vite.config.ts) that a route names in its
 * `handle` (`enhancedBy`, app/client/page-data.tsx): with no framework in the browser, what scripts
 * add to a step page (its dependants, masks, checks, calendar) is a few kilobytes, not thirty.
 */
export const PAGE_ENHANCERS = {
  "step-form": "app/client/step-form/enhance-step-form.ts",
} as const;

export type PageEnhancer = keyof typeof PAGE_ENHANCERS;

/** The name a page enhancer's built file starts with: `enhance-step-form-<hash>.js`. */
export const enhancerChunkName = (enhancer: PageEnhancer) => `enhance-${enhancer}`;
