import { describe, expect, test } from "vitest";
import { BoundedMap } from "#app/cache/bounded-map.ts";

describe("BoundedMap", () => {
  test("never holds more than its limit: a new key when full empties it first", () => {
    const map = new BoundedMap<string, number>(3);
    for (const [index, key] of ["a", "b", "c", "d"].entries()) map.set(key, index);
    expect([...map]).toEqual([["d", 3]]);
  });

  test("a key it holds is changed in place, even when full", () => {
    const map = new BoundedMap<string, number>(2);
    map.set("a", 1).set("b", 2).set("a", 3);
    expect([...map]).toEqual([
      ["a", 3],
      ["b", 2],
    ]);
  });
});
