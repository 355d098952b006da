import { isIPv4, isIPv6 } from "node:net";
import { ipv6Groups } from "#app/security/client-key.server.ts";

/**
 * The network a client's address belongs to, for the claims administrator to see bursts of claims
 * from one network rather than from one address, which a client may change at will: an IPv4
 * address's /24 ("203.0.113.0/24") and an IPv6 address's /48 ("2001:db8:1::/48", the size usually
 * handed to a site, written as RFC 5952 has it: lower case, no leading zeros, the zeros folded to
 * "::"). An IPv4-mapped IPv6 address (::ffff:203.0.113.9, as a dual-stack socket reports an IPv4
 * client) is its IPv4 /24; a zone (fe80::1%eth0) names an interface, not a network, and is dropped.
 * Anything else (no address: "unknown") is "unknown".
 */
export function networkPrefix(address: string): string {
  const bare = address.replace(/%.*$/, "");
  if (isIPv4(bare)) return ipv4Prefix(bare.split(".").map(Number));
  if (!isIPv6(bare)) return "unknown";
  const groups = ipv6Groups(bare);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return ipv4Prefix([groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8]);
  }
  // The five zero groups after the /48 are the longest run of zeros there is, so they are the "::".
  const network = groups.slice(0, 3);
  while (network.at(-1) === 0) network.pop();
  return `${network.map((group) => group.toString(16)).join(":")}::/48`;
}

/** The /24 of an IPv4 address given as its octets (the first three are enough). */
function ipv4Prefix(octets: number[]): string {
  return `${octets[0]}.${octets[1]}.${octets[2]}.0/24`;
}
