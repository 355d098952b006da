import { useNonce } from "#app/request-context.ts";
import { InPageWithoutModules, scriptJson } from "./page-data.tsx";

/**
 * Told, on the window, to what a page without modules started with its inline lines, before a
 * form's answer replaces the page (app/client/scripted-post.ts): the answer's own lines start anew.
 */
export const PAGE_REPLACED_EVENT = "portal:page-replaced";

/** Source text the inline lines pass as it is (`document.currentScript.parentElement`). */
export interface InlineCode {
  inlineCode: string;
}

export const inlineCode = (code: string): InlineCode => ({ inlineCode: code });

// biome-ignore lint/complexity/noBannedTypes: any of the portal's self-contained DOM functions
type Start = Function;

/** An argument as source text: a function as its own source, an object of them field by field, a value as JSON. */
function argumentSource(value: unknown): string {
  if (typeof value === "function") return `(${value})`;
  if (typeof value === "object" && value !== null) {
    if ("inlineCode" in value) return (value as InlineCode).inlineCode;
    const entries = Object.entries(value);
    if (entries.some(([, field]) => typeof field === "function"))
      return `{${entries.map(([key, field]) => `${scriptJson(key)}:${argumentSource(field)}`).join(",")}}`;
  }
  return scriptJson(value);
}

/** The lines that call `start` with `args`, and call what it gives back when the page is replaced. */
function startLines(start: Start, args: unknown[]): string {
  const call = `(${start})(${args.map(argumentSource).join(",")})`;
  return `{const stop=${call};addEventListener(${scriptJson(PAGE_REPLACED_EVENT)},stop,{once:true})}`;
}

/**
 * In a page that loads no modules (decisions 042, 043): a few inline lines, run as the page is
 * parsed, that start one of the portal's DOM functions (the captcha's widget, the time-out
 * warning, the scripted post) with `args`, written with its own source. `start` uses nothing but
 * its parameters and the page's globals, and gives back what stops it. In a page that hydrates,
 * nothing: the component starts the same function from its effect. Rendered by the server only.
 */
export function InlineStart({ start, args }: { start: Start; args: unknown[] }) {
  return (
    <InPageWithoutModules>
      <StartScript start={start} args={args} />
    </InPageWithoutModules>
  );
}

function StartScript({ start, args }: { start: Start; args: unknown[] }) {
  const nonce = useNonce();
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the portal's own functions, their arguments made safe by scriptJson
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: startLines(start, args) }} />;
}
