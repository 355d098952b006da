import { readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { CLASS_MEMBERS_FILE, parseClassMembers } from "#app/claimants/class-members.server.ts";

/**
 * Replaces the settlement's class-member list with `source`, after checking every row (the same
 * checks as at start-up). The new list is written beside the old one and renamed over it, so a
 * server starting meanwhile reads one or the other, never half a file. Running servers read the
 * list at start-up: restart them to use it.
 */
export function importClassMembers(settlementDir: string, source: string): { members: number; withVin: number } {
  const text = readFileSync(source, "utf8");
  const members = parseClassMembers(text, source);
  const target = path.join(settlementDir, CLASS_MEMBERS_FILE);
  const partial = `${target}.importing`;
  writeFileSync(partial, text);
  renameSync(partial, target);
  return {
    members: members.byClaimId.size,
    withVin: [...members.byClaimId.values()].filter((member) => member.vin).length,
  };
}
