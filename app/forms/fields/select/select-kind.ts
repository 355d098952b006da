import { choiceKind } from "../choice.ts";

/** SPEC §3 FormFieldSelect: one of its options, or of a built-in list (US states, countries, the claimant's expenses). */
export const selectKind = choiceKind((field, at, _model) => {
  const problems = [];
  if (!field.options && !field.optionsSource) problems.push(`${at}: a select needs options or optionsSource`);
  return problems;
});
