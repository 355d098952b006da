import type { Translate } from "#app/i18n/i18n.ts";
import type { CloseModalDialog, openModalDialog } from "./modal-dialog.ts";

/** Where a failed request's id goes in the support reference's text (the error pages' too: ErrorMessage.tsx). */
export const SUPPORT_REFERENCE_SLOT = "{reference}";

/** The server-failure message's words, in the page's language. */
export interface ServerFailureTexts {
  header: string;
  message: string;
  ok: string;
  /** "Reference for support: {0}", the failed request's id in place of SUPPORT_REFERENCE_SLOT. */
  supportReference: string;
}

/** The server-failure message's words: its header and message, OK, and the line for support. */
export function serverFailureTexts(text: Translate, header: string, message: string): ServerFailureTexts {
  return {
    header,
    message,
    ok: text("Modal_Ok"),
    supportReference: text("Error_SupportReference", SUPPORT_REFERENCE_SLOT),
  };
}

/**
 * SPEC §4/§8: a form post the server could not take, said in a modal with its header, message and
 * OK; OK closes it, and focus goes back to the form's button (disabled while the post ran, so
 * nothing had focus when the dialog opened), to try again. It gives the failed request's id as the
 * reference for support (none when the server was not reached). Returns what closes it.
 *
 * With the DOM alone, as openModalDialog, which it is given: opened by the scripted post, started
 * by the step pages' enhancer (decision 044) or by a page's inline lines (decision 043).
 */
export function showServerFailure(
  texts: ServerFailureTexts,
  reference: string,
  openDialog: typeof openModalDialog,
  onClosed?: () => void,
): CloseModalDialog {
  const paragraph = (text: string, className?: string) => {
    const element = document.createElement("p");
    element.textContent = text;
    if (className) element.className = className;
    return element;
  };
  const content = [paragraph(texts.message)];
  if (reference) {
    // The id in a span that never breaks across lines (it is read out and typed back); the slot
    // is SUPPORT_REFERENCE_SLOT, spelled out: this function uses nothing outside it.
    const [before = "", after = ""] = texts.supportReference.split("{reference}");
    const line = paragraph(before, "support-reference");
    const code = document.createElement("span");
    code.className = "support-code";
    code.textContent = reference;
    line.append(code, after);
    content.push(line);
  }
  const close = openDialog({
    title: texts.header,
    content,
    buttonLabel: texts.ok,
    onButton: () => {
      close();
      onClosed?.();
    },
    fallbackFocus: () => document.querySelector<HTMLElement>("main form.step-form [type=submit]"),
  });
  return close;
}
