import type { FocusEvent, InputHTMLAttributes } from "react";
import { type Mask, shownAs } from "#app/forms/masks/index.ts";

/**
 * A text input whose mask, once scripts run, shows a value in its usual form when the claimant
 * leaves the field (1250.5 → 1,250.50; 2065550100 → (206) 555-0100), if the mask can read it.
 * While they type, the field holds exactly what they typed: nothing is inserted, dropped or cut
 * under the caret, so fast typing, pasting and editing in the middle behave as in any field, and
 * what the server stores is the same with or without JavaScript (the parity rule, docs/forms.md).
 * No length limit is set on the input: a limit counts the mask's characters, not the spaces and
 * dashes a pasted value may come with, so the mask checks it.
 */
export function MaskedInput({ mask, onBlur, ...props }: { mask: Mask } & InputHTMLAttributes<HTMLInputElement>) {
  const showFormatted = (event: FocusEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const shown = shownAs(mask, input.value);
    if (shown !== input.value) input.value = shown;
    onBlur?.(event);
  };
  return <input inputMode={mask.inputMode} {...props} placeholder={props.placeholder ?? mask.placeholder} onBlur={showFormatted} />;
}
