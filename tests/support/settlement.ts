import { appendFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { testMemberRows } from "./members.ts";

export const DEMO_SETTLEMENT = path.resolve("settlements/demo");

type Json = Record<string, unknown>;

/**
 * A copy of the demo settlement in a temporary folder, with settlement.json changed by `edit`
 * (which may mutate the parsed object or return a new one), for tests that need another theme,
 * other deadlines or a broken configuration. The captcha uses the "test" provider unless
 * `testCaptcha` is false. The class-member list has the test members too (members.ts).
 */
export function settlementWith(edit: (settlement: Json) => Json | void = () => {}, { testCaptcha = true } = {}): string {
  const dir = mkdtempSync(path.join(tmpdir(), "settlement-"));
  cpSync(DEMO_SETTLEMENT, dir, { recursive: true });
  const file = path.join(dir, "settlement.json");
  const settlement = JSON.parse(readFileSync(file, "utf8")) as Json;
  // Tests use the captcha's "test" provider unless they say otherwise (the real one is off this machine).
  if (testCaptcha) (settlement.captcha as Json).provider = "test";
  writeFileSync(file, JSON.stringify(edit(settlement) ?? settlement, null, 2));
  appendFileSync(path.join(dir, "class-members.csv"), testMemberRows());
  return dir;
}

/** Write a file (e.g. a locale override) into a settlement folder. */
export function writeSettlementFile(dir: string, relativePath: string, content: string): void {
  mkdirSync(path.dirname(path.join(dir, relativePath)), { recursive: true });
  writeFileSync(path.join(dir, relativePath), content);
}
