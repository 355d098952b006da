import { useText } from "#app/i18n/use-text.ts";
import { useRequestId } from "#app/request-context.ts";
import { SupportReference } from "./ErrorMessage.tsx";
import { Modal } from "./Modal.tsx";

/**
 * SPEC §4/§8: server error info (showError, header, message) in a modal; OK closes it and clears
 * the flag, and focus goes back to the form's button. It gives the failed request's id as the
 * reference for support (none when the server was not reached).
 */
export function ErrorAlertModal({
  errorInfo,
  onClose,
}: {
  errorInfo: { showError: boolean; header: string; message: string };
  onClose: () => void;
}) {
  const text = useText();
  const reference = useRequestId();
  return (
    <Modal
      open={errorInfo.showError}
      title={errorInfo.header}
      onDismiss={onClose}
      dismissLabel={text("Modal_Ok")}
      // The button that sent the form was disabled while the submission ran, so nothing had focus
      // when the dialog opened: back to that button, to try again.
      fallbackFocus={() => document.querySelector<HTMLElement>("main form.step-form [type=submit]")}
    >
      <p>{errorInfo.message}</p>
      {errorInfo.showError && <SupportReference reference={reference} />}
    </Modal>
  );
}
