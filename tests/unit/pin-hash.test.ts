import { createHmac, hkdfSync } from "node:crypto";
import fc from "fast-check";
import { expect, test, vi } from "vitest";

test("a PIN's keyed hash is HMAC-SHA-256 of its Claim ID and PIN under a key derived from the field key (fast-check)", async () => {
  const fieldKey = Buffer.alloc(32, 7);
  vi.stubEnv("FIELD_ENCRYPTION_KEYS", fieldKey.toString("base64"));
  const { pinHash } = await import("#app/claimants/class-members.server.ts");
  const { fieldKeys } = await import("#app/security/field-keys.server.ts");
  const keyId = fieldKeys().current.id;
  const key = Buffer.from(hkdfSync("sha256", fieldKey, "", "class-member PIN", 32));
  const digits = (length: number) => fc.stringMatching(new RegExp(`^\\d{${length}}$`));
  fc.assert(
    fc.property(digits(8), digits(6), (claimId, pin) => {
      expect(pinHash(keyId, claimId, pin)).toEqual(createHmac("sha256", key).update(`${claimId}\0${pin}`).digest());
    }),
    { numRuns: 200 },
  );
  // Bound to the Claim ID: one PIN hashes differently for two members.
  expect(pinHash(keyId, "10000001", "123456")).not.toEqual(pinHash(keyId, "10000002", "123456"));
  expect(() => pinHash("000000000000", "10000001", "123456")).toThrow(
    /field key 000000000000, which is not among the keys/,
  );
  vi.unstubAllEnvs();
});
