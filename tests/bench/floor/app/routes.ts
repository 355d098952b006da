import { layout, type RouteConfig, route } from "@react-router/dev/routes";

// The step page's route branch, with the portal's route ids (the loader data is keyed by them).
export default [
  layout("routes/flow-layout.tsx", [
    route("standard/claimant-info", "routes/step.tsx", { id: "standard-claimant-info" }),
  ]),
] satisfies RouteConfig;
