/**
 * The framework floor (issue 14): a bare React Router app with the portal's Express set-up
 * (tests/bench/floor/) that renders, for its one route branch, the markup and loader data of a
 * portal page and nothing else: no session, no store, no texts, no form engine. Rebuilt from the
 * page at every bench run, so it never drifts from what the portal renders: what separates the two
 * is the portal's own work per request.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FloorPage } from "./floor/app/page.ts";
import { call } from "./http-client.ts";
import { startServerProcess } from "./server-process.ts";

const FLOOR_DIR = path.resolve("tests/bench/floor");
const require = createRequire(import.meta.url);
// React Router's own decoder of the turbo-stream its `.data` requests answer with (not exported).
const { decode } = (await import(
  path.join(path.dirname(require.resolve("react-router")), "vendor/turbo-stream-v2/turbo-stream.js")
)) as { decode: (body: ReadableStream<Uint8Array>) => Promise<{ value: unknown; done: Promise<unknown> }> };

export interface Floor {
  url: string;
  pid: number;
  /** The floor's rendering of the page, to compare its size with the portal's. */
  html: string;
  stop: () => void;
}

/** Splits a page into what the floor writes itself and what React Router writes for it. */
export function capturePage(html: string, loaderData: Record<string, unknown>): FloorPage {
  const htmlTag = /<html([^>]*)>/.exec(html)?.[1] ?? "";
  const head = /<head>([\s\S]*)<\/head>/.exec(html)?.[1] ?? "";
  const body = /<body>([\s\S]*)<\/body>/.exec(html)?.[1] ?? "";
  // React Router's part of the body starts at ScrollRestoration's script, then <Scripts>.
  const routerPart = body.search(/<script[^>]*>[^<]*(react-router-scroll-positions|__reactRouterContext)/);
  if (routerPart < 0) throw new Error("the page has no React Router scripts to leave to the floor");
  return {
    htmlAttributes: Object.fromEntries(
      [...htmlTag.matchAll(/([\w-]+)="([^"]*)"/g)].map((match) => [match[1]!, match[2]!]),
    ),
    head: head.replace(/<link rel="modulepreload"[^>]*\/>/g, ""),
    body: body.slice(0, routerPart),
    loaderData,
  };
}

/** Captures `pathname` as `cookie`'s claimant sees it, builds the floor for it and starts it. */
export async function startFloor(
  portalUrl: string,
  pathname: string,
  cookie: string,
  env: Record<string, string> = {},
): Promise<Floor> {
  const page = await call(`${portalUrl}${pathname}`, { headers: { cookie } });
  const data = await fetch(`${portalUrl}${pathname}.data`, { headers: { cookie } });
  if (page.status !== 200 || data.status !== 200 || !data.body)
    throw new Error(`the floor's page ${pathname} answered ${page.status} (its data ${data.status})`);
  const decoded = await decode(data.body);
  await decoded.done;
  const loaderData = Object.fromEntries(
    Object.entries(decoded.value as Record<string, { data: unknown }>).map(([id, route]) => [id, route.data]),
  );
  const pageFile = path.join(mkdtempSync(path.join(tmpdir(), "bench-floor-")), "page.json");
  writeFileSync(pageFile, JSON.stringify(capturePage(page.body.toString(), loaderData)));

  const build = spawnSync(
    process.execPath,
    [path.resolve("node_modules/@react-router/dev/bin.cjs"), "build", FLOOR_DIR],
    {
      encoding: "utf8",
      env: { ...process.env, NODE_ENV: "production" },
    },
  );
  if (build.status !== 0) throw new Error(`the floor's build failed:\n${build.stdout}\n${build.stderr}`);
  const server = await startServerProcess(path.join(FLOOR_DIR, "server.ts"), [], {
    ...process.env,
    NODE_ENV: "production",
    FLOOR_PAGE: pageFile,
    ...env,
  });
  const floorPage = await call(`${server.url}${pathname}`);
  if (floorPage.status !== 200) throw new Error(`the floor answered ${floorPage.status} for ${pathname}`);
  return { url: server.url, pid: server.process.pid!, html: floorPage.body, stop: server.stop };
}
