import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { enhancerChunkName, PAGE_ENHANCERS, type PageEnhancer } from "./page-enhancers.ts";
import { CLIENT_BUILD } from "./page-texts.server.ts";

/** A module the built code imports as it is evaluated (not a lazy `import()`): `import{a as b}from"./x.js"`, `import"./x.js"`. */
const STATIC_IMPORT = /\bimport\s*(?:[^"'()]*?\bfrom\s*)?["']\.\/([\w.-]+\.js)["']/g;

/** Found once per enhancer: a build's files never change while it is served. */
const found = new Map<PageEnhancer, string[] | undefined>();

/**
 * The addresses of a page enhancer's module and of every module it imports as it is evaluated, the
 * enhancer first: what a page it enhances asks for at once (app/client/page-scripts.server.tsx).
 * Under Vite's development server (`development`), its source, which the server transforms.
 * Undefined if the build has no such module (a build older than the server): the page is then
 * whole without scripts.
 */
export function enhancerModules(
  enhancer: PageEnhancer,
  assetsPath: string,
  development: boolean,
): string[] | undefined {
  if (development) return [`/${PAGE_ENHANCERS[enhancer]}`];
  if (found.has(enhancer)) return found.get(enhancer);
  const folder = path.join(CLIENT_BUILD, assetsPath);
  let modules: string[] | undefined;
  try {
    const file = readdirSync(folder).find(
      (name) => name.startsWith(`${enhancerChunkName(enhancer)}-`) && name.endsWith(".js"),
    );
    if (file) {
      const names = [file];
      for (let index = 0; index < names.length; index++)
        for (const [, imported] of readFileSync(path.join(folder, names[index]!), "utf8").matchAll(STATIC_IMPORT))
          if (!names.includes(imported!)) names.push(imported!);
      modules = names.map((name) => path.posix.join(assetsPath, name));
    }
  } catch {
    modules = undefined;
  }
  found.set(enhancer, modules);
  return modules;
}
