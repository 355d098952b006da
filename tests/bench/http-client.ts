import { Agent, request } from "undici";

/** A keep-alive HTTP client for the benchmarks: undici directly, so the client costs little CPU. */
export const agent = new Agent({ connections: 256, pipelining: 1, keepAliveTimeout: 30_000 });

export interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export async function call(
  url: string,
  options: { method?: "GET" | "POST"; headers?: Record<string, string>; body?: string | Buffer | FormData } = {},
): Promise<Reply> {
  const failed = (error: unknown): never => {
    throw new Error(`${options.method ?? "GET"} ${new URL(url).pathname}: ${String(error)}`, { cause: error });
  };
  if (options.body instanceof FormData) {
    // Multipart through Node's own fetch (see docs/performance.md on undici and kept-alive uploads).
    const response = await fetch(url, {
      method: "POST",
      headers: options.headers,
      body: options.body,
      redirect: "manual",
    }).catch(failed);
    return { status: response.status, headers: Object.fromEntries(response.headers), body: await response.text() };
  }
  const response = await request(url, {
    dispatcher: agent,
    method: options.method ?? "GET",
    headers: options.headers,
    body: options.body,
  }).catch(failed);
  const body = await response.body.text();
  return { status: response.statusCode, headers: response.headers, body };
}

/** Latency percentiles of a list of milliseconds. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/**
 * The bytes a browser that takes gzip downloads for `url`, as the server sends them: a static
 * file's gzip copy (compressed at build time), what the server compresses as it answers, or the
 * answer as it is when it is too small to gain from compression.
 */
export async function gzippedAsSent(url: string): Promise<number> {
  const response = await request(url, { dispatcher: agent, headers: { "accept-encoding": "gzip" } });
  const body = Buffer.from(await response.body.arrayBuffer());
  if (response.statusCode !== 200) throw new Error(`GET ${new URL(url).pathname}: ${response.statusCode}`);
  const coding = response.headers["content-encoding"];
  if (coding === "gzip" || coding === undefined) return body.length;
  throw new Error(`GET ${new URL(url).pathname}: sent as ${String(coding)}, not gzip`);
}
