import { type ReactNode, useEffect, useId, useRef } from "react";
import { useText } from "#app/i18n/use-text.ts";

/**
 * SPEC §9 modal: a native modal <dialog> (focus is kept inside it and returned afterwards) with a
 * static backdrop and no Escape dismissal: it closes only through its buttons. "OK" dismisses;
 * a confirm button, when given, defaults to the title "Cancel".
 */
export function Modal({
  open,
  title,
  children,
  onDismiss,
  dismissLabel,
  onConfirm,
  confirmLabel,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  onDismiss: () => void;
  dismissLabel?: string;
  onConfirm?: () => void;
  confirmLabel?: string;
}) {
  const text = useText();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
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
