import { InputMask } from "@react-input/mask";
import type { InputHTMLAttributes } from "react";
import type { Mask } from "#app/forms/masks.ts";

/** One constant object: the mask library re-applies itself whenever this option changes identity. */
const DIGIT = { _: /\d/ };

/**
 * A text input that, once scripts run, formats what is typed by its mask. The server normalises
 * and checks the raw text itself, so without JavaScript the same input simply takes free text.
 */
export function MaskedInput({ mask, ...props }: { mask: Mask } & InputHTMLAttributes<HTMLInputElement>) {
  const common = { inputMode: mask.inputMode, maxLength: mask.maxLength, placeholder: props.placeholder ?? mask.placeholder, ...props };
  if (mask.fixedPattern) return <InputMask mask={mask.fixedPattern} replacement={DIGIT} {...common} />;
  const format = mask.format;
  return (
    <input
      {...common}
      onInput={
        format
          ? (event) => {
              const input = event.currentTarget;
              const formatted = format(input.value);
              if (formatted !== input.value) input.value = formatted;
            }
          : undefined
      }
    />
  );
}
