import { ClaimAccessForm } from "#app/components/ClaimAccessForm.tsx";
import { ErrorSummary } from "#app/components/form/ErrorSummary.tsx";
import { Feedback } from "#app/components/Feedback.tsx";
import { PageHeading } from "#app/components/PageHeading.tsx";
import { PageTitle } from "#app/components/PageTitle.tsx";
import { PortalLink } from "#app/components/PortalLink.tsx";
import { type AddDocumentsAnswer, documentsPageAction, loadDocumentsPage } from "#app/flows/documents-page.server.ts";
import { databaseAwayMiddleware } from "#app/http/database-away.server.ts";
import { useText } from "#app/i18n/use-text.ts";
import type { Route } from "./+types/documents";

export const middleware: Route.MiddlewareFunction[] = [databaseAwayMiddleware];

// A failed form post ends here, under the root: the error page keeps the portal's layout and contact.
export { RouteErrorBoundary as ErrorBoundary } from "#app/components/RouteErrorBoundary.tsx";
export const loader = (args: Route.LoaderArgs) => loadDocumentsPage(args);
export const action = (args: Route.ActionArgs) => documentsPageAction(args);

type LoaderData = Route.ComponentProps["loaderData"];

/**
 * /documents (issue 25; SPEC's header "Upload documents"): the settlement's important documents
 * first, then adding documents to each filed claim the claimant has found (claim access), or the
 * form to find one.
 */
export default function Documents({ loaderData, actionData }: Route.ComponentProps) {
  const text = useText();
  const { importantDocuments, claims, form } = loaderData;
  const refused = actionData && "documents" in actionData ? actionData.documents : undefined;
  const access = actionData && "access" in actionData ? actionData.access : undefined;
  const accessErrors = !!access && Object.keys(access.errors).length > 0;
  const fileInput = (referenceCode: string) => `documents-file-${referenceCode}`;
  return (
    <>
      <PageTitle titleKey="Documents_Page_Title" errors={!!refused || accessErrors} />
      <ErrorSummary
        items={(refused?.errors ?? []).map((error) => ({ href: `#${fileInput(refused!.referenceCode)}`, text: error }))}
      />
      <PageHeading>{text("Documents_Page_Title")}</PageHeading>

      {importantDocuments.length > 0 && (
        <section aria-labelledby="important-documents">
          <h2 id="important-documents">{text("Documents_Important_Heading")}</h2>
          <ul className="important-documents">
            {importantDocuments.map((document) => (
              <li key={document.href}>
                <a href={document.href}>{document.title}</a> <small>({document.type})</small>
              </li>
            ))}
          </ul>
        </section>
      )}

      <section aria-labelledby="add-documents">
        <h2 id="add-documents">{text("Documents_Add_Heading")}</h2>
        <p>{text("Documents_Add_Intro")}</p>
        {claims.map((claim) => (
          <ClaimDocuments
            key={claim.referenceCode}
            claim={claim}
            inputId={fileInput(claim.referenceCode)}
            received={loaderData.received === claim.referenceCode && !refused}
            refused={refused?.referenceCode === claim.referenceCode ? refused : undefined}
            loaderData={loaderData}
          />
        ))}
        {/* A post for a claim no longer found (the session ended) says so here, above the find form. */}
        {refused && !claims.some((claim) => claim.referenceCode === refused.referenceCode) && (
          <p className="field-error">{refused.errors.join(" ")}</p>
        )}
        {form.shown || access ? (
          <ClaimAccessForm form={form} answer={access} />
        ) : (
          <p>
            <PortalLink to="/documents?find=code">{text("Access_FindAnother")}</PortalLink>
          </p>
        )}
      </section>
    </>
  );
}

/**
 * One claim's documents added since filing, and its form to add more: a plain HTML multipart form,
 * the same with JavaScript on and off, its CSRF token first (the server stores a file only after it).
 */
function ClaimDocuments({
  claim,
  inputId,
  received,
  refused,
  loaderData,
}: {
  claim: LoaderData["claims"][number];
  inputId: string;
  received: boolean;
  refused?: AddDocumentsAnswer;
  loaderData: LoaderData;
}) {
  const text = useText();
  const { limits } = loaderData;
  const errorId = `${inputId}-error`;
  return (
    <section className="claim-documents" aria-labelledby={`claim-${claim.referenceCode}`}>
      <h3 id={`claim-${claim.referenceCode}`}>
        {claim.flow}: <span className="reference-code">{claim.referenceCode}</span>
      </h3>
      {received && (
        <div role="status">
          <Feedback style="success" icon="check">
            {text("Documents_Add_Received")}
          </Feedback>
        </div>
      )}
      {claim.additions.length > 0 && (
        <>
          <h4>{text("Documents_Added_Heading")}</h4>
          <ul className="added-documents">
            {claim.additions.map((document) => (
              <li key={document.id}>
                {document.name} <span className="added-on">{text("Documents_Added_On", document.receivedOn)}</span>
              </li>
            ))}
          </ul>
        </>
      )}
      <form method="post" action={claim.action} encType="multipart/form-data" className="add-documents" noValidate>
        <input type="hidden" name="csrf" value={loaderData.form.csrfToken} />
        <div className={refused ? "field field-invalid" : "field"}>
          <label htmlFor={inputId}>{text("Documents_Add_Label")}</label>
          <small id={`${inputId}-hint`} className="field-hint">
            {text("Documents_Add_Hint", limits.types.join(", "), limits.maxFile, limits.maxFiles)}
          </small>
          {refused && (
            <p id={errorId} className="field-error">
              {refused.errors.map((error, index) => (
                <span key={error}>
                  {index > 0 && <br />}
                  {error}
                </span>
              ))}
            </p>
          )}
          {/* "documents": the input the server takes files from (ADDED_DOCUMENTS_FIELD). */}
          <input
            type="file"
            id={inputId}
            name="documents"
            multiple
            accept={loaderData.fileAccept}
            aria-invalid={refused ? true : undefined}
            aria-describedby={`${inputId}-hint${refused ? ` ${errorId}` : ""}`}
          />
        </div>
        <button type="submit">{text("Documents_Add_Submit")}</button>
      </form>
    </section>
  );
}
