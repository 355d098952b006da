import { useContext } from "react";
import { UNSAFE_DataRouterDataContext, UNSAFE_DataRouterStateContext, UNSAFE_FrameworkContext } from "react-router";
import { messagesFor } from "#app/i18n/messages.ts";
import { useNonce } from "#app/request-context.ts";
import { PAGE_DATA_ID, type PageData, type PageScriptsProps, scriptJson, withoutScripts } from "./page-data.tsx";
import { pageTexts } from "./page-texts.server.ts";

/**
 * At the end of <body>, rendered by the server only: the page's data for its scripts, and the few
 * lines that load them (decision 036). They run where the parser meets them, once the page's
 * stylesheet has arrived (a stylesheet holds back the inline scripts after it), so the HTML and CSS
 * have the first round trips to themselves: nothing is preloaded in <head>, and no script blocks
 * rendering. Then every module the page needs is fetched at once (modulepreload), and the entry
 * hydrates the page's content. A page that failed (an error boundary shows) and a route that says
 * it needs none get no scripts: a page is whole without them. Given to the root layout by
 * entry.server (PageScriptsContext), so none of this is in the browser's scripts.
 */
export function PageScripts({ culture, textsAsked }: PageScriptsProps) {
  const framework = useContext(UNSAFE_FrameworkContext);
  const state = useContext(UNSAFE_DataRouterStateContext);
  const data = useContext(UNSAFE_DataRouterDataContext);
  const nonce = useNonce();
  if (!framework || !state || !data || data.errors) return null;
  const leaf = state.matches.at(-1)?.route;
  if (!leaf?.id) return null;
  const { manifest, routeModules } = framework;
  if (withoutScripts(routeModules[leaf.id]?.handle)) return null;
  const route = manifest.routes[leaf.id];
  if (!route) return null;
  const modules = [
    ...new Set([manifest.entry.module, ...manifest.entry.imports, route.module, ...(route.imports ?? [])]),
  ];
  const pageData = {
    rootData: data.loaderData.root,
    loaderData: data.loaderData[leaf.id],
    actionData: data.actionData?.[leaf.id],
  };
  const page: PageData = {
    routeId: leaf.id,
    module: route.module,
    texts: pageTexts(messagesFor(culture) ?? {}, { asked: textsAsked, modules, data: pageData }),
    culture,
    ...pageData,
    params: state.matches.at(-1)?.params ?? {},
  };
  // A module that could not be loaded (a proxy that blocks scripts) leaves the page as it is, whole
  // without them: the browser has said so in its console, as for a <script src> it could not load.
  const entry = `import(${scriptJson(manifest.entry.module)}).catch(()=>{})`;
  // Under Vite's development server, React Router's refresh runtime comes first: its modules expect it.
  const runtime = manifest.hmr?.runtime;
  const load =
    `for(const u of ${scriptJson(modules)}){const l=document.createElement("link");l.rel="modulepreload";l.href=u;document.head.append(l)}` +
    (runtime ? `import(${scriptJson(runtime)}).then(()=>${entry})` : entry);
  return (
    <>
      <script
        type="application/json"
        id={PAGE_DATA_ID}
        nonce={nonce}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's own JSON, made safe inside <script> by scriptJson
        dangerouslySetInnerHTML={{ __html: scriptJson(page) }}
      />
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the server's own few lines, with its URLs made safe by scriptJson */}
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: load }} />
    </>
  );
}
