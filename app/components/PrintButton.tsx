import { scriptJson } from "#app/client/page-document.ts";
import { useNonce } from "#app/request-context.ts";

/**
 * A button that prints the page, for a page without modules (the confirmation: decision 041):
 * a few lines, run as the page is parsed, put it where they are, so no module is loaded for it.
 * Without scripts there is no button, in a graphical browser as in a text one (w3m shows a hidden
 * element as any other): it could do nothing, and the browser's own menu prints.
 */
export function PrintButton({ children }: { children: string }) {
  const nonce = useNonce();
  const script = `{const b=document.createElement("button");b.type="button";b.className="secondary print-button";b.textContent=${scriptJson(children)};b.addEventListener("click",()=>print());document.currentScript.before(b)}`;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's own few lines, the label made safe by scriptJson
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: script }} />;
}
