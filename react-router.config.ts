import type { Config } from "@react-router/dev/config";

export default {
  // Every page is rendered on the server: claimants with scripts blocked get the whole portal.
  ssr: true,
  // Load the whole (small) route manifest with the document instead of probing /__manifest,
  // so a navigation never depends on a second request that a strict proxy might block.
  routeDiscovery: { mode: "initial" },
  // A route's module in one file, its client action included: split off, the action's few bytes
  // were a file of their own that every page preloads anyway, ~0.15–0.55 KB more per page gzipped
  // (issue 14's 130 KB a page).
  splitRouteModules: false,
} satisfies Config;
