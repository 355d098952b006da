import type { Config } from "@react-router/dev/config";

export default {
  // Every page is rendered on the server: claimants with scripts blocked get the whole portal.
  ssr: true,
  // Load the whole (small) route manifest with the document instead of probing /__manifest,
  // so a navigation never depends on a second request that a strict proxy might block.
  routeDiscovery: { mode: "initial" },
} satisfies Config;
