import type { RuleCondition, ValidationRule } from "./definition-schema.ts";
import { type FieldValue, valueMatches } from "./field-value.ts";

/**
 * The "required" family of rules: whether a field's answer is asked for, as the other answers
 * stand. Apart from the other rules (rules.ts) because a page marks its fields required as it
 * renders, while the rest are only checked when the claimant submits (loaded after the page is
 * enhanced: issue 26).
 */
export interface AnswerContext {
  /** Another field's value: "field" in the same model, or "model.field". */
  valueOf: (reference: string) => FieldValue;
  /** The server skips requiredOnClientOnly; the browser enforces it. */
  side: "server" | "client";
}

function conditionHolds(condition: RuleCondition, context: Pick<AnswerContext, "valueOf">): boolean {
  return valueMatches(context.valueOf(condition.otherProperty), condition.otherPropertyValue) === condition.isEqual;
}

/**
 * Whether a rule of the "required" family asks for an answer, as the other answers stand;
 * undefined for a rule of another kind.
 */
export function asksForAnswer(rule: ValidationRule, context: AnswerContext): boolean | undefined {
  switch (rule.type) {
    case "required":
      return true;
    case "requiredOnClientOnly":
      return context.side === "client";
    case "requiredIf":
      return conditionHolds(rule, context);
    case "nestedRequiredIf": {
      const [first, second] = rule.conditions.map((condition) => conditionHolds(condition, context)) as [
        boolean,
        boolean,
      ];
      return rule.operator === "And" ? first && second : first || second;
    }
    case "requiredIfOtherPropertyMatchesRegex": {
      const other = context.valueOf(rule.otherProperty);
      return typeof other === "string" && new RegExp(rule.pattern).test(other);
    }
    default:
      return undefined;
  }
}

/**
 * Whether a field is to be marked required (`*`, aria-required): a rule asks for its answer as the
 * other answers stand (the claimant's browser's view: requiredOnClientOnly counts). A Claim ID
 * required unless a VIN is given is marked while no VIN is; a PIN required once a Claim ID is
 * typed, from then on.
 */
export function isMarkedRequired(rules: ValidationRule[], answerOf: AnswerContext["valueOf"]): boolean {
  return rules.some((rule) => asksForAnswer(rule, { valueOf: answerOf, side: "client" }) === true);
}
