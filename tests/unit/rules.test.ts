import { describe, expect, test } from "vitest";
import { claimantToday } from "#app/forms/claimant-clock.ts";
import type { ValidationRule } from "#app/forms/definition-schema.ts";
import { dependenciesFulfilled } from "#app/forms/dependencies.ts";
import type { FieldValue } from "#app/forms/field-value.ts";
import { checkRule } from "#app/forms/rules.ts";

const NOW = Date.parse("2026-11-22T07:30:00Z"); // 11/21/2026, 23:30 in Los Angeles

function check(
  rule: object,
  value: FieldValue,
  others: Record<string, FieldValue> = {},
  side: "server" | "client" = "server",
) {
  return checkRule(rule as ValidationRule, {
    value,
    isDate: false,
    valueOf: (reference) => others[reference] ?? null,
    characterWhitelist: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 .,'-",
    today: claimantToday(NOW),
    side,
  });
}
const key = (result: ReturnType<typeof check>) => result?.key ?? null;

describe("required family", () => {
  test("required: not empty once trimmed; an unticked checkbox is empty", () => {
    expect(key(check({ type: "required" }, "  "))).toBe("Validation_Required");
    expect(key(check({ type: "required" }, null))).toBe("Validation_Required");
    expect(key(check({ type: "required" }, false))).toBe("Validation_Required");
    expect(check({ type: "required" }, "x")).toBeNull();
    expect(check({ type: "required" }, true)).toBeNull();
  });

  test("a message key in the definition overrides the default", () => {
    expect(key(check({ type: "required", message: "Validation_PinRequired" }, ""))).toBe("Validation_PinRequired");
  });

  test("every rule of the family takes the definition's message when it fails", () => {
    const message = "Validation_OrderNumberRequired";
    const condition = { otherProperty: "a", otherPropertyValue: "yes", isEqual: true };
    const failing: Array<[object, Record<string, FieldValue>, "server" | "client"]> = [
      [{ type: "requiredOnClientOnly" }, {}, "client"],
      [{ type: "requiredIf", ...condition }, { a: "yes" }, "server"],
      [{ type: "nestedRequiredIf", operator: "And", conditions: [condition, condition] }, { a: "yes" }, "server"],
      [{ type: "requiredIfOtherPropertyMatchesRegex", otherProperty: "a", pattern: "^y" }, { a: "yes" }, "server"],
      [{ type: "requireOnePropertyValTrue", properties: ["a", "b"] }, { a: false }, "server"],
      [{ type: "confirmNone", properties: ["a", "b"] }, { a: false }, "server"],
    ];
    for (const [rule, others, side] of failing) {
      expect(key(check({ ...rule, message }, null, others, side)), JSON.stringify(rule)).toBe(message);
    }
  });

  test("requiredOnClientOnly is enforced by the browser, not the server", () => {
    expect(check({ type: "requiredOnClientOnly" }, "", {}, "server")).toBeNull();
    expect(key(check({ type: "requiredOnClientOnly" }, "", {}, "client"))).toBe("Validation_Required");
  });

  test("requiredIf equals / not equals; null means empty", () => {
    const paypal = { type: "requiredIf", otherProperty: "method", otherPropertyValue: "paypal", isEqual: true };
    expect(key(check(paypal, "", { method: "paypal" }))).toBe("Validation_Required");
    expect(check(paypal, "", { method: "check" })).toBeNull();
    const notCheck = { type: "requiredIf", otherProperty: "method", otherPropertyValue: "check", isEqual: false };
    expect(key(check(notCheck, "", { method: "zelle" }))).toBe("Validation_Required");
    expect(check(notCheck, "", { method: "check" })).toBeNull();
    const whenEmpty = { type: "requiredIf", otherProperty: "vin", otherPropertyValue: null, isEqual: true };
    expect(key(check(whenEmpty, "", { vin: null }))).toBe("Validation_Required");
    expect(key(check(whenEmpty, "", { vin: "  " }))).toBe("Validation_Required");
    expect(check(whenEmpty, "", { vin: "1HGCM82633A004352" })).toBeNull();
    const whenFilled = { type: "requiredIf", otherProperty: "vin", otherPropertyValue: null, isEqual: false };
    expect(key(check(whenFilled, "", { vin: "X" }))).toBe("Validation_Required");
    expect(check(whenFilled, "", {})).toBeNull();
  });

  test("requiredIf on a checkbox", () => {
    const rule = { type: "requiredIf", otherProperty: "leased", otherPropertyValue: true, isEqual: true };
    expect(key(check(rule, "", { leased: true }))).toBe("Validation_Required");
    expect(check(rule, "", { leased: false })).toBeNull();
  });

  test("nestedRequiredIf combines two conditions with Or / And", () => {
    const conditions = [
      { otherProperty: "a", otherPropertyValue: "yes", isEqual: true },
      { otherProperty: "b", otherPropertyValue: "yes", isEqual: true },
    ];
    const or = { type: "nestedRequiredIf", operator: "Or", conditions };
    const and = { type: "nestedRequiredIf", operator: "And", conditions };
    expect(key(check(or, "", { a: "yes", b: "no" }))).toBe("Validation_Required");
    expect(check(or, "", { a: "no", b: "no" })).toBeNull();
    expect(check(and, "", { a: "yes", b: "no" })).toBeNull();
    expect(key(check(and, "", { a: "yes", b: "yes" }))).toBe("Validation_Required");
  });

  test("requiredIfOtherPropertyMatchesRegex", () => {
    const rule = { type: "requiredIfOtherPropertyMatchesRegex", otherProperty: "email", pattern: "@example\\.com$" };
    expect(key(check(rule, "", { email: "ana@example.com" }))).toBe("Validation_Required");
    expect(check(rule, "", { email: "ana@other.org" })).toBeNull();
    expect(check(rule, "", {})).toBeNull();
  });

  test("requireOnePropertyValTrue and confirm-none", () => {
    const one = { type: "requireOnePropertyValTrue", properties: ["owned", "leased"] };
    expect(key(check(one, null, { owned: false, leased: false }))).toBe("Validation_RequireOne");
    expect(check(one, null, { owned: false, leased: true })).toBeNull();
    const none = { type: "confirmNone", properties: ["owned", "leased"] };
    expect(key(check(none, false, { owned: false, leased: false }))).toBe("Validation_ConfirmNone");
    expect(check(none, true, { owned: false, leased: false })).toBeNull();
    expect(check(none, false, { owned: true })).toBeNull();
  });
});

describe("value rules", () => {
  test("they pass an empty value: required speaks for that", () => {
    for (const rule of [
      { type: "maxLength", max: 1 },
      { type: "range", min: 1, max: 2 },
      { type: "regularExpression", pattern: "^x$" },
      { type: "preventFutureDate", allowToday: true },
    ]) {
      expect(check(rule, null)).toBeNull();
    }
  });

  test("maxLength, with {max}", () => {
    expect(check({ type: "maxLength", max: 3 }, "abc")).toBeNull();
    expect(check({ type: "maxLength", max: 3 }, "abcd")).toEqual({ key: "Validation_MaxLength", params: { max: 3 } });
  });

  test("range on numbers is inclusive", () => {
    const rule = { type: "range", min: 1, max: 10 };
    expect(check(rule, "1")).toBeNull();
    expect(check(rule, "10")).toBeNull();
    expect(check(rule, "10.01")).toEqual({ key: "Validation_Range", params: { min: 1, max: 10 } });
    expect(check(rule, "0.99")).toEqual({ key: "Validation_Range", params: { min: 1, max: 10 } });
    expect(key(check(rule, "ten"))).toBe("Validation_Number");
  });

  test("range on dates is inclusive", () => {
    const rule = { type: "range", min: "1/1/2018", max: "12/31/2021" };
    expect(check(rule, "01/01/2018")).toBeNull();
    expect(check(rule, "12/31/2021")).toBeNull();
    expect(check(rule, "01/01/2022")).toEqual({
      key: "Validation_Range",
      params: { min: "01/01/2018", max: "12/31/2021" },
    });
    expect(key(check(rule, "12/31/2017"))).toBe("Validation_Range");
  });

  test("beforeDate: before, on or before, after, on or after; fixed or another field", () => {
    const before = { type: "beforeDate", referenceDate: "6/1/2024", allowEqual: false, after: false };
    expect(check(before, "05/31/2024")).toBeNull();
    expect(check(before, "06/01/2024")).toEqual({ key: "Validation_BeforeDate", params: { date: "06/01/2024" } });
    expect(check({ ...before, allowEqual: true }, "06/01/2024")).toBeNull();
    expect(key(check({ ...before, allowEqual: true }, "06/02/2024"))).toBe("Validation_OnOrBeforeDate");
    expect(key(check({ ...before, after: true }, "06/01/2024"))).toBe("Validation_AfterDate");
    expect(check({ ...before, after: true, allowEqual: true }, "06/01/2024")).toBeNull();
    const other = { type: "beforeDate", otherProperty: "soldOn", allowEqual: false, after: false };
    expect(key(check(other, "06/01/2024", { soldOn: "06/01/2024" }))).toBe("Validation_BeforeDate");
    expect(check(other, "06/01/2024", {})).toBeNull();
  });

  test("endDate: after the start, or on/after when allowed", () => {
    const rule = { type: "endDate", startProperty: "acquiredOn", allowEqual: false };
    expect(check(rule, "06/02/2024", { acquiredOn: "06/01/2024" })).toBeNull();
    expect(key(check(rule, "06/01/2024", { acquiredOn: "06/01/2024" }))).toBe("Validation_EndDate");
    expect(check({ ...rule, allowEqual: true }, "06/01/2024", { acquiredOn: "06/01/2024" })).toBeNull();
    expect(key(check({ ...rule, allowEqual: true }, "05/31/2024", { acquiredOn: "06/01/2024" }))).toBe(
      "Validation_EndDateOnOrAfter",
    );
  });

  test("preventFutureDate: today in Los Angeles, even when UTC is already tomorrow", () => {
    const allowToday = { type: "preventFutureDate", allowToday: true };
    expect(check(allowToday, "11/21/2026")).toBeNull();
    expect(key(check(allowToday, "11/22/2026"))).toBe("Validation_NotFuture");
    const beforeToday = { type: "preventFutureDate", allowToday: false };
    expect(key(check(beforeToday, "11/21/2026"))).toBe("Validation_BeforeToday");
    expect(check(beforeToday, "11/20/2026")).toBeNull();
  });

  test("preventFutureShortDate works on months (MM/yyyy)", () => {
    expect(check({ type: "preventFutureShortDate", allowToday: true }, "11/2026")).toBeNull();
    expect(key(check({ type: "preventFutureShortDate", allowToday: true }, "12/2026"))).toBe(
      "Validation_NotFutureMonth",
    );
    expect(key(check({ type: "preventFutureShortDate", allowToday: false }, "11/2026"))).toBe(
      "Validation_BeforeThisMonth",
    );
    expect(key(check({ type: "preventFutureShortDate", allowToday: true }, "2026-11"))).toBe(
      "Validation_ShortDateFormat",
    );
  });

  test("regularExpression", () => {
    expect(check({ type: "regularExpression", pattern: "^[A-HJ-NPR-Z0-9]{17}$" }, "1HGCM82633A004352")).toBeNull();
    expect(
      key(
        check(
          { type: "regularExpression", pattern: "^[A-HJ-NPR-Z0-9]{17}$", message: "Validation_VinFormat" },
          "1HGCM82633A00435O",
        ),
      ),
    ).toBe("Validation_VinFormat");
  });

  test("characterSetRestriction lists each disallowed character once", () => {
    expect(check({ type: "characterSetRestriction" }, "O'Brien-Smith, Jr.")).toBeNull();
    expect(check({ type: "characterSetRestriction" }, "Ana <b>&<b>")).toEqual({
      key: "Validation_CharacterSet",
      params: { characters: "< > &" },
    });
  });

  test("equalTo compares case-insensitively, for the confirmation block", () => {
    expect(
      check({ type: "equalTo", otherProperty: "email" }, "Ana@Example.com", { email: "ana@example.com" }),
    ).toBeNull();
    expect(
      key(check({ type: "equalTo", otherProperty: "email" }, "ana@example.org", { email: "ana@example.com" })),
    ).toBe("Validation_EqualTo");
  });
});

describe("dependencies", () => {
  const values: Record<string, FieldValue> = { country: "US", method: "paypal", leased: true };
  const valueAt = (reference: string) => values[reference] ?? null;
  const fulfilled = (conditions: object[]) =>
    dependenciesFulfilled(
      {
        conditions,
        hideWhenUnfulfilled: true,
        disable: false,
        resetOnUnfulfilled: true,
        resetOnFulfilled: false,
      } as never,
      valueAt,
    );

  test("every condition must hold", () => {
    expect(dependenciesFulfilled(undefined, valueAt)).toBe(true);
    expect(fulfilled([{ field: "country", equals: "US" }])).toBe(true);
    expect(fulfilled([{ field: "country", notEquals: "US" }])).toBe(false);
    expect(
      fulfilled([
        { field: "country", equals: "US" },
        { field: "method", oneOf: ["venmo", "zelle"] },
      ]),
    ).toBe(false);
    expect(fulfilled([{ field: "method", matches: "^pay" }])).toBe(true);
    expect(fulfilled([{ field: "leased", equals: true }])).toBe(true);
    expect(fulfilled([{ field: "missing", equals: null }])).toBe(true);
  });
});

describe("a definition's message", () => {
  test("replaces what the rule says when the value breaks it, not the message for a value it cannot read", () => {
    const message = "Validation_PurchaseDateRange";
    const unreadable: Array<[object, FieldValue, string]> = [
      [{ type: "range", min: "1/1/2018", max: "12/31/2023" }, "2019.04.02", "Validation_DateFormat"],
      [{ type: "range", min: 1, max: 100 }, "twelve", "Validation_Number"],
      [{ type: "beforeDate", referenceDate: "1/1/2024" }, "soon", "Validation_DateFormat"],
      [{ type: "endDate", startProperty: "start" }, "later", "Validation_DateFormat"],
      [{ type: "preventFutureDate", allowToday: true }, "13/45/2020", "Validation_DateFormat"],
      [{ type: "preventFutureShortDate", allowToday: true }, "7/2020x", "Validation_ShortDateFormat"],
    ];
    for (const [rule, value, format] of unreadable) {
      expect(key(check({ ...rule, message }, value, { start: "01/01/2020" })), JSON.stringify(rule)).toBe(format);
    }
    // Read, and outside the rule: the definition's own words.
    expect(key(check({ type: "range", min: "1/1/2018", max: "12/31/2023", message }, "01/01/2024"))).toBe(message);
    expect(key(check({ type: "preventFutureShortDate", allowToday: true, message }, "12/2026"))).toBe(message);
  });
});
