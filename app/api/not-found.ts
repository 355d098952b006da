import { apiError } from "#app/http/api-error.server.ts";
import { getTranslate } from "#app/i18n/culture-middleware.server.ts";
import type { LoaderFunctionArgs } from "react-router";

/**
 * Any other address under /api/, by any method: the API's 404 in its one error shape, not the
 * portal's HTML "page not found" (the splat ranks below every route of the API's own).
 */
export function loader({ context }: LoaderFunctionArgs) {
  return apiError("not_found", getTranslate(context)("Api_NotFound"));
}

export const action = loader;
