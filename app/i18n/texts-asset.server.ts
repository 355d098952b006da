import { createHash } from "node:crypto";
import { getPortal } from "#app/settlement/portal.server.ts";

const assets = new Map<string, { path: string; hash: string; script: string }>();

/** The JSON API's messages: only the server writes them, into its answers; no page shows them. */
const SERVER_ONLY = /^Api_/;

/**
 * A culture's texts as a module the browser caches for good: its name carries a hash of its
 * content, so a change of texts (a new release, an edited settlement) is a new name. Every text
 * a page may show, not the JSON API's (issue 14: every first visit loads it).
 */
export function textsAsset(culture: string) {
  let asset = assets.get(culture);
  if (!asset) {
    const messages = Object.fromEntries(
      Object.entries(getPortal().messages[culture] ?? {}).filter(([key]) => !SERVER_ONLY.test(key)),
    );
    const json = JSON.stringify(messages);
    const hash = createHash("sha256").update(json).digest("hex").slice(0, 12);
    asset = {
      path: `/texts/${culture}.${hash}.js`,
      hash,
      script: `export default ${json};\n`,
    };
    assets.set(culture, asset);
  }
  return asset;
}
