/** What a modal dialog shows, and what its one button does. */
export interface ModalDialogOptions {
  title: string;
  /** Its content under the title, made by the caller (which may change it while the dialog is open). */
  content: Node[];
  buttonLabel: string;
  /** The button's action: the caller closes the dialog with what openModalDialog gave back, or keeps it. */
  onButton: () => void;
  /** Where focus goes on closing when nothing had it before the dialog opened (a button disabled meanwhile). */
  fallbackFocus?: () => HTMLElement | null;
}

/** Closes a modal dialog; a second call does nothing. */
export type CloseModalDialog = () => void;

/**
 * SPEC §9 modal: a native modal <dialog> (focus is kept inside it, and given back on closing to
 * what had it) with a static backdrop and no Escape dismissal: it closes only through its button.
 * It is in the page only while it is open (decision 033): a closed <dialog> is hidden by browsers
 * that know it, but text browsers (w3m, lynx) and a page's text read without styles show its
 * content where it stands.
 *
 * Written with the DOM alone, for the time-out warning and the server-failure message of every
 * claim page: the step pages' enhancer opens it (decision 044), a page without modules a few
 * inline lines the server writes with this function's own source (decision 043). So it uses
 * nothing but its parameters and the page's globals: no import, no module-level binding.
 */
export function openModalDialog(options: ModalDialogOptions): CloseModalDialog {
  const dialog = document.createElement("dialog");
  dialog.className = "modal";
  const article = document.createElement("article");
  const id = `modal-${Math.random().toString(36).slice(2)}`;
  const title = document.createElement("h2");
  title.id = `${id}-title`;
  title.textContent = options.title;
  dialog.setAttribute("aria-labelledby", title.id);
  // Its content describes it: read with its name as it opens, not only its title and button.
  const description = document.createElement("div");
  description.id = `${id}-description`;
  description.append(...options.content);
  dialog.setAttribute("aria-describedby", description.id);
  const footer = document.createElement("footer");
  const button = document.createElement("button");
  button.type = "button";
  button.textContent = options.buttonLabel;
  // Where showModal() puts the focus in the dialog (the WAI-ARIA dialog pattern).
  button.autofocus = true;
  button.addEventListener("click", () => options.onButton());
  footer.append(button);
  article.append(title, description, footer);
  dialog.append(article);
  dialog.addEventListener("cancel", (event) => event.preventDefault());

  // Whether a key is down: one that closes the dialog (its button's Enter, or any key as activity
  // for the time-out warning) closes it only once it is up, or the rest of that key (Enter's
  // keypress) would go on to the field the dialog gives focus back to, and submit its form. Read
  // from the whole window, not the dialog's own key events: a key may leave the dialog (Tab), and
  // its key-up then comes from elsewhere.
  let keyDown = false;
  const down = () => {
    keyDown = true;
  };
  const up = () => {
    keyDown = false;
  };
  window.addEventListener("keydown", down, true);
  window.addEventListener("keyup", up, true);
  document.body.append(dialog);
  dialog.showModal();

  let closing = false;
  const close = () => {
    window.removeEventListener("keydown", down, true);
    window.removeEventListener("keyup", up, true);
    dialog.close();
    dialog.remove();
    // The dialog gives focus back to what had it when it opened; when that was nothing (a button
    // disabled meanwhile), to the fallback.
    const focused = document.activeElement;
    if (!focused || focused === document.body || dialog.contains(focused)) options.fallbackFocus?.()?.focus();
  };
  return () => {
    if (closing) return;
    closing = true;
    if (keyDown) window.addEventListener("keyup", close, { once: true, capture: true });
    else close();
  };
}
