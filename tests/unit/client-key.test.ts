import { isIPv6 } from "node:net";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { clientKey } from "#app/security/client-key.server.ts";

/** Eight 16-bit groups: an IPv6 address as numbers. */
const groups = fc.array(fc.integer({ min: 0, max: 0xffff }), { minLength: 8, maxLength: 8 });

/**
 * Ways the same address may be written: with or without leading zeros, upper or lower case, with
 * a run of zero groups folded to "::" or not.
 */
const spelling = (address: number[]) =>
  fc
    .record({ pad: fc.boolean(), upper: fc.boolean(), fold: fc.boolean(), at: fc.nat(7) })
    .map(({ pad, upper, fold, at }) => {
      const texts = address.map((group) => (pad ? group.toString(16).padStart(4, "0") : group.toString(16)));
      let text = texts.join(":");
      if (fold) {
        // Fold the run of zero groups that starts at or after `at`, if there is one.
        const start = address.findIndex((group, index) => index >= at && group === 0);
        let end = start;
        while (end >= 0 && end < 8 && address[end] === 0) end++;
        if (start >= 0) text = `${texts.slice(0, start).join(":")}::${texts.slice(end).join(":")}`;
      }
      return upper ? text.toUpperCase() : text;
    });

/** Not an IPv4-mapped address (those are their IPv4 address: tested on their own). */
const notMapped = (address: number[]) => !(address.slice(0, 5).every((group) => group === 0) && address[5] === 0xffff);

const RUNS = { numRuns: 300 };

describe("the client a request counts against (per-client limits)", () => {
  test("any two addresses in the same /64, however written, are one client", () => {
    fc.assert(
      fc.property(
        groups
          .filter(notMapped)
          .chain((first) =>
            fc.tuple(
              fc.constant(first),
              fc
                .array(fc.integer({ min: 0, max: 0xffff }), { minLength: 4, maxLength: 4 })
                .map((host) => [...first.slice(0, 4), ...host]),
            ),
          )
          .chain(([first, second]) => fc.tuple(spelling(first), spelling(second))),
        ([first, second]) => {
          expect(isIPv6(first) && isIPv6(second)).toBe(true);
          expect(clientKey(first)).toBe(clientKey(second));
        },
      ),
      RUNS,
    );
  });

  test("addresses in different /64s are different clients", () => {
    fc.assert(
      fc.property(
        fc
          .tuple(groups, groups)
          .filter(
            ([first, second]) =>
              notMapped(first) && notMapped(second) && first.slice(0, 4).join() !== second.slice(0, 4).join(),
          )
          .chain(([first, second]) => fc.tuple(spelling(first), spelling(second))),
        ([first, second]) => {
          expect(clientKey(first)).not.toBe(clientKey(second));
        },
      ),
      RUNS,
    );
  });

  test("an IPv4-mapped IPv6 address is its IPv4 address; IPv4 addresses are one client each", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 255 }), { minLength: 4, maxLength: 4 }), (octets) => {
        const ipv4 = octets.join(".");
        const hex = `${((octets[0]! << 8) | octets[1]!).toString(16)}:${((octets[2]! << 8) | octets[3]!).toString(16)}`;
        expect(clientKey(ipv4)).toBe(ipv4);
        expect(clientKey(`::ffff:${ipv4}`)).toBe(ipv4);
        expect(clientKey(`::FFFF:${hex}`)).toBe(ipv4);
        expect(clientKey(`0:0:0:0:0:ffff:${ipv4}`)).toBe(ipv4);
      }),
      RUNS,
    );
    expect(clientKey("203.0.113.7")).not.toBe(clientKey("203.0.113.8"));
  });

  test("examples: the /64 as the key; a zone is ignored; no address stays itself", () => {
    expect(clientKey("2001:DB8:0:42:1:2:3:4")).toBe("2001:db8:0:42::/64");
    expect(clientKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(clientKey("::1")).toBe("0:0:0:0::/64");
    expect(clientKey("fe80::1%eth0")).toBe(clientKey("fe80::2%eth1"));
    expect(clientKey("64:ff9b::192.0.2.33")).toBe("64:ff9b:0:0::/64");
    expect(clientKey("unknown")).toBe("unknown");
  });
});
