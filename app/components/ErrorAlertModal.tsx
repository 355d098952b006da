import { useEffect } from "react";
import { useText } from "#app/i18n/use-text.ts";
import { useRequestId } from "#app/request-context.ts";
import { openModalDialog } from "./modal-dialog.ts";
import { type ServerFailureTexts, serverFailureTexts, showServerFailure } from "./server-failure-dialog.ts";

/** The server-failure message's words, in the page's language (serverFailureTexts). */
export function useServerFailureTexts(header: string, message: string): ServerFailureTexts {
  return serverFailureTexts(useText(), header, message);
}

/**
 * SPEC §4/§8, in a page that hydrates: a form post the server could not take (app/client/page-post.ts
 * brings `showError`) keeps the page as typed and says so in a modal (server-failure-dialog.ts);
 * OK closes it and clears the flag. A page without modules has ScriptedPost instead.
 */
export function ErrorAlertModal({
  errorInfo,
  onClose,
}: {
  errorInfo: { showError: boolean; header: string; message: string };
  onClose: () => void;
}) {
  const reference = useRequestId();
  const texts = useServerFailureTexts(errorInfo.header, errorInfo.message);
  // biome-ignore lint/correctness/useExhaustiveDependencies: opened by each failed post, closed by OK; its words are the page's
  useEffect(() => {
    if (errorInfo.showError) return showServerFailure(texts, reference, openModalDialog, onClose);
  }, [errorInfo.showError]);
  return null;
}
