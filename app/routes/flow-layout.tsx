import { Outlet } from "react-router";
import { deadlineMiddleware } from "#app/deadlines/deadline-middleware.server.ts";
import { flowMiddleware } from "#app/flows/flow-context.server.ts";
import type { Route } from "./+types/flow-layout";

// A failed form post ends here, under the root: the error page keeps the portal's layout and contact.
export { RouteErrorBoundary as ErrorBoundary } from "#app/components/RouteErrorBoundary.tsx";

/** The flow and step a request names, found once; then the deadline guard. */
export const middleware: Route.MiddlewareFunction[] = [flowMiddleware, deadlineMiddleware];

export default function FlowLayout() {
  return <Outlet />;
}
