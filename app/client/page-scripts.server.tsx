import path from "node:path";
import { type ContextType, useContext } from "react";
import { UNSAFE_DataRouterDataContext, UNSAFE_DataRouterStateContext, UNSAFE_FrameworkContext } from "react-router";
import { dateOrderOf } from "#app/i18n/date-order.ts";
import { messagesFor } from "#app/i18n/messages.ts";
import { useNonce } from "#app/request-context.ts";
import {
  type InlineCode,
  type InlineStartFunction,
  type InlineStartProps,
  type PageDataProps,
  type PageScripts,
  enhancerOf,
} from "./page-data.tsx";
import { PAGE_DATA_ID, PAGE_REPLACED_EVENT, type PageData, scriptJson } from "./page-document.ts";
import { enhancerModules } from "./page-enhancers.server.ts";
import { pageTexts } from "./page-texts.server.ts";

/**
 * The modules of the page being rendered, when it has an enhancer (decision 044): a page that
 * failed (an error boundary shows) gets none, being whole without them.
 */
function usePageModules() {
  const framework = useContext(UNSAFE_FrameworkContext);
  const state = useContext(UNSAFE_DataRouterStateContext);
  const data = useContext(UNSAFE_DataRouterDataContext);
  if (!framework || !state || !data || data.errors) return undefined;
  const leaf = state.matches.at(-1);
  if (!leaf?.route.id) return undefined;
  const page = pageModulesOf(framework, leaf.route.id);
  return page && { ...page, manifest: framework.manifest, leaf, data };
}

type Framework = NonNullable<ContextType<typeof UNSAFE_FrameworkContext>>;

/**
 * What route `routeId`'s page loads: the module that enhances it (decision 044), with what it
 * imports; `start` is the one the page imports. Undefined for a route whose page has no modules:
 * no page hydrates (decision 045).
 */
function pageModulesOf({ manifest, routeModules }: Framework, routeId: string) {
  const enhancer = enhancerOf(routeModules[routeId]?.handle);
  if (!enhancer) return undefined;
  const modules = enhancerModules(enhancer, path.posix.dirname(manifest.entry.module), !!manifest.hmr);
  return modules && { start: modules[0]!, modules };
}

/** The lines that add a `<link rel>` to <head> for each of `modules`: the browser fetches them (made safe by scriptJson). */
function linksLines(rel: "modulepreload" | "prefetch", modules: string[]): string {
  return `for(const u of ${scriptJson(modules)}){const l=document.createElement("link");l.rel=${scriptJson(rel)};l.href=u;document.head.append(l)}`;
}

/**
 * In <head>, rendered by the server only (decisions 039, 044): the few lines that ask for every
 * module the page needs at once (modulepreload), and start its enhancer once the page is parsed and
 * painted. On 3G the modules used to wait for the stylesheet, and the page was enhanced 1.2–1.8 s
 * after it was usable without scripts, most of it round trips and bytes; asked for at once, they
 * share the network with the page (issue 26's bench). The enhancer reads the page's data
 * (PageDataScript). Given to the root layout by entry.server (PageScriptsContext), so none of this
 * is in the browser's scripts.
 */
function PageLoader() {
  const nonce = useNonce();
  const page = usePageModules();
  if (!page) return null;
  const { manifest, modules } = page;
  // A module that could not be loaded (a proxy that blocks scripts) leaves the page as it is without
  // scripts, its <noscript> parts shown (a browser running scripts keeps them as text): the
  // time-out notice and its refresh, which no script replaces now, and the "saved" message. The
  // browser has said so in its console, as for a <script src> it could not load.
  const entry = `import(${scriptJson(page.start)}).catch(()=>{for(const n of document.querySelectorAll("noscript"))n.replaceWith(document.createRange().createContextualFragment(n.textContent))})`;
  // Under Vite's development server, React Router's refresh runtime comes first: its modules expect it.
  const runtime = manifest.hmr?.runtime;
  const preload = linksLines("modulepreload", modules);
  const load = runtime ? `import(${scriptJson(runtime)}).then(()=>${entry})` : entry;
  // Once the page is parsed, after the next frame is painted (a task queued from the frame's
  // callback runs after it): nothing of the modules' work delays the first paint.
  const start = `{${preload};document.addEventListener("DOMContentLoaded",()=>requestAnimationFrame(()=>setTimeout(()=>${load})))}`;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's own few lines, with its URLs made safe by scriptJson
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: start }} />;
}

/**
 * At the end of <body>, rendered by the server only: the page's data for its enhancer (read once
 * the page is parsed), with the texts it can ask for.
 */
function PageDataScript({ culture }: PageDataProps) {
  const nonce = useNonce();
  const page = usePageModules();
  if (!page) return null;
  const { leaf, data, modules } = page;
  const pageData = {
    rootData: data.loaderData.root,
    loaderData: data.loaderData[leaf.route.id],
    actionData: data.actionData?.[leaf.route.id],
  };
  const content: PageData = {
    texts: pageTexts(messagesFor(culture) ?? {}, { modules, data: pageData }),
    culture,
    dateOrder: dateOrderOf(culture),
    ...pageData,
  };
  return (
    <script
      type="application/json"
      id={PAGE_DATA_ID}
      nonce={nonce}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's own JSON, made safe inside <script> by scriptJson
      dangerouslySetInnerHTML={{ __html: scriptJson(content) }}
    />
  );
}

/**
 * In a page that loads no modules: once it has loaded, the few lines that ask the browser to fetch
 * route `routeId`'s modules into its cache (`prefetch`: the lowest priority, after what the page
 * needs). In a page that has modules of its own, nothing: they come first.
 */
function NextPageModules({ routeId }: { routeId: string }) {
  const nonce = useNonce();
  const framework = useContext(UNSAFE_FrameworkContext);
  const ownModules = usePageModules();
  const next = framework && pageModulesOf(framework, routeId);
  if (ownModules || !next) return null;
  const prefetch = `addEventListener("load",()=>{${linksLines("prefetch", next.modules)}})`;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's own few lines, with its URLs made safe by scriptJson
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: prefetch }} />;
}

/**
 * A function's own source, to stand in a <script> as it is: nothing in it may end the element or
 * begin what HTML parses as a comment or a script inside it (the portal's code, so a mistake of ours).
 */
function functionSource(start: InlineStartFunction): string {
  const source = String(start);
  if (/<\/script|<!--|<script/i.test(source)) throw new Error(`${start.name}'s source cannot stand in a <script>`);
  return `(${source})`;
}

const isInlineCode = (value: unknown): value is InlineCode =>
  typeof value === "object" && value !== null && "inlineCode" in value;

/**
 * An argument as source text: a function as its own source, code as it is, an object holding
 * either field by field, any other value as JSON.
 */
function argumentSource(value: unknown): string {
  if (typeof value === "function") return functionSource(value);
  if (isInlineCode(value)) return value.inlineCode;
  if (typeof value === "object" && value !== null && !Array.isArray(value)) {
    const entries = Object.entries(value);
    if (entries.some(([, field]) => typeof field === "function" || isInlineCode(field)))
      return `{${entries.map(([key, field]) => `${scriptJson(key)}:${argumentSource(field)}`).join(",")}}`;
  }
  return scriptJson(value);
}

/**
 * In a page that loads no modules: the lines that call `start` with `args`, and call what it gives
 * back when the page is replaced (PAGE_REPLACED_EVENT). In a page that has modules, nothing: its
 * component starts the function from its effect, or its enhancer does (decision 044).
 */
function InlineStart({ start, args }: InlineStartProps) {
  const nonce = useNonce();
  if (usePageModules()) return null;
  const call = `${functionSource(start)}(${args.map(argumentSource).join(",")})`;
  const lines = `{const stop=${call};addEventListener(${scriptJson(PAGE_REPLACED_EVENT)},stop,{once:true})}`;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the portal's own functions, their arguments made safe by scriptJson
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: lines }} />;
}

export const PAGE_SCRIPTS: PageScripts = { Loader: PageLoader, Data: PageDataScript, InlineStart, NextPageModules };
