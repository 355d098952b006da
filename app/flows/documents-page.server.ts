import { data, type RouterContextProvider, redirect } from "react-router";
import { addDocuments } from "#app/claims/add-documents.server.ts";
import { accessibleClaim } from "#app/claims/claim-access.server.ts";
import { requestNow } from "#app/clock.server.ts";
import { FILE_TYPES } from "#app/documents/file-types.ts";
import { isMultipart, MalformedUpload, PartTooLarge } from "#app/documents/upload.server.ts";
import { claimantToday, formatDayLong } from "#app/forms/claimant-clock.ts";
import { readFormFields } from "#app/http/form-body.server.ts";
import { withCulture } from "#app/i18n/culture.ts";
import { getCulture, getTranslate } from "#app/i18n/culture-middleware.server.ts";
import { formatBytes } from "#app/records/records.ts";
import { refusalText } from "#app/records/record-actions.server.ts";
import { readSessionId } from "#app/session/session-cookie.server.ts";
import { importantDocumentLinks } from "#app/settlement/important-documents.server.ts";
import { getPortal } from "#app/settlement/portal.server.ts";
import { getStore } from "#app/storage/store.server.ts";
import { findClaim, loadClaimAccess } from "./claim-access.server.ts";

interface PageArgs {
  request: Request;
  context: Readonly<RouterContextProvider>;
  /** The page's address as the route sees it (request.url is the data request's, /documents.data, with JavaScript). */
  url: URL;
}

/** The query naming the claim a form adds documents to (and, after, the one whose section says they came). */
const CLAIM_PARAM = "claim";

/** A refusal of the add form, shown at its claim's file input. */
export interface AddDocumentsAnswer {
  referenceCode: string;
  errors: string[];
}

/**
 * /documents (issue 25): the settlement's important documents, then, for each filed claim the
 * session may see (claim access), the documents added to it since filing and a form to add more
 * (a plain multipart form: it works without JavaScript); with none, claim access's find form.
 */
export async function loadDocumentsPage({ request, context, url }: PageArgs) {
  const { settlement } = getPortal();
  const culture = getCulture(context);
  const text = getTranslate(context);
  const { claims, form, headers } = await loadClaimAccess({ request, url });
  const store = getStore();
  const { uploads } = settlement;
  return data(
    {
      importantDocuments: importantDocumentLinks(settlement, culture).map((document) => ({
        title: document.title,
        href: `/documents/${encodeURIComponent(document.file)}`,
        type: document.file.split(".").pop()!.toUpperCase(),
      })),
      // Only what the page shows of each claim: never its answers.
      claims: await Promise.all(
        claims.map(async ({ claim }) => ({
          referenceCode: claim.referenceCode,
          flow: text(`Flow_${claim.formType}_Title`),
          action: withCulture(`/documents?${CLAIM_PARAM}=${encodeURIComponent(claim.referenceCode)}`, culture),
          additions: (await store.claimAdditions(claim.referenceCode)).map((document) => ({
            id: document.id,
            name: document.name,
            receivedOn: formatDayLong(claimantToday(document.addedAt!), culture, "long"),
          })),
        })),
      ),
      // The claim whose documents just came (post/redirect/get), to say so in its section.
      received: url.searchParams.get("added") === "1" ? url.searchParams.get(CLAIM_PARAM) : null,
      form,
      limits: {
        types: uploads.allowedTypes.map((type) => type.toUpperCase()),
        maxFile: formatBytes(uploads.maxFileBytes, culture),
        maxFiles: uploads.maxFiles,
      },
      fileAccept: uploads.allowedTypes.flatMap((type) => FILE_TYPES[type].extensions).join(","),
    },
    { headers },
  );
}

/**
 * The page's POSTs: claim access's find form (url-encoded, intent=find), or documents for the claim
 * the form's address names (multipart).
 */
export async function documentsPageAction(args: PageArgs) {
  return isMultipart(args.request) ? addDocumentsFromPage(args) : findClaim(args);
}

/**
 * The documents added to the claim, if this session may see it (either strength), then the page
 * again saying so (post/redirect/get); a refused file, or none chosen, is the page with its message
 * (400), nothing kept. A claim the session may not see (its session ended meanwhile) reads the body
 * past and the page says to find the claim again (403).
 */
async function addDocumentsFromPage({ request, context, url }: PageArgs) {
  const text = getTranslate(context);
  const culture = getCulture(context);
  const now = requestNow(request);
  const referenceCode = url.searchParams.get(CLAIM_PARAM) ?? "";
  const sessionId = await readSessionId(request);
  const found = sessionId && referenceCode ? await accessibleClaim(sessionId, referenceCode, now) : undefined;
  const messages = { tooLarge: text("Form_TooLarge"), malformed: text("Upload_Malformed") };
  const refuse = (errors: string[], status: number) =>
    data({ documents: { referenceCode, errors } satisfies AddDocumentsAnswer }, { status });
  if (!sessionId || !found) {
    await readFormFields(request, messages);
    return refuse([text("Documents_Add_NoClaim")], 403);
  }
  let outcome: Awaited<ReturnType<typeof addDocuments>>;
  try {
    outcome = await addDocuments({ request, claim: found.claim, sessionId, now });
  } catch (error) {
    if (error instanceof PartTooLarge) throw data(messages.tooLarge, { status: 413 });
    if (error instanceof MalformedUpload) throw data(messages.malformed, { status: 400 });
    throw error;
  }
  if (!outcome.ok) {
    const limits = getPortal().settlement.uploads;
    return refuse(
      outcome.reason === "noFile"
        ? [text("Documents_ChooseFile")]
        : outcome.refused.map((file) => refusalText(file, limits, text, culture)),
      400,
    );
  }
  const back = new URLSearchParams({ [CLAIM_PARAM]: referenceCode, added: "1" });
  return redirect(withCulture(`/documents?${back}#claim-${referenceCode}`, culture), 303);
}
