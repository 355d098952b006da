import { data, redirect, type RouterContextProvider } from "react-router";
import { addressClaims, type ContactClaim, changeAddress } from "#app/claims/change-address.server.ts";
import { contactPage } from "#app/claims/contact-details.ts";
import { requestNow } from "#app/clock.server.ts";
import { answerRows } from "#app/forms/answer-rows.ts";
import { withoutFieldDefaults } from "#app/forms/field-defaults.ts";
import { resolveField } from "#app/forms/form-definition.ts";
import { parseStep } from "#app/forms/parse-step.ts";
import { initialFieldValue } from "#app/forms/prepopulation.ts";
import { withoutSensitiveAnswers } from "#app/forms/sensitive-fields.ts";
import type { ModelValues } from "#app/forms/field-answers.ts";
import type { StepContext } from "#app/forms/validate-step.ts";
import { readPostedForm } from "#app/http/form-body.server.ts";
import { getCulture, getTranslate } from "#app/i18n/culture-middleware.server.ts";
import { withCulture } from "#app/i18n/culture.ts";
import type { Translate } from "#app/i18n/i18n.ts";
import { csrfToken } from "#app/session/csrf.server.ts";
import { readSessionId } from "#app/session/session-cookie.server.ts";
import { getPortal } from "#app/settlement/portal.server.ts";
import { contactFor } from "#app/settlement/settlement-schema.ts";
import { findClaim, loadClaimAccess } from "./claim-access.server.ts";
import { pageModels } from "./step-page.server.ts";

/** The change-of-address pages (issue 25): /coa, the member's claims, and /coa/<reference code>, one claim's form. */
interface AddressArgs {
  request: Request;
  context: Readonly<RouterContextProvider>;
  /** The page's address as the route sees it (with JavaScript, request.url is the data request's: /coa.data). */
  url: URL;
}

const COA_PATH = "/coa";
const RESULTS = ["changed", "unchanged"] as const;
const claimPath = (referenceCode: string) => `${COA_PATH}/${encodeURIComponent(referenceCode)}`;

function requestOf({ request, context }: AddressArgs) {
  return { culture: getCulture(context), text: getTranslate(context), now: requestNow(request) };
}

/** A claim's current contact details as the claimant reads them back, and which claim it is. */
function shownClaim({ claim, definition, paths, current }: ContactClaim, text: Translate, culture: string) {
  return {
    referenceCode: claim.referenceCode,
    flowTitle: `Flow_${claim.formType}_Title`,
    answers: answerRows(definition, paths, { ...claim.models, ...merged(claim.models, current) }, text, culture),
    changePath: claimPath(claim.referenceCode),
  };
}

/** The claim's answers with its current contact details in place of the filed ones. */
function merged(models: ModelValues, contact: ModelValues): ModelValues {
  const result = { ...models };
  for (const [model, fields] of Object.entries(contact)) result[model] = { ...result[model], ...fields };
  return result;
}

/**
 * /coa: what the session found decides the page (claim access). Nothing: the notice's sign-in
 * form (Claim ID and PIN, the captcha), posted to /coa itself; claims found only by code, or a
 * sign-in without a PIN: why an address cannot change online, and whom to ask; a member: their
 * claims' current contact details, each with a way to change them (one claim: its form at once).
 */
export async function loadAddressClaims(args: AddressArgs) {
  const { culture, text, now } = requestOf(args);
  const { form, headers } = await loadClaimAccess(args);
  const found = await addressClaims(await readSessionId(args.request), now);
  if (found.ok && found.claims.length === 1)
    throw redirect(withCulture(claimPath(found.claims[0]!.claim.referenceCode), culture), { headers });
  return data(
    {
      signedIn: found.ok ? ("member" as const) : found.reason,
      contact: contactFor(getPortal().settlement, culture),
      claims: found.ok ? found.claims.map((claim) => shownClaim(claim, text, culture)) : [],
      // Only the notice's sign-in: a claim found by its code may not change its address.
      form: { ...form, method: "member" as const, shown: !found.ok && form.membersSignIn, membersSignIn: false },
    },
    { headers },
  );
}

/** /coa's POST: the notice's sign-in form (claim access), then /coa again. */
export const signInForAddress = (args: AddressArgs) => findClaim(args);

/** The claim an address names, if this session may change it, or a 404 (any other code reads as unknown); without a member, /coa says why. */
async function requireContactClaim(args: AddressArgs, referenceCode: string) {
  const { culture, now } = requestOf(args);
  const sessionId = await readSessionId(args.request);
  const found = await addressClaims(sessionId, now);
  if (!found.ok) throw redirect(withCulture(COA_PATH, culture), 303);
  const claim = found.claims.find((candidate) => candidate.claim.referenceCode === referenceCode);
  if (!claim) throw data(null, { status: 404 });
  return { found: claim, sessionId: sessionId!, singleClaim: found.claims.length === 1 };
}

/** What the contact form checks a change against: the settlement's rules, and the claim's answers with its details as they are now. */
function contactChecks(found: ContactClaim, now: number): StepContext {
  const { characterWhitelist, internationalAddresses } = getPortal().settlement;
  return {
    characterWhitelist,
    internationalAddresses,
    now,
    side: "server",
    saved: merged(found.claim.models, found.current),
  };
}

/** /coa/<code>: the claim's current contact details first, then the form to change them (or, after a change, the confirmation). */
export async function loadAddressChange(args: AddressArgs & { referenceCode: string }) {
  const { culture, text, now } = requestOf(args);
  const { found, sessionId, singleClaim } = await requireContactClaim(args, args.referenceCode);
  const { definition, paths, current, claim } = found;
  const page = contactPage(definition)!;
  const { settlement } = getPortal();
  const { url } = args;
  const saved = merged(claim.models, current);
  return {
    ...shownClaim(found, text, culture),
    /** Just sent: "changed" (a new version recorded) or "unchanged" (the details were the current ones). */
    result: RESULTS.find((result) => result === url.searchParams.get("result")),
    singleClaim,
    form: {
      step: "claimant-info" as const,
      page,
      models: withoutFieldDefaults(pageModels(definition, paths)),
      values: Object.fromEntries(
        paths.map((path) => {
          const [model, key] = path.split(".") as [string, string];
          return [
            path,
            initialFieldValue(resolveField(definition, path)!.field, current[model]?.[key], undefined, true),
          ];
        }),
      ),
      saved: withoutSensitiveAnswers(saved, definition, paths),
      shownValues: {},
      characterWhitelist: settlement.characterWhitelist,
      internationalAddresses: settlement.internationalAddresses,
      now,
      csrfToken: csrfToken(sessionId),
      action: withCulture(claimPath(claim.referenceCode), culture),
    },
  };
}

/**
 * /coa/<code>'s POST: CSRF, the contact page's rules (the claimant-info step's, as the browser
 * ran them; errors: 400 with the step's messages), then the change (app/claims/change-address)
 * and its confirmation (post/redirect/get).
 */
export async function submitAddressChange(args: AddressArgs & { referenceCode: string }) {
  const { culture, text, now } = requestOf(args);
  const { found, sessionId } = await requireContactClaim(args, args.referenceCode);
  const formData = await readPostedForm(args.request, sessionId, text);
  const page = contactPage(found.definition)!;
  const submission = parseStep(
    formData,
    { models: found.definition.models, pages: { "claimant-info": page } },
    "claimant-info",
    contactChecks(found, now),
    text,
  );
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const changed = await changeAddress({
    sessionId,
    referenceCode: found.claim.referenceCode,
    contact: submission.value,
    culture,
    now,
  });
  if (!changed.ok) throw data(null, { status: 404 });
  return redirect(withCulture(`${claimPath(found.claim.referenceCode)}?result=${changed.outcome}`, culture), 303);
}
