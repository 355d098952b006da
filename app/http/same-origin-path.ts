/**
 * Where a return URL leads, as a path on this origin, or undefined when it leads anywhere else.
 * It is resolved as a browser would resolve it (new URL: dot segments, backslashes, %2E, leading
 * spaces), so "/.//evil.example" is seen for what it becomes, "//evil.example". A path that would
 * still start with "//" or "/\" is refused too: a browser reads it as another host.
 */
export function sameOriginPath(returnUrl: string, origin: string): string | undefined {
  let target: URL;
  try {
    target = new URL(returnUrl, origin);
  } catch {
    return undefined;
  }
  if (target.origin !== new URL(origin).origin) return undefined;
  const path = `${target.pathname}${target.search}${target.hash}`;
  return /^\/[/\\]/.test(path) ? undefined : path;
}
