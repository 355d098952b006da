import { Icon } from "./Icon.tsx";

/**
 * SPEC §4 toast, as the server renders it: a live region, announced politely. Its words are in a
 * <noscript> in the region, read without JavaScript as the page loads. With scripts (a browser
 * running them neither shows nor reads a <noscript>), the region is on the page silent, and the
 * step pages' enhancer says the words in it a moment later, then hides them after a while unless
 * the claimant points at or focuses them (app/client/step-form/saved-message.ts, decision 035):
 * screen readers announce words put into a region they know, and may say nothing of a region that
 * comes with its words in it.
 */
export function Toast({ message }: { message?: string }) {
  return (
    <div className={message ? "toast" : "toast-region"} role="status">
      {message && (
        <noscript>
          <Icon name="check" />
          <span>{message}</span>
        </noscript>
      )}
    </div>
  );
}
