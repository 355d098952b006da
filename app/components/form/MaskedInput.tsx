import type { FormEvent, InputHTMLAttributes } from "react";
import type { Mask } from "#app/forms/masks.ts";

const SIGNIFICANT = /[A-Za-z0-9]/;

/**
 * Re-formats the whole value on each input event, synchronously, and puts the caret back after
 * the same number of letters and digits as before, so editing in the middle works too. Nothing is
 * deferred, so keystrokes that arrive quickly on a slow phone cannot be lost.
 */
function formatInPlace(event: FormEvent<HTMLInputElement>, format: (typed: string) => string) {
  const input = event.currentTarget;
  const { value } = input;
  const formatted = format(value);
  if (formatted === value) return;
  const caret = input.selectionStart ?? value.length;
  const before = [...value.slice(0, caret)].filter((character) => SIGNIFICANT.test(character)).length;
  let position = 0;
  for (let seen = 0; position < formatted.length && seen < before; position++) {
    if (SIGNIFICANT.test(formatted[position]!)) seen++;
  }
  input.value = formatted;
  if (document.activeElement === input) input.setSelectionRange(position, position);
}

/**
 * A text input that, once scripts run, formats what is typed by its mask. The server normalises
 * and checks the raw text itself, so without JavaScript the same input simply takes free text.
 */
export function MaskedInput({ mask, ...props }: { mask: Mask } & InputHTMLAttributes<HTMLInputElement>) {
  const format = mask.format;
  return (
    <input
      inputMode={mask.inputMode}
      maxLength={mask.maxLength}
      {...props}
      placeholder={props.placeholder ?? mask.placeholder}
      onInput={format ? (event) => formatInPlace(event, format) : undefined}
    />
  );
}
