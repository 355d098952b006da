import { useText } from "#app/i18n/use-text.ts";
import { Modal } from "./Modal.tsx";

/** SPEC §4/§8: server error info (showError, header, message) in a modal; OK closes it and clears the flag. */
export function ErrorAlertModal({ errorInfo, onClose }: { errorInfo: { showError: boolean; header: string; message: string }; onClose: () => void }) {
  const text = useText();
  return (
    <Modal open={errorInfo.showError} title={errorInfo.header} onDismiss={onClose} dismissLabel={text("Modal_Ok")}>
      <p>{errorInfo.message}</p>
    </Modal>
  );
}
