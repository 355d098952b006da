import { getPortal } from "#app/settlement/portal.server.ts";
import { textsAsset } from "#app/i18n/texts-asset.server.ts";
import type { Route } from "./+types/texts";

/**
 * GET /texts/<culture>.<hash>.js: a culture's texts for the browser (see textsAsset). The current
 * name is cached immutably; an outdated one (a page from before a release) gets the current texts,
 * not cached.
 */
export function loader({ params }: Route.LoaderArgs) {
  const match = /^([A-Za-z-]+)\.([0-9a-f]{12})\.js$/.exec(params.file ?? "");
  if (!match || !getPortal().settlement.cultures.includes(match[1]!)) return new Response("Not found", { status: 404 });
  const asset = textsAsset(match[1]!);
  return new Response(asset.script, {
    headers: {
      "Content-Type": "text/javascript; charset=utf-8",
      "Cache-Control": asset.hash === match[2] ? "public, max-age=31536000, immutable" : "no-cache",
    },
  });
}
