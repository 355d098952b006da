import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { useText } from "#app/i18n/use-text.ts";

/**
 * SPEC §9 modal: a native modal <dialog> (focus is kept inside it, and given back on closing to what had it) with a
 * static backdrop and no Escape dismissal: it closes only through its buttons. "OK" dismisses;
 * a confirm button, when given, defaults to the title "Cancel".
 *
 * The dialog is in the page only while it is open (decision 033): a closed <dialog> is hidden by
 * browsers that know it, but text browsers (w3m, lynx) and a page's text read without styles show
 * its content where it stands, before the page's heading.
 */
export function Modal({
  open,
  title,
  children,
  onDismiss,
  dismissLabel,
  onConfirm,
  confirmLabel,
  fallbackFocus,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  onDismiss: () => void;
  dismissLabel?: string;
  onConfirm?: () => void;
  confirmLabel?: string;
  /** Where focus goes on closing when nothing had it before the dialog opened (a button disabled meanwhile). */
  fallbackFocus?: () => HTMLElement | null;
}) {
  const text = useText();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  // Whether a key is down in the dialog: one that closes it (Continue's Enter, or any key as activity
  // for the time-out warning) closes it only once it is up, or the rest of that key (Enter's
  // keypress) would go on to the field the dialog gives focus back to, and submit its form.
  const keyDown = useRef(false);
  // Whether the native dialog is open: it stays in the page until it has closed (after the key that
  // closed it is up, and focus has gone back), not only until `open` turns false.
  const [shown, setShown] = useState(false);
  // Read from the whole window, not the dialog's own key events: a key may leave the dialog (Tab),
  // and its key-up then comes from elsewhere; and the browser's runtime may render the key that
  // closes the dialog only once the key is up again (Preact renders after the event).
  useEffect(() => {
    if (!shown) return;
    const down = () => {
      keyDown.current = true;
    };
    const up = () => {
      keyDown.current = false;
    };
    window.addEventListener("keydown", down, true);
    window.addEventListener("keyup", up, true);
    return () => {
      window.removeEventListener("keydown", down, true);
      window.removeEventListener("keyup", up, true);
    };
  }, [shown]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: open and close as `open` changes; the fallback is read then
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      setShown(true);
    }
    if (!open && dialog.open) {
      const close = () => {
        dialog.close();
        setShown(false);
        // The dialog gives focus back to what had it when it opened; when that was nothing (a button
        // disabled meanwhile), to the fallback.
        const focused = document.activeElement;
        if (!focused || focused === document.body || dialog.contains(focused)) fallbackFocus?.()?.focus();
      };
      if (keyDown.current) window.addEventListener("keyup", close, { once: true, capture: true });
      else close();
    }
  }, [open]);
  if (!open && !shown) return null;
  return (
    <dialog ref={ref} aria-labelledby={titleId} onCancel={(event) => event.preventDefault()} className="modal">
      <article>
        <h2 id={titleId}>{title}</h2>
        {children}
        <footer>
          {onConfirm && (
            <button type="button" className="secondary" onClick={onConfirm}>
              {confirmLabel ?? text("Modal_Cancel")}
            </button>
          )}
          {/* biome-ignore lint/a11y/noAutofocus: where showModal() puts the focus in the dialog (the WAI-ARIA dialog pattern); nowhere else */}
          <button type="button" onClick={onDismiss} autoFocus>
            {dismissLabel ?? text("Modal_Ok")}
          </button>
        </footer>
      </article>
    </dialog>
  );
}
