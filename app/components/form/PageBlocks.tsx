import type { ComponentType } from "react";
import { labelledValueSources } from "#app/forms/labelled-value.ts";
import { Feedback } from "#app/components/Feedback.tsx";
import { HeaderBlock } from "#app/components/HeaderBlock.tsx";
import { LabelledValue } from "#app/components/LabelledValue.tsx";
import type { PageBlock } from "#app/forms/page-schema.ts";
import { useText } from "#app/i18n/use-text.ts";
import { FIELD_BLOCK_CONTROLS } from "#app/components/blocks/controls.tsx";
import { type FieldBlock, isFieldBlock } from "#app/forms/blocks/index.ts";
import { fieldsOfBlocks } from "#app/forms/form-definition.ts";
import { isCheckboxQuestion } from "./checkbox-question.ts";
import { fieldId } from "./field-id.ts";
import { InCheckboxQuestion, useStepForm } from "./step-form-context.ts";

/** A page's blocks, as its definition lists them. `shownValues` feeds labelled values. */
export function PageBlocks({ blocks, shownValues }: { blocks: PageBlock[]; shownValues: Record<string, string> }) {
  return (
    <>
      {blocks.map((block, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a page's blocks keep the definition's order, never moving: the place is the block
        <OneBlock key={index} block={block} shownValues={shownValues} />
      ))}
    </>
  );
}

function OneBlock({ block, shownValues }: { block: PageBlock; shownValues: Record<string, string> }) {
  const text = useText();
  // A block of fields (one, a row, a name, an address, a confirmation): its control (app/components/blocks/).
  if (isFieldBlock(block)) {
    const Control = FIELD_BLOCK_CONTROLS[block.kind] as ComponentType<FieldBlock>;
    return <Control {...block} />;
  }
  switch (block.kind) {
    case "headerBlock":
      return <HeaderBlock headingTag={block.headingTag}>{text(block.text)}</HeaderBlock>;
    case "feedback":
      return (
        <Feedback style={block.style} icon={block.icon}>
          {text(block.text)}
        </Feedback>
      );
    case "labelledValue":
      return (
        <LabelledValue label={block.label && text(block.label)} icon={block.icon}>
          {block.valueFrom
            ? (shownValues[labelledValueSources(block.valueFrom).key] ?? text("Value_NotAnswered"))
            : block.value
              ? text(block.value)
              : null}
        </LabelledValue>
      );
    case "fieldset":
      return <FieldsetBlock block={block} shownValues={shownValues} />;
    // Records blocks (recordsTable, documentManager) hold forms of their own: the page renders them before the step's form.
    default:
      return null;
  }
}

/** A fieldset of blocks; one of checkboxes alone is a question, and shows its boxes' error itself. */
function FieldsetBlock({
  block,
  shownValues,
}: {
  block: Extract<PageBlock, { kind: "fieldset" }>;
  shownValues: Record<string, string>;
}) {
  const text = useText();
  const state = useStepForm();
  const paths = fieldsOfBlocks(block.blocks);
  const question = isCheckboxQuestion(paths, state.fields);
  const failing = question ? paths.find((path) => state.errors[path]) : undefined;
  const hintId = question && block.hint ? `${fieldId(paths[0]!)}-question-hint` : undefined;
  const errorId = failing && `${fieldId(failing)}-error`;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <fieldset className={`block-fieldset${failing ? " field-invalid" : ""}`} aria-describedby={describedBy}>
      <legend>{text(block.legend)}</legend>
      {block.hint && (
        <div id={hintId} className="field-hint">
          {text(block.hint)}
        </div>
      )}
      {failing && (
        <p id={errorId} className="field-error">
          <span className="visually-hidden">{text("Form_ErrorPrefix")} </span>
          {state.errors[failing]}
        </p>
      )}
      <InCheckboxQuestion.Provider value={question}>
        <PageBlocks blocks={block.blocks} shownValues={shownValues} />
      </InCheckboxQuestion.Provider>
    </fieldset>
  );
}
