import { describe, expect, test } from "vitest";
import { trustProxySetting, trustProxyWarnings } from "#app/security/trust-proxy.server.ts";

describe("TRUST_PROXY", () => {
  test("a hop count is a number, true is true, anything else is addresses for Express", () => {
    expect(trustProxySetting("1")).toBe(1);
    expect(trustProxySetting("true")).toBe(true);
    expect(trustProxySetting("loopback, 10.0.0.5")).toBe("loopback, 10.0.0.5");
  });

  test("a warning when it is true, and when the portal listens beyond loopback; none when unset", () => {
    for (const host of ["127.0.0.1", "127.4.5.6", "::1", "localhost"])
      expect(trustProxyWarnings("1", host), host).toEqual([]);
    for (const host of ["0.0.0.0", "::", "10.0.0.5"])
      expect(trustProxyWarnings("loopback", host), host).toEqual([
        expect.stringContaining(`listens on ${host}, not on loopback only`),
      ]);
    expect(trustProxyWarnings("true", "127.0.0.1")).toEqual([
      expect.stringContaining("TRUST_PROXY=true believes every X-Forwarded-For address"),
    ]);
    expect(trustProxyWarnings("true", "0.0.0.0")).toHaveLength(2);
    expect(trustProxyWarnings(undefined, "0.0.0.0")).toEqual([]);
    expect(trustProxyWarnings("", "0.0.0.0")).toEqual([]);
  });
});
