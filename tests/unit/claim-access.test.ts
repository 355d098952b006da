import { describe, expect, test } from "vitest";
import { lastNameKey, sameLastName } from "#app/claims/last-name.ts";
import { typedReferenceCode } from "#app/claims/reference-code.ts";

describe("a last name as a person reads it (claim access)", () => {
  test.each([
    ["García", "garcia"],
    ["GARCÍA-LÓPEZ", "García López"],
    ["De la Cruz", "delacruz"],
    ["O'Brien", "O’Brien"],
    ["O'Brien", "OBrien"],
    ["Straße", "STRASSE"],
    ["Nguyễn", "nguyen"],
    [" Lee\u200b ", "lee"],
  ])("%s is %s", (filed, typed) => {
    expect(sameLastName(typed, filed)).toBe(true);
  });

  test.each([
    ["Lee", "Leeson"],
    ["Lee", "Le"],
    ["Lee", ""],
    ["-", "-"],
    ["Lee", " . "],
  ])("%s is not %s", (filed, typed) => {
    expect(sameLastName(typed, filed)).toBe(false);
  });

  test("a name that is no text matches nothing", () => {
    expect(sameLastName("Lee", undefined)).toBe(false);
    expect(lastNameKey("  ")).toBe("");
  });
});

describe("a reference code as typed", () => {
  test.each([
    ["STD-7K3M-9QXW-2HDF", "STD-7K3M-9QXW-2HDF"],
    ["std 7k3m 9qxw 2hdf", "STD-7K3M-9QXW-2HDF"],
    ["STD7K3M9QXW2HDF", "STD-7K3M-9QXW-2HDF"],
    ["STD-OOII-LLOO-1234", "STD-0011-1100-1234"],
    [" not a code ", "NOT A CODE"],
  ])("%s reads %s", (typed, code) => {
    expect(typedReferenceCode(typed)).toBe(code);
  });
});
