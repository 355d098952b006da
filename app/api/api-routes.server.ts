import type { ServerBuild } from "react-router";
import { apiDatabaseAwayMiddleware } from "#app/http/database-away.server.ts";
import * as captcha from "./captcha.ts";
import * as charactersWhitelist from "./characters-whitelist.ts";
import * as csrf from "./csrf.ts";
import * as cultureContent from "./culture-content.ts";
import * as cultureSetLanguage from "./culture-set-language.ts";
import * as deadlines from "./deadlines.ts";
import * as formsAuthorize from "./forms-authorize.ts";
import * as formsConfig from "./forms-config.ts";
import * as formsSubmit from "./forms-submit.ts";
import * as notFound from "./not-found.ts";
import * as sessionKeepAlive from "./session-keep-alive.ts";
import * as sessionTimeout from "./session-timeout.ts";
import * as signatureDate from "./signature-date.ts";

type ServerRoutes = ServerBuild["routes"];
type RouteModule = NonNullable<ServerRoutes[string]>["module"];
/** What an address of the API has: a loader (GET, HEAD) and an action (the other methods). */
type Endpoint = Pick<RouteModule, "loader" | "action">;

/** SPEC §7, one screen: the JSON API's addresses, each with its module's loader (GET) and action. */
const API: Array<[path: string, module: Endpoint]> = [
  ["csrf", csrf],
  ["deadlines", deadlines],
  ["characters-whitelist", charactersWhitelist],
  ["captcha", captcha],
  ["signature-date", signatureDate],
  ["culture/content", cultureContent],
  ["culture/set-language", cultureSetLanguage],
  ["forms/config", formsConfig],
  ["forms/:formType/authorize", formsAuthorize],
  ["forms/:formType", formsSubmit],
  ["session-timeout", sessionTimeout],
  ["session/keep-alive", sessionKeepAlive],
  // Anything else under /api/, by any method, is the API's JSON 404, never a page.
  ["*", notFound],
];

/**
 * The JSON API as React Router routes under the root (whose middleware gives the culture and its
 * texts), for a build of their own (app/http/portal-express.server.ts mounts it at /api). Not in
 * the pages' route table (app/routes.ts): that table travels to the browser with every page (the
 * API's 14 routes were 0.3 KB of each page's JavaScript, gzipped) and is worked through for every
 * page rendered (issue 14). The entry exports it, so the API runs the build's own modules.
 */
export const API_ROUTES: ServerRoutes = Object.fromEntries(
  API.map(([path, module]) => {
    const id = `api/${path}`;
    // A resource route, with no component: React Router's type asks for one, as its own build of a
    // resource route module does not.
    // A call that met the database away is answered 503 database_unavailable, in the API's shape.
    const answered = { ...module, middleware: [apiDatabaseAwayMiddleware] };
    return [id, { id, parentId: "root", path: `api/${path}`, module: answered as RouteModule }];
  }),
);
