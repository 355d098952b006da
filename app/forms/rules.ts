import type { Translate } from "#app/i18n/i18n.ts";
import {
  type CalendarDate,
  compareDates,
  formatClaimantDate,
  parseClaimantDate,
  parseShortDate,
} from "./claimant-dates.ts";
import { compareDecimals, decimalText, parseDecimal } from "./decimal.ts";
import type { ValidationRule } from "./definition-schema.ts";
import { type FieldValue, isEmpty } from "./field-value.ts";
import { type AnswerContext, asksForAnswer } from "./required-rules.ts";

/** A failed rule: the text key to show and the values its template needs. */
export interface RuleFailure {
  key: string;
  params?: Record<string, string | number>;
}

export interface RuleContext extends AnswerContext {
  /** The field's value, already normalised by its mask (dates as MM/dd/yyyy). */
  value: FieldValue;
  isDate: boolean;
  characterWhitelist: string;
  /** Today in Los Angeles. */
  today: CalendarDate;
}

/** A failure in the claimant's words. */
export function failureText(text: Translate, failure: RuleFailure): string {
  return failure.params ? text(failure.key, failure.params) : text(failure.key);
}

/** The text key each rule shows unless its definition names another (SPEC §5: messages overridable). */
export const DEFAULT_MESSAGE_KEYS: Record<ValidationRule["type"], string> = {
  required: "Validation_Required",
  requiredOnClientOnly: "Validation_Required",
  requiredIf: "Validation_Required",
  nestedRequiredIf: "Validation_Required",
  requiredIfOtherPropertyMatchesRegex: "Validation_Required",
  requireOnePropertyValTrue: "Validation_RequireOne",
  maxLength: "Validation_MaxLength",
  range: "Validation_Range",
  beforeDate: "Validation_BeforeDate",
  endDate: "Validation_EndDate",
  preventFutureDate: "Validation_NotFuture",
  preventFutureShortDate: "Validation_NotFutureMonth",
  regularExpression: "Validation_Invalid",
  characterSetRestriction: "Validation_CharacterSet",
  confirmNone: "Validation_ConfirmNone",
  equalTo: "Validation_EqualTo",
};

function fail(rule: ValidationRule, key: string, params?: RuleFailure["params"]): RuleFailure {
  return { key: rule.message ?? key, params };
}

/**
 * A value the rule cannot read (not a date, not a number): said as such, whatever the definition's
 * message, which is about a value that breaks the rule ("The date of purchase must be between …").
 */
function unreadable(key: "Validation_DateFormat" | "Validation_ShortDateFormat" | "Validation_Number"): RuleFailure {
  return { key };
}

function asDate(value: FieldValue): CalendarDate | undefined {
  return typeof value === "string" ? parseClaimantDate(value) : undefined;
}

/** Checks one rule. Rules other than the "required" family pass on an empty value. */
export function checkRule(rule: ValidationRule, context: RuleContext): RuleFailure | null {
  const { value } = context;
  const empty = isEmpty(value);
  const required = asksForAnswer(rule, context);
  if (required !== undefined) return required && empty ? fail(rule, DEFAULT_MESSAGE_KEYS[rule.type]) : null;

  switch (rule.type) {
    case "requireOnePropertyValTrue":
      return rule.properties.some((property) => context.valueOf(property) === true)
        ? null
        : fail(rule, "Validation_RequireOne");
    case "confirmNone": {
      const anyChosen = rule.properties.some((property) => context.valueOf(property) === true);
      // One or the other: some of the choices, or "none of these" alone.
      if (anyChosen && value === true) return { key: "Validation_ConfirmNoneAndChoice" };
      return anyChosen || value === true ? null : fail(rule, "Validation_ConfirmNone");
    }
  }

  if (empty) return null;
  const text = String(value);

  switch (rule.type) {
    case "maxLength":
      return text.length > rule.max ? fail(rule, "Validation_MaxLength", { max: rule.max }) : null;
    case "range": {
      if (typeof rule.min === "string" || typeof rule.max === "string") {
        const date = asDate(value);
        const min = parseClaimantDate(String(rule.min));
        const max = parseClaimantDate(String(rule.max));
        if (!min || !max) return fail(rule, "Validation_DateFormat");
        if (!date) return unreadable("Validation_DateFormat");
        return compareDates(date, min) < 0 || compareDates(date, max) > 0
          ? fail(rule, "Validation_Range", { min: formatClaimantDate(min), max: formatClaimantDate(max) })
          : null;
      }
      // Exactly, as decimal text: no amount is rounded into or out of range.
      const number = text.replace(/,/g, "");
      if (!parseDecimal(number)) return unreadable("Validation_Number");
      const outside =
        compareDecimals(number, decimalText(rule.min)) < 0 || compareDecimals(number, decimalText(rule.max)) > 0;
      return outside ? fail(rule, "Validation_Range", { min: rule.min, max: rule.max }) : null;
    }
    case "beforeDate": {
      const date = asDate(value);
      const reference = rule.referenceDate
        ? parseClaimantDate(rule.referenceDate)
        : asDate(context.valueOf(rule.otherProperty ?? ""));
      if (!date) return unreadable("Validation_DateFormat");
      if (!reference) return null; // the other field is not answered yet: its own rules speak
      const order = compareDates(date, reference);
      const ok = rule.after ? (rule.allowEqual ? order >= 0 : order > 0) : rule.allowEqual ? order <= 0 : order < 0;
      const key = rule.after
        ? rule.allowEqual
          ? "Validation_OnOrAfterDate"
          : "Validation_AfterDate"
        : rule.allowEqual
          ? "Validation_OnOrBeforeDate"
          : "Validation_BeforeDate";
      return ok ? null : fail(rule, key, { date: formatClaimantDate(reference) });
    }
    case "endDate": {
      const end = asDate(value);
      const start = asDate(context.valueOf(rule.startProperty));
      if (!end) return unreadable("Validation_DateFormat");
      if (!start) return null;
      const ok = rule.allowEqual ? compareDates(end, start) >= 0 : compareDates(end, start) > 0;
      return ok ? null : fail(rule, rule.allowEqual ? "Validation_EndDateOnOrAfter" : "Validation_EndDate");
    }
    case "preventFutureDate": {
      const date = asDate(value);
      if (!date) return unreadable("Validation_DateFormat");
      const order = compareDates(date, context.today);
      const ok = rule.allowToday ? order <= 0 : order < 0;
      return ok ? null : fail(rule, rule.allowToday ? "Validation_NotFuture" : "Validation_BeforeToday");
    }
    case "preventFutureShortDate": {
      const month = parseShortDate(text);
      if (!month) return unreadable("Validation_ShortDateFormat");
      const order = compareDates(month, { ...context.today, day: 1 });
      const ok = rule.allowToday ? order <= 0 : order < 0;
      return ok ? null : fail(rule, rule.allowToday ? "Validation_NotFutureMonth" : "Validation_BeforeThisMonth");
    }
    case "regularExpression":
      return new RegExp(rule.pattern).test(text) ? null : fail(rule, "Validation_Invalid");
    case "equalTo": {
      const other = context.valueOf(rule.otherProperty);
      return typeof other === "string" && other.trim().toLowerCase() === text.trim().toLowerCase()
        ? null
        : fail(rule, "Validation_EqualTo");
    }
    case "characterSetRestriction": {
      const disallowed = [...new Set([...text].filter((character) => !context.characterWhitelist.includes(character)))];
      return disallowed.length === 0
        ? null
        : fail(rule, "Validation_CharacterSet", { characters: disallowed.join(" ") });
    }
  }
  return null;
}
