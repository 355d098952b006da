import type { openModalDialog } from "#app/components/modal-dialog.ts";
import type { ServerFailureTexts, showServerFailure } from "#app/components/server-failure-dialog.ts";
import type { answerDocument } from "./answer-document.ts";
import type { loadPageAfterPost } from "./load-page.ts";

/** What a page without modules needs to post its form by script. */
export interface ScriptedPostOptions {
  /** The Content-Security-Policy nonce of the page the browser loaded: an answer's own lines run under it. */
  nonce: string;
  /** PAGE_POST_HEADER and PAGE_LOCATION_HEADER (app/http/page-post.ts). */
  postHeader: string;
  locationHeader: string;
  /** PAGE_REPLACED_EVENT: told to what this page started, before an answer replaces it. */
  replacedEvent: string;
  /** PAGE_SHOWN_EVENT: told once the answer is the page, its lines run. */
  shownEvent: string;
  failure: ServerFailureTexts;
}

/** What the post uses, given as their sources where the page has no modules. */
export interface ScriptedPostParts {
  openModalDialog: typeof openModalDialog;
  showServerFailure: typeof showServerFailure;
  loadPageAfterPost: typeof loadPageAfterPost;
  answerDocument: typeof answerDocument;
}

/**
 * The claim's forms posted by script (check your answers, decision 043; the enhanced step pages,
 * decision 044), so that a server failure keeps the page as typed, signature and all, and says so
 * (SPEC §8). A redirect loads the next page; a 5xx or no answer at all leaves the page and opens
 * the server-failure dialog; any other answer (the page again with its errors, the CSRF page) replaces the page as the browser
 * would have shown it: its body swapped in, and the lines the server wrote into it (those carrying
 * the answer's own nonce) run again under this page's, so the new page is enhanced as this one
 * was. While a post runs the form's buttons are disabled: no second submission (SPEC §4).
 *
 * Listens on the document, not the form: its lines come before the form in the page. Returns what
 * stops it. Uses nothing but its parameters and the page's globals (its source is written into
 * the page).
 */
export function startScriptedPost(options: ScriptedPostOptions, parts: ScriptedPostParts): () => void {
  /** The claim's forms: a step's, and on a step with records lists its drafts' and record buttons' (decision 044). */
  const POSTED_FORMS = "main :is(form.step-form, form.record-draft, form.record-button-form)";
  let posting = false;

  /** The answer as the page: its body in place of this one's, its own lines run, its focus taken. */
  const showAnswer = (html: string, answerNonce: string | undefined) => {
    const answer = parts.answerDocument(html);
    // The server's own lines, told by its nonce, read before the page takes them in: a browser
    // hides a script's nonce once it is in a page under a Content-Security-Policy.
    const written = Array.from(answer.body.querySelectorAll("script")).filter(
      (script) =>
        answerNonce !== undefined &&
        script.getAttribute("nonce") === answerNonce &&
        (script.type === "" || script.type === "text/javascript"),
    );
    window.dispatchEvent(new Event(options.replacedEvent));
    document.title = answer.title;
    document.body.replaceWith(document.adoptNode(answer.body));
    for (const lines of written) {
      const script = document.createElement("script");
      script.nonce = options.nonce;
      script.text = lines.text;
      lines.replaceWith(script);
    }
    window.dispatchEvent(new Event(options.shownEvent));
    // Its error summary, as `autofocus` puts it on a page loaded afresh; else its top.
    const focus = document.querySelector<HTMLElement>("[autofocus]");
    if (focus) focus.focus();
    else window.scrollTo(0, 0);
  };

  const onSubmit = async (event: SubmitEvent) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.matches(POSTED_FORMS) || event.defaultPrevented) return;
    event.preventDefault();
    if (posting) return;
    posting = true;
    const body = new FormData(form, event.submitter);
    const buttons = Array.from(form.querySelectorAll<HTMLButtonElement>("button[type=submit]"));
    for (const button of buttons) {
      button.disabled = true;
      button.setAttribute("aria-busy", "true");
    }
    const done = () => {
      posting = false;
      for (const button of buttons) {
        button.disabled = false;
        button.removeAttribute("aria-busy");
      }
    };
    let response: Response | undefined;
    try {
      response = await fetch(form.action, { method: "POST", body, headers: { [options.postHeader]: "1" } });
    } catch {
      response = undefined;
    }
    const location = response?.headers.get(options.locationHeader);
    // Still posting until the next page replaces this one: the buttons stay disabled.
    if (location) return parts.loadPageAfterPost(location);
    if (!response || response.status >= 500) {
      done();
      parts.showServerFailure(options.failure, response?.headers.get("X-Request-Id") ?? "", parts.openModalDialog);
      return;
    }
    const answerNonce = /'nonce-([^']+)'/.exec(response.headers.get("Content-Security-Policy") ?? "")?.[1];
    showAnswer(await response.text(), answerNonce);
    // Its form is this page's now: posted as this one was (where this was started by inline
    // lines, the answer's own lines have started another, and this one is stopped).
    posting = false;
  };
  const listener = (event: Event) => void onSubmit(event as SubmitEvent);
  document.addEventListener("submit", listener);
  return () => document.removeEventListener("submit", listener);
}
