import type { FieldConfig } from "#app/forms/definition-schema.ts";
import { fieldsOfBlocks } from "#app/forms/form-definition.ts";
import type { PageBlock } from "#app/forms/page-schema.ts";

/**
 * A fieldset of checkboxes alone is one question answered by ticking boxes (GOV.UK "Checkboxes":
 * "What did you buy?"). Its error is the question's, whichever box's rule failed (one of them must
 * be ticked; "none of these" with another): shown once after the legend, described by the
 * fieldset, and in the error summary by the question, linking to its first box. A box's own label
 * ("AX-6 replacement parts kit: Select what you bought") would name an answer, not the question.
 */
export interface CheckboxQuestion {
  /** The legend's text key. */
  legend: string;
  /** The boxes, in page order. */
  paths: string[];
}

/** The checkbox questions among a page's blocks, by each of their boxes' "model.field". */
export function checkboxQuestions(
  blocks: readonly PageBlock[],
  fields: Record<string, FieldConfig>,
): Map<string, CheckboxQuestion> {
  const questions = new Map<string, CheckboxQuestion>();
  const visit = (list: readonly PageBlock[]) => {
    for (const block of list) {
      if (block.kind !== "fieldset") continue;
      const paths = fieldsOfBlocks(block.blocks);
      if (isCheckboxQuestion(paths, fields)) {
        const question = { legend: block.legend, paths };
        for (const path of paths) questions.set(path, question);
      } else visit(block.blocks);
    }
  };
  visit(blocks);
  return questions;
}

/** Whether a fieldset's fields make it a checkbox question: boxes, and nothing else. */
export function isCheckboxQuestion(paths: readonly string[], fields: Record<string, FieldConfig>): boolean {
  return paths.length > 0 && paths.every((path) => fields[path]?.componentName === "FormFieldCheckbox");
}
