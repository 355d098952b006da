import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { networkPrefix } from "#app/signals/network.ts";

const octet = fc.integer({ min: 0, max: 255 });
/** The first three octets of an IPv4 address: its /24. */
const network24 = fc.tuple(octet, octet, octet);

const RUNS = { numRuns: 200 };

describe("the network of a client's address (bursts of claims from one network)", () => {
  test.each([
    ["203.0.113.9", "203.0.113.0/24"],
    ["203.0.113.250", "203.0.113.0/24"],
    ["10.0.0.1", "10.0.0.0/24"],
    ["2001:db8:1:2:3:4:5:6", "2001:db8:1::/48"],
    ["2001:DB8:0001:ffff::1", "2001:db8:1::/48"],
    ["2001:0db8:0000:0000:0000:0000:0000:0001", "2001:db8::/48"],
    ["2001:0:1::", "2001:0:1::/48"],
    ["0:0:1::5", "0:0:1::/48"],
    ["::1", "::/48"],
    ["fe80::1%eth0", "fe80::/48"],
    ["::ffff:203.0.113.9", "203.0.113.0/24"],
    ["::FFFF:cb00:7109", "203.0.113.0/24"],
    ["0:0:0:0:0:ffff:203.0.113.9", "203.0.113.0/24"],
    ["unknown", "unknown"],
    ["", "unknown"],
    ["203.0.113", "unknown"],
    ["2001:db8::g", "unknown"],
  ])("%s is in %s", (address, prefix) => {
    expect(networkPrefix(address)).toBe(prefix);
  });

  test("every IPv4 address of one /24 is in it, written as an IPv4 or an IPv4-mapped IPv6 address", () => {
    fc.assert(
      fc.property(network24, octet, octet, ([a, b, c], first, second) => {
        const prefix = `${a}.${b}.${c}.0/24`;
        expect(networkPrefix(`${a}.${b}.${c}.${first}`)).toBe(prefix);
        expect(networkPrefix(`${a}.${b}.${c}.${second}`)).toBe(prefix);
        expect(networkPrefix(`::ffff:${a}.${b}.${c}.${first}`)).toBe(prefix);
      }),
      RUNS,
    );
  });

  test("every IPv6 address of one /48 is in it, written as RFC 5952 has it (as the URL standard writes hosts)", () => {
    const group = fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 0xffff })); // zeros often: the "::" cases
    const groups = (count: number) => fc.array(group, { minLength: count, maxLength: count });
    fc.assert(
      fc.property(groups(3), groups(5), groups(5), (network, first, second) => {
        fc.pre(!network.every((value) => value === 0)); // ::ffff:a.b.c.d is IPv4
        const address = (host: number[]) => [...network, ...host].map((value) => value.toString(16)).join(":");
        const prefix = networkPrefix(address(first));
        expect(networkPrefix(address(second).toUpperCase())).toBe(prefix);
        const bare = prefix.replace(/\/48$/, "");
        expect(
          new URL(`http://[${[...network, 0, 0, 0, 0, 0].map((value) => value.toString(16)).join(":")}]`).hostname,
        ).toBe(`[${bare}]`);
      }),
      RUNS,
    );
  });

  test("IPv4 addresses of different /24s are in different networks", () => {
    fc.assert(
      fc.property(network24, network24, octet, octet, (first, second, host1, host2) => {
        fc.pre(first.join(".") !== second.join("."));
        expect(networkPrefix(`${first.join(".")}.${host1}`)).not.toBe(networkPrefix(`${second.join(".")}.${host2}`));
      }),
      RUNS,
    );
  });
});
