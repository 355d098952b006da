import { useText } from "#app/i18n/use-text.ts";
import { FormRow } from "./FormRow.tsx";

/**
 * SPEC §3 name input in a fieldset: first and last name (6/6), or first, middle initial and last
 * name (5/2/5, and 5/1/6 on large screens, SPEC §9).
 */
export function NameInput({ model, legend, layout, fields }: { model: string; legend: string; layout: "firstLast" | "firstMiddleInitialLast"; fields: { first: string; middleInitial?: string; last: string } }) {
  const text = useText();
  const paths = [fields.first, ...(layout === "firstMiddleInitialLast" && fields.middleInitial ? [fields.middleInitial] : []), fields.last].map((key) => `${model}.${key}`);
  return (
    <fieldset className="block-fieldset name-input">
      <legend>{text(legend)}</legend>
      <FormRow fields={paths} className={`name-${layout}`} />
    </fieldset>
  );
}
