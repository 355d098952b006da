import type { FormType } from "#app/flow-registry/form-type.ts";
import { withCulture } from "#app/i18n/culture.ts";
import type { DeadlineKey, DeadlineSettings } from "./deadline-settings.ts";

/** The first of the given deadlines that has passed at `now`, if any. */
export function passedDeadline(settings: DeadlineSettings, keys: readonly DeadlineKey[], now: number) {
  for (const key of keys) {
    const deadline = settings[key];
    if (deadline && now > deadline.closesAt) return deadline;
  }
  return undefined;
}

/**
 * Where a claimant goes once a deadline has passed (SPEC §4): that deadline's target for the culture,
 * else its default, else the global deadline's default, else the portal's own /deadline page. A
 * target inside the portal (a local path) keeps the claimant's culture, as every portal link does, so
 * a Spanish claimant sent to "/closed" is not shown it in English; another site's address is left as
 * the operator wrote it ("//host" and "/\\host" are other sites too). The portal's own page is told
 * the flow, so that it can say which deadline passed and when (decision 035).
 */
export function deadlineRedirectTarget(
  settings: DeadlineSettings,
  key: DeadlineKey,
  culture: string,
  formType: FormType,
): string {
  const deadline = settings[key];
  const target =
    deadline?.redirectTargets[culture] ??
    deadline?.redirectTargets.default ??
    settings.globalDeadline?.redirectTargets.default ??
    `/deadline?flow=${formType}`;
  return /^\/(?![/\\])/.test(target) ? withCulture(target, culture) : target;
}
