import type { Config } from "@react-router/dev/config";

// As the portal's: every page rendered on the server, the route manifest with the document.
export default { ssr: true, routeDiscovery: { mode: "initial" } } satisfies Config;
