import { renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { CLASS_MEMBERS_FILE, parseClassMembers, readClassMembersText } from "#app/claimants/class-members.server.ts";
import { SettlementConfigError } from "#app/settlement/config-error.ts";

/**
 * Replaces the settlement's class-member list with `source`, after checking every row (the same
 * checks as at start-up). The new list is written beside the old one and renamed over it, so a
 * server starting meanwhile reads one or the other, never half a file. Running servers read the
 * list at start-up: restart them to use it. A list without members is refused.
 */
export function importClassMembers(settlementDir: string, source: string): { members: number; withVin: number } {
  const text = readClassMembersText(source);
  const members = parseClassMembers(text, source);
  // An empty list would leave no one able to sign in: never what an import means.
  if (members.byClaimId.size === 0)
    throw new SettlementConfigError(
      `${source}: has no class members: ${text.replace(/^\uFEFF/, "").trim() ? "only a header" : "it is empty"}`,
    );
  const target = path.join(settlementDir, CLASS_MEMBERS_FILE);
  const partial = `${target}.importing`;
  writeFileSync(partial, text);
  renameSync(partial, target);
  return {
    members: members.byClaimId.size,
    withVin: [...members.byClaimId.values()].filter((member) => member.vin).length,
  };
}
