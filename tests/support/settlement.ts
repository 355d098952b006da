import { appendFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { testMemberRows } from "./members.ts";

export const DEMO_SETTLEMENT = path.resolve("settlements/demo");

type Json = Record<string, unknown>;

/**
 * A copy of the demo settlement in a temporary folder, with settlement.json changed by `edit`
 * (settings to set in place of the demo's, or a function that may mutate the parsed object or
 * return a new one), for tests that need another theme, other deadlines or a broken
 * configuration. The captcha uses the "test" provider unless `testCaptcha` is false. The
 * class-member list has the test members too (members.ts).
 */
export function settlementWith(edit: Json | ((settlement: Json) => unknown) = {}, { testCaptcha = true } = {}): string {
  const dir = mkdtempSync(path.join(tmpdir(), "settlement-"));
  cpSync(DEMO_SETTLEMENT, dir, { recursive: true });
  const file = path.join(dir, "settlement.json");
  const settlement = JSON.parse(readFileSync(file, "utf8")) as Json;
  // Tests use the captcha's "test" provider unless they say otherwise (the real one is off this machine).
  if (testCaptcha) (settlement.captcha as Json).provider = "test";
  const edited = typeof edit === "function" ? returnedOr(edit(settlement), settlement) : { ...settlement, ...edit };
  writeFileSync(file, JSON.stringify(edited, null, 2));
  appendFileSync(path.join(dir, "class-members.csv"), testMemberRows());
  return dir;
}

/** What an edit returned, if it returned a settlement; else the settlement it changed in place. */
function returnedOr(returned: unknown, settlement: Json): Json {
  return typeof returned === "object" && returned !== null ? (returned as Json) : settlement;
}

/** Write a file (e.g. a locale override) into a settlement folder. */
export function writeSettlementFile(dir: string, relativePath: string, content: string): void {
  mkdirSync(path.dirname(path.join(dir, relativePath)), { recursive: true });
  writeFileSync(path.join(dir, relativePath), content);
}

/**
 * A settlement whose class got no notice (issue 24's open sign-in): the demo offering the standard
 * flow alone, which anyone starts with the captcha alone. Its sign-in page asks for nothing (the
 * demo's Claim ID and PIN are taken off it), and it has no class-member list.
 */
export function openSettlement(edit: (settlement: Json) => void = () => {}): string {
  const dir = settlementWith((settlement) => {
    settlement.flows = { standard: { signIn: ["open"] } };
    edit(settlement);
  });
  const pagesFile = path.join(dir, "forms", "standard.pages.json");
  const pages = JSON.parse(readFileSync(pagesFile, "utf8")) as Record<string, Json>;
  pages.index!.blocks = [{ kind: "feedback", style: "default", icon: "circle-info", text: "Index_Open_Help" }];
  writeFileSync(pagesFile, JSON.stringify(pages, null, 2));
  rmSync(path.join(dir, "class-members.csv"));
  return dir;
}
