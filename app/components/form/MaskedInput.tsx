import type { InputHTMLAttributes } from "react";
import type { Mask } from "#app/forms/masks/index.ts";
import { useText } from "#app/i18n/use-text.ts";

/**
 * A text input with a mask, as the server renders it: its keyboard and its placeholder. The field
 * holds exactly what the claimant types. With scripts, the step pages' enhancer shows the value in
 * its usual form when they leave the field (1250.5 → 1,250.50), and what they typed when they come
 * back (app/client/step-form/masked-inputs.ts): the same keystrokes store the same thing with and
 * without JavaScript (the parity rule, docs/forms.md). No length limit is set on the input: a
 * limit counts the mask's characters, not the spaces and dashes a pasted value may come with, so
 * the mask checks it.
 */
export function MaskedInput({ mask, ...props }: { mask: Mask } & InputHTMLAttributes<HTMLInputElement>) {
  // A month's format in the claimant's language, as the messages spell it: mm/aaaa in Spanish.
  const year = useText()("Placeholder_Year");
  return (
    <input
      inputMode={mask.inputMode}
      {...props}
      placeholder={(props.placeholder ?? mask.placeholder)?.replace(/\byyyy\b/g, year)}
    />
  );
}
