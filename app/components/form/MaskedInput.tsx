import {
  type ClipboardEvent,
  type FocusEvent,
  type InputHTMLAttributes,
  type KeyboardEvent,
  type SyntheticEvent,
  useRef,
} from "react";
import { dateOrderOf } from "#app/i18n/date-order.ts";
import { type Mask, shownAs } from "#app/forms/masks/index.ts";
import { useCulture } from "#app/i18n/use-culture.ts";
import { useText } from "#app/i18n/use-text.ts";
import { caretIn } from "./caret.ts";

/**
 * A text input whose mask, once scripts run, shows a value in its usual form when the claimant
 * leaves the field (1250.5 → 1,250.50; 2065550100 → (206) 555-0100), if the mask can read it.
 * While they type, the field holds exactly what they typed: nothing is inserted, dropped or cut
 * under the caret, so fast typing, pasting and editing in the middle behave as in any field. When
 * they come back and change it, the change applies to what they typed, not to the formatted form:
 * a digit added to "1,250" or a Backspace in "1,250.50" would otherwise edit characters they never
 * typed, and store something else than the same keystrokes do without JavaScript (the parity rule,
 * docs/forms.md). No length limit is set on the input: a limit counts the mask's characters, not
 * the spaces and dashes a pasted value may come with, so the mask checks it.
 */
export function MaskedInput({
  mask,
  onBlur,
  onPointerDown,
  onKeyDown,
  onPaste,
  onCut,
  ...props
}: { mask: Mask } & InputHTMLAttributes<HTMLInputElement>) {
  // A date is typed, and shown back, in the claimant's culture's order (decision 034).
  const order = dateOrderOf(useCulture());
  // A month's format in the claimant's language, as the messages spell it: mm/aaaa in Spanish.
  const year = useText()("Placeholder_Year");
  /** What the claimant typed, while the field shows it formatted. */
  const typed = useRef<{ text: string; shown: string } | null>(null);
  const showFormatted = (event: FocusEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const shown = shownAs(mask, input.value, { typedIn: order, shownIn: order });
    typed.current = shown === input.value ? null : { text: input.value, shown };
    input.value = shown;
    onBlur?.(event);
  };
  // As the claimant comes back to it (a tap or click, which then puts the caret where it lands; a
  // key, whose default action comes after this handler; a paste or cut), the field goes back to
  // what was typed, the selection kept at the same letters and digits: what they see is then what
  // they edit, and what the same keys edit without JavaScript.
  const showTyped = (event: SyntheticEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    if (typed.current && input.value === typed.current.shown) {
      const { text, shown } = typed.current;
      const start = caretIn(text, shown, input.selectionStart ?? shown.length);
      const end = caretIn(text, shown, input.selectionEnd ?? shown.length);
      input.value = text;
      input.setSelectionRange(start, end);
    }
    typed.current = null;
  };
  return (
    <input
      inputMode={mask.inputMode}
      {...props}
      placeholder={(props.placeholder ?? mask.placeholder)?.replace(/\byyyy\b/g, year)}
      onBlur={showFormatted}
      onPointerDown={(event) => {
        showTyped(event);
        onPointerDown?.(event);
      }}
      onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
        if (!LEAVING_KEYS.has(event.key)) showTyped(event);
        onKeyDown?.(event);
      }}
      onPaste={(event: ClipboardEvent<HTMLInputElement>) => {
        showTyped(event);
        onPaste?.(event);
      }}
      onCut={(event: ClipboardEvent<HTMLInputElement>) => {
        showTyped(event);
        onCut?.(event);
      }}
    />
  );
}

/** Keys that leave the field or submit, or only modify another key: the formatted value stays shown. */
const LEAVING_KEYS = new Set(["Tab", "Shift", "Control", "Alt", "Meta", "Escape", "Enter"]);
