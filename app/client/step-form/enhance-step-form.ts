import { answerDocument } from "#app/client/answer-document.ts";
import { loadPageAfterPost } from "#app/client/load-page.ts";
import { PAGE_REPLACED_EVENT, PAGE_SHOWN_EVENT, readPageData } from "#app/client/page-document.ts";
import { startScriptedPost } from "#app/client/scripted-post.ts";
import { openModalDialog } from "#app/components/modal-dialog.ts";
import { serverFailureTexts, showServerFailure } from "#app/components/server-failure-dialog.ts";
import { sessionTimerTexts, startSessionTimer } from "#app/components/session-timer.ts";
import { PAGE_LOCATION_HEADER, PAGE_POST_HEADER } from "#app/http/page-post.ts";
import { startDatePickers } from "./date-pickers.ts";
import { startDependants } from "./dependants.ts";
import { startFormMessages } from "./form-messages.ts";
import { loadLaterChecks } from "./later-checks.ts";
import { startMaskedInputs } from "./masked-inputs.ts";
import { startRecords } from "./records.ts";
import { startSavedMessage } from "./saved-message.ts";
import { readStepFormPage, type StepFormPage } from "./step-form-page.ts";

/**
 * The step pages' module (decision 044): what scripts add to a step's form, done on the server's
 * markup with the portal's own functions, without hydrating it: questions shown and hidden as the
 * claimant answers, masks, the form's checks and messages, the calendar, the "saved" message, the
 * time-out warning, and the form posted by script (app/client/scripted-post.ts), so that a save
 * the server could not take keeps the page as typed and says so (SPEC §8). When a post's answer
 * (the page with its errors) replaces the page, this enhances it in turn. What is typed before
 * this runs stays: nothing here writes a value the claimant gave.
 */
function enhance() {
  const data = readPageData(document);
  const page = data && readStepFormPage(data);
  if (page) {
    if (!posted) startPost(page);
    posted = true;
    const main = page.form.closest("main")!;
    if (page.timeout) {
      const stop = startSessionTimer(
        { ...page.timeout, csrfToken: page.csrfToken, texts: sessionTimerTexts(page.text) },
        openModalDialog,
      );
      addEventListener(PAGE_REPLACED_EVENT, stop, { once: true });
    }
    const dependants = startDependants(page);
    const followMasks = startMaskedInputs(page, dependants.states);
    const followDates = startDatePickers(page);
    const silence = startSavedMessage(main);
    const messages = startFormMessages(page, (errorsShown) => errorsShown && silence());
    startRecords(page, {
      showDraftLines: messages.showDraftLines,
      showFailure: (reference) => showServerFailure(failureTexts(page), reference, openModalDialog),
    });
    followMasks();
    // Input events, as the claimant types, on any of the form's controls.
    page.form.addEventListener("input", () => {
      messages.beforeAnswer();
      dependants.applyAnswers();
      followMasks();
      followDates();
      messages.afterAnswer();
    });
  }
  // What the tests and the browser bench wait for (tests/bench/browser.ts).
  document.documentElement.dataset.enhanced = "";
}

/** The form's post is started once for the document (it listens on it): the answers it shows are enhanced in turn. */
let posted = false;

function startPost(page: StepFormPage) {
  return startScriptedPost(
    {
      // The page's Content-Security-Policy nonce, which its own lines carry: an answer's lines run under it.
      nonce: document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce ?? "",
      postHeader: PAGE_POST_HEADER,
      locationHeader: PAGE_LOCATION_HEADER,
      replacedEvent: PAGE_REPLACED_EVENT,
      shownEvent: PAGE_SHOWN_EVENT,
      failure: failureTexts(page),
    },
    { openModalDialog, showServerFailure, loadPageAfterPost, answerDocument },
  );
}

/** The words of a save the server could not take (SPEC §8). */
const failureTexts = (page: StepFormPage) =>
  serverFailureTexts(page.text, page.text("Error_Title"), page.text("Error_ProblemOccurred"));

enhance();
// The form's checks, once the page is enhanced (decision 041); the answers it shows share them.
loadLaterChecks();
addEventListener(PAGE_SHOWN_EVENT, enhance);
