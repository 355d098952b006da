import type { MiddlewareFunction } from "react-router";
import { deadlineMiddleware } from "#app/deadlines/deadline-middleware.server.ts";
import { databaseAwayMiddleware } from "#app/http/database-away.server.ts";
import { flowMiddleware } from "./flow-context.server.ts";

/**
 * Every flow page's middleware (each flow route module exports it): the page's 503 should the
 * database be away; the flow and step its address names, found once; then the deadline guard.
 */
export const FLOW_MIDDLEWARE: MiddlewareFunction<Response>[] = [
  databaseAwayMiddleware,
  flowMiddleware,
  deadlineMiddleware,
];
