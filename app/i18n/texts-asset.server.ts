import { createHash } from "node:crypto";
import { getPortal } from "#app/settlement/portal.server.ts";

const assets = new Map<string, { path: string; hash: string; script: string }>();

/**
 * A culture's texts as a script the browser caches for good: its name carries a hash of its
 * content, so a change of texts (a new release, an edited settlement) is a new name.
 */
export function textsAsset(culture: string) {
  let asset = assets.get(culture);
  if (!asset) {
    const messages = getPortal().messages[culture] ?? {};
    const json = JSON.stringify({ [culture]: messages });
    const hash = createHash("sha256").update(json).digest("hex").slice(0, 12);
    asset = {
      path: `/texts/${culture}.${hash}.js`,
      hash,
      script: `window.__portalTexts=Object.assign(window.__portalTexts||{},${json});\n`,
    };
    assets.set(culture, asset);
  }
  return asset;
}
