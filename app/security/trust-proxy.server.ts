/**
 * TRUST_PROXY: whom the portal believes about a request's client address and scheme (Express's
 * "trust proxy"). X-Forwarded-For is written by whoever sends the request, so trusting it from
 * anyone but the proxy lets a client pick the address the per-client limits count, a new one for
 * every attempt. docs/operating.md "Behind a reverse proxy" says what to set.
 */

/** Express's "trust proxy" value for TRUST_PROXY: a hop count, `true`, or addresses and subnets. */
export function trustProxySetting(value: string): number | boolean | string {
  return /^\d+$/.test(value) ? Number(value) : value === "true" ? true : value;
}

function isLoopback(host: string): boolean {
  return host === "localhost" || host === "::1" || /^(::ffff:)?127\.\d+\.\d+\.\d+$/.test(host);
}

/** What an operator is told at start-up about a TRUST_PROXY that may trust more than the proxy. */
export function trustProxyWarnings(value: string | undefined, host: string): string[] {
  if (!value) return [];
  const warnings: string[] = [];
  if (trustProxySetting(value) === true) {
    warnings.push(
      "TRUST_PROXY=true believes every X-Forwarded-For address, so any client chooses the address the per-client limits count. Set the proxy's address (or loopback) or the number of proxies in front (1) instead.",
    );
  }
  if (!isLoopback(host)) {
    warnings.push(
      `TRUST_PROXY is set and the portal listens on ${host}, not on loopback only: unless TRUST_PROXY names only the proxy's address, a client that reaches this port without the proxy can send X-Forwarded-For and be counted as any address. Let only the proxy reach the port (HOST=127.0.0.1 for a proxy on the same machine, or a firewall).`,
    );
  }
  return warnings;
}
