import { data, type RouterContextProvider, redirect } from "react-router";
import { ADDED_DOCUMENTS_FIELD, addDocuments, sessionClaim } from "#app/claims/add-documents.server.ts";
import { requestNow } from "#app/clock.server.ts";
import { FILE_TYPES } from "#app/documents/file-types.ts";
import { isMultipart, MalformedUpload, PartTooLarge } from "#app/documents/upload.server.ts";
import { claimantToday, formatDayLong } from "#app/forms/claimant-dates.ts";
import { readFormFields } from "#app/http/form-body.server.ts";
import { withCulture } from "#app/i18n/culture.ts";
import { getCulture, getTranslate } from "#app/i18n/culture-middleware.server.ts";
import { formatBytes } from "#app/records/records.ts";
import { refusalText } from "#app/records/record-actions.server.ts";
import { csrfToken } from "#app/session/csrf.server.ts";
import { ensureSessionId, readSessionId } from "#app/session/session-cookie.server.ts";
import { importantDocumentLinks } from "#app/settlement/important-documents.server.ts";
import { getPortal } from "#app/settlement/portal.server.ts";
import { getStore } from "#app/storage/store.server.ts";

interface PageArgs {
  request: Request;
  context: Readonly<RouterContextProvider>;
}

/**
 * /documents (issue 25): the settlement's important documents, then, for a claimant who may see a
 * filed claim, the documents added to it since filing and a form to add more (a plain multipart
 * form: it works without JavaScript).
 */
export async function loadDocumentsPage({ request, context }: PageArgs) {
  const { settlement } = getPortal();
  const culture = getCulture(context);
  const now = requestNow(request);
  const { sessionId, setCookie } = await ensureSessionId(request);
  const claim = await sessionClaim(sessionId, now);
  const additions = claim ? await getStore().claimAdditions(claim.referenceCode) : [];
  const { uploads } = settlement;
  return data(
    {
      importantDocuments: importantDocumentLinks(settlement, culture).map((document) => ({
        title: document.title,
        href: `/documents/${encodeURIComponent(document.file)}`,
        type: document.file.split(".").pop()!.toUpperCase(),
      })),
      claim: claim && {
        referenceCode: claim.referenceCode,
        additions: additions.map((document) => ({
          id: document.id,
          name: document.name,
          receivedOn: formatDayLong(claimantToday(document.addedAt!), culture, "long"),
        })),
      },
      added: Number(new URL(request.url).searchParams.get("added") ?? 0) || 0,
      csrfToken: csrfToken(sessionId),
      limits: {
        types: uploads.allowedTypes.map((type) => type.toUpperCase()),
        maxFile: formatBytes(uploads.maxFileBytes, culture),
        maxFiles: uploads.maxFiles,
      },
      fileAccept: uploads.allowedTypes.flatMap((type) => FILE_TYPES[type].extensions).join(","),
    },
    { headers: setCookie ? { "Set-Cookie": setCookie } : {} },
  );
}

/**
 * The form's POST: the documents added to the session's claim, then the page again saying so
 * (post/redirect/get); a refused file, or none chosen, is the page with its message (400), nothing
 * kept. Without a claim (the session ended meanwhile) the body is read past and the page says to
 * find the claim again (403).
 */
export async function addDocumentsFromPage({ request, context }: PageArgs) {
  const text = getTranslate(context);
  const culture = getCulture(context);
  const now = requestNow(request);
  const sessionId = await readSessionId(request);
  const claim = await sessionClaim(sessionId, now);
  const messages = { tooLarge: text("Form_TooLarge"), malformed: text("Upload_Malformed") };
  if (!sessionId || !claim || !isMultipart(request)) {
    await readFormFields(request, messages);
    return data({ errors: [{ field: ADDED_DOCUMENTS_FIELD, text: text("Documents_Add_NoClaim") }] }, { status: 403 });
  }
  let outcome: Awaited<ReturnType<typeof addDocuments>>;
  try {
    outcome = await addDocuments({ request, claim, sessionId, now });
  } catch (error) {
    if (error instanceof PartTooLarge) throw data(messages.tooLarge, { status: 413 });
    if (error instanceof MalformedUpload) throw data(messages.malformed, { status: 400 });
    throw error;
  }
  if (!outcome.ok) {
    const limits = getPortal().settlement.uploads;
    const errors =
      outcome.reason === "noFile"
        ? [{ field: ADDED_DOCUMENTS_FIELD, text: text("Documents_ChooseFile") }]
        : outcome.refused.map((file) => ({
            field: ADDED_DOCUMENTS_FIELD,
            text: refusalText(file, limits, text, culture),
          }));
    return data({ errors }, { status: 400 });
  }
  return redirect(withCulture(`/documents?added=${outcome.added.length}#added-documents`, culture), 303);
}
