import { type RouteConfig, route } from "@react-router/dev/routes";

// The step page's route branch, with the portal's route id (the loader data is keyed by it).
export default [route("standard/claimant-info", "routes/step.tsx", { id: "routes/flow-step" })] satisfies RouteConfig;
