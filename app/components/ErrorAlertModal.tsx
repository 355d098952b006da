import { useEffect } from "react";
import { InlineStart } from "#app/client/inline-start.tsx";
import { loadPageAfterPost } from "#app/client/load-page.ts";
import { startScriptedPost } from "#app/client/scripted-post.ts";
import { PAGE_LOCATION_HEADER, PAGE_POST_HEADER } from "#app/http/page-post.ts";
import { PAGE_REPLACED_EVENT } from "#app/client/inline-start.tsx";
import { useText } from "#app/i18n/use-text.ts";
import { useNonce, useRequestId } from "#app/request-context.ts";
import { openModalDialog } from "./modal-dialog.ts";
import { type ServerFailureTexts, SUPPORT_REFERENCE_SLOT, showServerFailure } from "./server-failure-dialog.ts";

/**
 * SPEC §4/§8: with JavaScript, a form post the server could not take keeps the page as typed and
 * says so in a modal (server-failure-dialog.ts). Where the page hydrates, its post
 * (app/client/page-post.ts) brings `showError` and this effect opens the dialog; OK closes it and
 * clears the flag. Where it loads no modules (decision 043), a few inline lines post the page's
 * form and open the same dialog (app/client/scripted-post.ts).
 */
export function ErrorAlertModal({
  errorInfo,
  onClose,
}: {
  errorInfo: { showError: boolean; header: string; message: string };
  onClose: () => void;
}) {
  const text = useText();
  const nonce = useNonce();
  const reference = useRequestId();
  const texts: ServerFailureTexts = {
    header: errorInfo.header,
    message: errorInfo.message,
    ok: text("Modal_Ok"),
    supportReference: text("Error_SupportReference", SUPPORT_REFERENCE_SLOT),
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: opened by each failed post, closed by OK; its words are the page's
  useEffect(() => {
    if (errorInfo.showError) return showServerFailure(texts, reference, openModalDialog, onClose);
  }, [errorInfo.showError]);
  return (
    <InlineStart
      start={startScriptedPost}
      args={[
        {
          nonce,
          postHeader: PAGE_POST_HEADER,
          locationHeader: PAGE_LOCATION_HEADER,
          replacedEvent: PAGE_REPLACED_EVENT,
          failure: texts,
        },
        { openModalDialog, showServerFailure, loadPageAfterPost },
      ]}
    />
  );
}
