import { Outlet } from "react-router";
import { deadlineMiddleware } from "#app/deadlines/deadline-middleware.server.ts";
import type { Route } from "./+types/flow-layout";

export const middleware: Route.MiddlewareFunction[] = [deadlineMiddleware];

export default function FlowLayout() {
  return <Outlet />;
}
