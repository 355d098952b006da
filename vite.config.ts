import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants } from "node:zlib";
import { gzipAsync } from "@gfx/zopfli";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type Plugin } from "vite";
import { enhancerChunkName, PAGE_ENHANCERS, type PageEnhancer } from "./app/client/page-enhancers.ts";

/**
 * The form engine's checks (a step's validation, each field kind's normalizer, the rules, today's
 * date), which a form loads once its page is enhanced (app/components/form/browser-checks.ts):
 * needed only when the claimant submits, they were half the form engine's file. Left to Rolldown's
 * own splitting: the file browser-checks.ts starts, and what it shares with the calendar in one more.
 */
const CHECKS =
  /[\\/]app[\\/](components[\\/]form[\\/]browser-checks\.|forms[\\/](validate-step|parse-step|rules|submission|date-entry|claimant-clock|plain-punctuation|fields[\\/](normalizers|choice-normalize|\w+[\\/]\w+-normalize))\.|records[\\/]validate-record\.)/;
/**
 * The portal's functions that need no framework (the form engine's definitions, dependencies,
 * masks and answers; the texts; the page's data; the dialogs, the time-out warning and the
 * scripted post; the claimant's time zone, which the checks read), which the step pages' enhancer
 * imports and its calendar and checks share (decision 044): one file, asked for with the enhancer.
 */
const WITHOUT_FRAMEWORK =
  /[\\/]app[\\/](forms[\\/]|components[\\/](form[\\/](field-id|summary-text|checkbox-question|checked-fields|caret|portal-clock)\.|icon-paths\.|modal-dialog\.|session-timer\.|server-failure-dialog\.)|i18n[\\/](i18n|date-order)\.|client[\\/](page-document|scripted-post|load-page|answer-document)\.|http[\\/]page-post\.|deadlines[\\/]time-zones\.)/;

/** How React Router names the browser's copy of a route module (its client exports). */
const CLIENT_ROUTE_MODULE = /\?__react-router-build-client-route$/;

export default defineConfig({
  plugins: [browserRuntime(), noPreloadHelper(), pageEnhancers(), reactRouter(), serverRenderedRoutes(), precompress()],
  build: {
    // Hashed file names under /assets are served with immutable caching by server.ts.
    assetsDir: "assets",
    // No preloading helper around the two lazy imports (the calendar, the checks): they come after
    // the page is enhanced, and what they import the page has mostly loaded already (the checks'
    // second file is a round trip after, not before).
    modulePreload: false,
  },
  // How the browser's code is split into files (the server's build stays one file).
  environments: {
    client: {
      // Under Vite's development server, Preact's modules made ready together, at its start: found
      // one by one as the calendar is first opened, they were made twice, and the calendar's hooks
      // ran on another copy of Preact than its render (the build has one).
      optimizeDeps: {
        include: [
          "preact",
          "preact/hooks",
          "preact/compat",
          "preact/compat/jsx-runtime",
          "preact/compat/jsx-dev-runtime",
        ],
      },
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                // Preact, which only the calendar loads, as one file.
                {
                  name: "framework",
                  test: /node_modules[\\/](preact)[\\/]/,
                  priority: 2,
                },
                // What the step pages' enhancer imports, and its calendar and checks share.
                {
                  name: "portal-functions",
                  // With the lazy imports' helper (noPreloadHelper), which both use.
                  test: (id) => (WITHOUT_FRAMEWORK.test(id) && !CHECKS.test(id)) || id === "\0vite/preload-helper.js",
                  priority: 1,
                },
              ],
            },
          },
        },
      },
    },
  },
});

/**
 * The browser's one framework, for the one component drawn there (the calendar's panel,
 * app/client/step-form/calendar.tsx): Preact, through its React-compatible API, so that the
 * calendar is the same component module the server's code type-checks against React (decision
 * 036). The server build is untouched.
 */
const IN_THE_BROWSER: Record<string, string> = {
  react: "preact/compat",
  "react/jsx-runtime": "preact/compat/jsx-runtime",
  "react/jsx-dev-runtime": "preact/compat/jsx-dev-runtime",
};

function browserRuntime(): Plugin {
  return {
    name: "browser-runtime",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name === "client",
    resolveId(source, importer, options) {
      const target = IN_THE_BROWSER[source];
      if (!target) return null;
      return this.resolve(target, importer, { ...options, skipSelf: true });
    },
  };
}

/**
 * No page hydrates (decision 045): the server renders every page, and a page's scripts are its
 * enhancer's, or a few inline lines. React Router still builds each route's module for the browser,
 * which no page would load; each is built empty, so that the browser's build holds only what pages
 * load (and the routes' components, made for the server, need not compile for the browser).
 */
function serverRenderedRoutes(): Plugin {
  return {
    name: "server-rendered-routes",
    apply: "build",
    enforce: "post",
    applyToEnvironment: (environment) => environment.name === "client",
    transform: {
      filter: { id: CLIENT_ROUTE_MODULE },
      handler: () => ({ code: "export {};", map: { mappings: "" } }),
    },
  };
}

/**
 * Each page enhancer (decision 044) built as a module of its own, beside React Router's entry and
 * route modules: `enhance-<name>-<hash>.js`, which the server finds by its name
 * (app/client/page-enhancers.server.ts).
 */
function pageEnhancers(): Plugin {
  return {
    name: "page-enhancers",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    buildStart() {
      for (const [enhancer, file] of Object.entries(PAGE_ENHANCERS))
        this.emitFile({
          type: "chunk",
          id: path.resolve(import.meta.dirname, file),
          name: enhancerChunkName(enhancer as PageEnhancer),
          preserveSignature: false,
        });
    },
  };
}

/**
 * Vite wraps each lazy import() of the browser's code in its preload helper (3.4 KB, in the form
 * engine's file for the date picker's one import), even with modulePreload off, when every import's
 * list of files to preload is empty (vitejs/vite#13952; build.modulePreload above). The helper is
 * made what it then does: load the module.
 */
function noPreloadHelper(): Plugin {
  return {
    name: "no-preload-helper",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    transform: {
      filter: { id: /^\0vite\/preload-helper\.js$/ },
      handler: () => "export const __vitePreload = (load) => load();",
    },
  };
}

/** Text files smaller than this gain too little from compression to keep a copy. */
const COMPRESS_FROM_BYTES = 1024;

/**
 * The browser build's text files compressed once, at build time, at the strongest levels
 * (app/http/static-files.server.ts sends the copy a browser takes): beside `x.js`, `x.js.br`
 * and `x.js.gz`. The server then never compresses them per request. The gzip copy is Zopfli's:
 * gzip as any browser reads it, 3–4 % smaller than zlib's level 9 for the large files (3.4 KB
 * less of React and React Router; issue 14's 130 KB a page), for ~1.5 s more of a build.
 */
function precompress(): Plugin {
  return {
    name: "precompress",
    apply: "build",
    async writeBundle(options) {
      if (this.environment.name !== "client" || !options.dir) return;
      for (const relative of readdirSync(options.dir, { recursive: true, encoding: "utf8" })) {
        const file = path.join(options.dir, relative);
        if (!/\.(js|css|svg|json|txt)$/.test(file) || /(^|[\\/])\./.test(relative)) continue;
        if (statSync(file).size < COMPRESS_FROM_BYTES) continue;
        const content = readFileSync(file);
        writeFileSync(`${file}.gz`, await gzipAsync(content, { numiterations: 15 }));
        writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}
