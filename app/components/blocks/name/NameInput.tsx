import { useText } from "#app/i18n/use-text.ts";
import { FormRow } from "../form-row/FormRow.tsx";
import { type NameBlock, nameBlock } from "#app/forms/blocks/name/name-block.ts";

/**
 * SPEC §3 name input in a fieldset: first and last name (6/6), or first, middle initial and last
 * name (5/2/5, and 5/1/6 on large screens, SPEC §9).
 */
export function NameInput(block: NameBlock) {
  const text = useText();
  const { legend, layout } = block;
  const paths = nameBlock.fields(block);
  return (
    <fieldset className="block-fieldset name-input">
      <legend>{text(legend)}</legend>
      <FormRow fields={paths} className={`name-${layout}`} />
    </fieldset>
  );
}
