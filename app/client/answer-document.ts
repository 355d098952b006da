/**
 * A form post's answer (a whole page of the portal's) as a document to read, without its styles:
 * they are this page's theme's, applied already, and their nonce is the answer's, which this page's
 * Content-Security-Policy would refuse (and report in the console) as they were parsed.
 *
 * Given to the scripted post (app/client/scripted-post.ts), whose source a page without modules
 * writes into its lines, and used by the records lists' save in place (app/client/step-form/records.ts):
 * so it uses nothing but its parameter and the page's globals.
 */
export function answerDocument(html: string): Document {
  return new DOMParser().parseFromString(html.replace(/<style\b[^>]*>[\s\S]*?<\/style>/g, ""), "text/html");
}
