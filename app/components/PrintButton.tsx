import { useNonce } from "#app/request-context.ts";

/**
 * A button that prints the page, for a page that hydrates nothing (the confirmation: decision 041).
 * In the server's markup, hidden; the few lines after it, run as the page is parsed, show it and
 * make it print, so no module is loaded for it. Without scripts it stays hidden: it could do
 * nothing, and the browser's own menu prints.
 */
export function PrintButton({ children }: { children: string }) {
  const nonce = useNonce();
  return (
    <>
      <button type="button" className="secondary print-button" hidden>
        {children}
      </button>
      <script
        nonce={nonce}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's own few lines, nothing of the request in them
        dangerouslySetInnerHTML={{ __html: SHOW_AND_PRINT }}
      />
    </>
  );
}

const SHOW_AND_PRINT =
  "{const b=document.currentScript.previousElementSibling;b.hidden=false;b.addEventListener('click',()=>print())}";
