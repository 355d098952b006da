import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type Plugin } from "vite";

export default defineConfig({
  plugins: [reactRouter(), precompress()],
  build: {
    // Hashed file names under /assets are served with immutable caching by server.ts.
    assetsDir: "assets",
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // React and React Router, which every page loads, as one file: compressed together
            // they are ~3 KB smaller than in the five files the default splitting made of them.
            { name: "framework", test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
          ],
        },
      },
    },
  },
});

/** Text files smaller than this gain too little from compression to keep a copy. */
const COMPRESS_FROM_BYTES = 1024;

/**
 * The browser build's text files compressed once, at build time, at the strongest levels
 * (app/http/static-files.server.ts sends the copy a browser takes): beside `x.js`, `x.js.br`
 * and `x.js.gz`. The server then never compresses them per request.
 */
function precompress(): Plugin {
  return {
    name: "precompress",
    apply: "build",
    writeBundle(options) {
      if (this.environment.name !== "client" || !options.dir) return;
      for (const relative of readdirSync(options.dir, { recursive: true, encoding: "utf8" })) {
        const file = path.join(options.dir, relative);
        if (!/\.(js|css|svg|json|txt)$/.test(file) || statSync(file).size < COMPRESS_FROM_BYTES) continue;
        const content = readFileSync(file);
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}
