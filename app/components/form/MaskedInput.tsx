import { type FocusEvent, type InputHTMLAttributes, useRef } from "react";
import { type Mask, shownAs } from "#app/forms/masks/index.ts";

/**
 * A text input whose mask, once scripts run, shows a value in its usual form when the claimant
 * leaves the field (1250.5 → 1,250.50; 2065550100 → (206) 555-0100), if the mask can read it.
 * While they type, the field holds exactly what they typed: nothing is inserted, dropped or cut
 * under the caret, so fast typing, pasting and editing in the middle behave as in any field. When
 * they come back to it, the field holds what they typed again, not the formatted form: a digit
 * added to "1,250" or a Backspace in "1,250.50" would otherwise edit characters they never typed,
 * and store something else than the same keystrokes do without JavaScript (the parity rule,
 * docs/forms.md). No length limit is set on the input: a limit counts the mask's characters, not
 * the spaces and dashes a pasted value may come with, so the mask checks it.
 */
export function MaskedInput({ mask, onBlur, onFocus, ...props }: { mask: Mask } & InputHTMLAttributes<HTMLInputElement>) {
  /** What the claimant typed, while the field shows it formatted. */
  const typed = useRef<{ text: string; shown: string } | null>(null);
  const showFormatted = (event: FocusEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const shown = shownAs(mask, input.value);
    typed.current = shown === input.value ? null : { text: input.value, shown };
    input.value = shown;
    onBlur?.(event);
  };
  const showTyped = (event: FocusEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    // Only if the field still shows what this input formatted (not a value put there since).
    if (typed.current && input.value === typed.current.shown) input.value = typed.current.text;
    typed.current = null;
    onFocus?.(event);
  };
  return <input inputMode={mask.inputMode} {...props} placeholder={props.placeholder ?? mask.placeholder} onFocus={showTyped} onBlur={showFormatted} />;
}
