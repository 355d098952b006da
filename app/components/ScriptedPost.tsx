import { InlineStart, inlineCode } from "#app/client/page-data.tsx";
import { PAGE_REPLACED_EVENT, PAGE_SHOWN_EVENT } from "#app/client/page-document.ts";
import { answerDocument } from "#app/client/answer-document.ts";
import { loadPageAfterPost } from "#app/client/load-page.ts";
import { startScriptedPost } from "#app/client/scripted-post.ts";
import { PAGE_LOCATION_HEADER, PAGE_POST_HEADER } from "#app/http/page-post.ts";
import { useText } from "#app/i18n/use-text.ts";
import { openModalDialog } from "./modal-dialog.ts";
import { serverFailureTexts, showServerFailure } from "./server-failure-dialog.ts";

/**
 * SPEC §8, in a page without modules (check your answers: decision 043): its form posted by a few
 * inline lines (app/client/scripted-post.ts), so that a post the server could not take keeps the
 * page as typed and says so in the server-failure dialog, as the step pages' enhancer does for
 * theirs (decision 044). Nothing without scripts: the form posts itself.
 */
export function ScriptedPost({ header, message }: { header: string; message: string }) {
  const failure = serverFailureTexts(useText(), header, message);
  return (
    <InlineStart
      start={startScriptedPost}
      args={[
        {
          // The nonce of the page the browser loaded, which its policy allows: the lines' own, read
          // as they run (the nonce this answer was rendered with is another, after an answer
          // replaced the page: app/client/scripted-post.ts).
          nonce: inlineCode("document.currentScript.nonce"),
          postHeader: PAGE_POST_HEADER,
          locationHeader: PAGE_LOCATION_HEADER,
          replacedEvent: PAGE_REPLACED_EVENT,
          shownEvent: PAGE_SHOWN_EVENT,
          failure,
        },
        { openModalDialog, showServerFailure, loadPageAfterPost, answerDocument },
      ]}
    />
  );
}
