import { isIPv4, isIPv6 } from "node:net";

/**
 * The client a request counts against in the per-client limits, from its address as Express gives
 * it (server.ts, req.ip). An IPv4 address is one client. An IPv6 address is its /64: a host is
 * usually handed a whole /64 (SLAAC, privacy addresses), so whoever holds one address can use any
 * of its 2^64 neighbours, and a bucket per address would be no limit at all. An IPv4-mapped IPv6
 * address (::ffff:a.b.c.d, as a dual-stack socket reports IPv4 clients) is its IPv4 address.
 * Anything else (no address: "unknown") is its own key.
 */
export function clientKey(address: string): string {
  const bare = address.replace(/%.*$/, ""); // a zone (fe80::1%eth0) names an interface, not a host
  if (isIPv4(bare)) return bare;
  if (!isIPv6(bare)) return address;
  const groups = ipv6Groups(bare);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join(".");
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":")}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address, whatever its spelling (::, a dotted IPv4 tail, case). */
export function ipv6Groups(address: string): number[] {
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(address);
  const hex = dotted
    ? `${address.slice(0, dotted.index)}${((Number(dotted[1]) << 8) | Number(dotted[2])).toString(16)}:${((Number(dotted[3]) << 8) | Number(dotted[4])).toString(16)}`
    : address;
  const [head = "", tail] = hex.split("::");
  const parse = (part: string) => (part === "" ? [] : part.split(":").map((group) => Number.parseInt(group, 16)));
  const before = parse(head);
  const after = tail === undefined ? [] : parse(tail);
  return [...before, ...Array<number>(8 - before.length - after.length).fill(0), ...after];
}
