import { getPortal } from "#app/settlement/portal.server.ts";

/** JSON API answers are never cached by browsers or proxies: they carry session state or change with time. */
export function json(body: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.set("Cache-Control", "no-store");
  return Response.json(body, { ...init, headers });
}

export function jsonError(status: number, error: string): Response {
  return json({ error }, { status });
}

/**
 * The `culture` query parameter an API call names (SPEC §5: culture is required). A missing or
 * unknown culture is the caller's mistake: a 400 that says which cultures there are.
 */
export function requiredCulture(request: Request): string | Response {
  const culture = new URL(request.url).searchParams.get("culture");
  const { cultures } = getPortal().settlement;
  if (!culture) return jsonError(400, `The culture query parameter is required (one of: ${cultures.join(", ")}).`);
  if (!cultures.includes(culture)) return jsonError(400, `Unknown culture "${culture}" (one of: ${cultures.join(", ")}).`);
  return culture;
}
