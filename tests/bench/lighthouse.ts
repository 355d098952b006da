import { createServer } from "node:net";
import lighthouse from "lighthouse";
import { launchChromium } from "./page-load.ts";

/** A free loopback port for Chromium's DevTools endpoint, which Lighthouse connects to. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Lighthouse's mobile performance score (0–100) for each URL, in one Chromium (the tests' own,
 * its DevTools endpoint open on a loopback port), with its default mobile settings: a phone's
 * screen, 4× CPU and slow 4G, simulated. `cookie` is sent with every request of a signed-in page.
 * Traffic leaves nothing but this machine: any https address (the captcha provider's script) is
 * blocked, as the bench's own pages block it.
 */
export async function lighthouseScores(pages: Array<{ url: string; cookie?: string }>): Promise<number[]> {
  const port = await freePort();
  const browser = await launchChromium([`--remote-debugging-port=${port}`]);
  try {
    const scores: number[] = [];
    for (const { url, cookie } of pages) {
      const result = await lighthouse(url, {
        port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance"],
        blockedUrlPatterns: ["https://*"],
        ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
      });
      const lhr = result?.lhr;
      if (!lhr) throw new Error(`Lighthouse on ${url} gave no result`);
      if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
      const score = lhr.categories.performance?.score;
      if (typeof score !== "number") throw new Error(`Lighthouse on ${url} gave no performance score`);
      const finalUrl = lhr.finalDisplayedUrl;
      if (new URL(finalUrl).pathname !== new URL(url).pathname)
        throw new Error(`Lighthouse on ${url} ended at ${finalUrl}: not the page meant`);
      scores.push(Math.round(score * 100));
    }
    return scores;
  } finally {
    await browser.close();
  }
}
