import { ErrorSummary } from "#app/components/form/ErrorSummary.tsx";
import { Feedback } from "#app/components/Feedback.tsx";
import { PageHeading } from "#app/components/PageHeading.tsx";
import { PageTitle } from "#app/components/PageTitle.tsx";
import { PortalLink } from "#app/components/PortalLink.tsx";
import { addDocumentsFromPage, loadDocumentsPage } from "#app/flows/documents-page.server.ts";
import { databaseAwayMiddleware } from "#app/http/database-away.server.ts";
import { withCulture } from "#app/i18n/culture.ts";
import { useCulture } from "#app/i18n/use-culture.ts";
import { useText } from "#app/i18n/use-text.ts";
import type { Route } from "./+types/documents";

export const middleware: Route.MiddlewareFunction[] = [databaseAwayMiddleware];
// A failed form post ends here, under the root: the error page keeps the portal's layout and contact.
export { RouteErrorBoundary as ErrorBoundary } from "#app/components/RouteErrorBoundary.tsx";
export const loader = (args: Route.LoaderArgs) => loadDocumentsPage(args);
export const action = (args: Route.ActionArgs) => addDocumentsFromPage(args);

/** The file input's id: the error summary's links lead to it. */
const FILE_INPUT_ID = "documents-file";

/**
 * /documents (issue 25; SPEC's header "Upload documents"): the settlement's important documents
 * first, then adding documents to a filed claim. The form is a plain HTML multipart form, the same
 * with JavaScript on and off; its CSRF token comes first, as the server stores a file only after it.
 */
export default function Documents({ loaderData, actionData }: Route.ComponentProps) {
  const text = useText();
  const culture = useCulture();
  const { importantDocuments, claim, limits } = loaderData;
  const errors = actionData?.errors ?? [];
  return (
    <>
      <PageTitle titleKey="Documents_Page_Title" errors={errors.length > 0} />
      <ErrorSummary
        items={errors.map((error) => ({ href: `#${FILE_INPUT_ID}`, text: error.text }))}
        focusKey={actionData}
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
        {!claim ? (
          <p>
            {text("Documents_Add_SignIn")} <PortalLink to="/">{text("Link_StartPage")}</PortalLink>
          </p>
        ) : (
          <>
            <p>{text("Documents_Add_ForClaim", claim.referenceCode)}</p>
            <p>{text("Documents_Add_Intro")}</p>
            {loaderData.added > 0 && errors.length === 0 && (
              <div role="status">
                <Feedback style="success" icon="check">
                  {text("Documents_Add_Received", loaderData.added)}
                </Feedback>
              </div>
            )}
            {claim.additions.length > 0 && (
              <>
                <h3 id="added-documents">{text("Documents_Added_Heading")}</h3>
                <ul className="added-documents">
                  {claim.additions.map((document) => (
                    <li key={document.id}>
                      {document.name}{" "}
                      <span className="added-on">{text("Documents_Added_On", document.receivedOn)}</span>
                    </li>
                  ))}
                </ul>
              </>
            )}
            <form
              method="post"
              action={withCulture("/documents", culture)}
              encType="multipart/form-data"
              className="add-documents"
              noValidate
            >
              {/* The token comes first: the server stores a file only after a valid one. */}
              <input type="hidden" name="csrf" value={loaderData.csrfToken} />
              <div className={errors.length > 0 ? "field field-invalid" : "field"}>
                <label htmlFor={FILE_INPUT_ID}>{text("Documents_Add_Label")}</label>
                <small id={`${FILE_INPUT_ID}-hint`} className="field-hint">
                  {text("Documents_Add_Hint", limits.types.join(", "), limits.maxFile, limits.maxFiles)}
                </small>
                {errors.length > 0 && (
                  <p id={`${FILE_INPUT_ID}-error`} className="field-error">
                    {errors.map((error, index) => (
                      <span key={error.text}>
                        {index > 0 && <br />}
                        {error.text}
                      </span>
                    ))}
                  </p>
                )}
                <input
                  type="file"
                  id={FILE_INPUT_ID}
                  name="documents"
                  multiple
                  accept={loaderData.fileAccept}
                  aria-invalid={errors.length > 0 || undefined}
                  aria-describedby={`${FILE_INPUT_ID}-hint${errors.length > 0 ? ` ${FILE_INPUT_ID}-error` : ""}`}
                />
              </div>
              <button type="submit">{text("Documents_Add_Submit")}</button>
            </form>
          </>
        )}
      </section>
    </>
  );
}
