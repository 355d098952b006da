import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { type CalendarDate, formatClaimantDate, parseClaimantDate, storedAsTyped } from "#app/forms/claimant-dates.ts";
import { type DateOrder, dateOrderOf } from "#app/i18n/date-order.ts";
import { checkDateEntry } from "#app/forms/date-entry.ts";
import { modelConfigsSchema } from "#app/forms/definition-schema.ts";
import { maskFor } from "#app/forms/masks/index.ts";
import { pagesSchema } from "#app/forms/page-schema.ts";
import { validateStep } from "#app/forms/validate-step.ts";

/** A real day in the calendar's years (SPEC §9: 1900–2100). */
const day = fc
  .date({ min: new Date(Date.UTC(1900, 0, 1)), max: new Date(Date.UTC(2100, 11, 31)), noInvalidDate: true })
  .map((at): CalendarDate => ({ year: at.getUTCFullYear(), month: at.getUTCMonth() + 1, day: at.getUTCDate() }));
const culture = fc.constantFrom("en", "es");
/** A date field as definitions leave it by default, and one with its picker in another mode. */
const SINGLE = { hasTimePicker: false };
const inMode = (mode: "range" | "multiple") => ({
  hasTimePicker: false,
  picker: { mode, disabledDates: [], disabledWeekdays: [], yearRange: [1900, 2100] as [number, number] },
});
const two = (value: number) => String(value).padStart(2, "0");

/** The day as a person of the culture writes it: day first in Spanish, month first in English. */
function typed(date: CalendarDate, inCulture: string, pad: boolean, separator = "/") {
  const [first, second] = inCulture === "es" ? [date.day, date.month] : [date.month, date.day];
  const show = (value: number) => (pad ? two(value) : String(value));
  return `${show(first)}${separator}${show(second)}${separator}${date.year}`;
}

describe("dates as claimants type them (decision 034)", () => {
  test("each culture's own order: 03/07/2021 is 7 March in English and 3 July in Spanish, stored as MM/dd/yyyy", () => {
    expect(checkDateEntry("03/07/2021", SINGLE, dateOrderOf("en"))).toEqual({ value: "03/07/2021" });
    expect(checkDateEntry("03/07/2021", SINGLE, dateOrderOf("es"))).toEqual({ value: "07/03/2021" });
    expect(checkDateEntry("1/2/2023", SINGLE, dateOrderOf("es"))).toEqual({ value: "02/01/2023" });
    expect(checkDateEntry("27/03/2021", SINGLE, dateOrderOf("es"))).toEqual({ value: "03/27/2021" });
    expect(checkDateEntry("27/03/2021", SINGLE, dateOrderOf("en"))).toEqual({ key: "Validation_RealDate" });
  });

  test("any day, typed in either culture's order (padded or not, or as eight digits) or as ISO, is stored as that day", () => {
    fc.assert(
      fc.property(day, culture, fc.boolean(), (date, inCulture, pad) => {
        const order = dateOrderOf(inCulture);
        const stored = { value: formatClaimantDate(date) };
        expect(checkDateEntry(typed(date, inCulture, pad), SINGLE, order)).toEqual(stored);
        expect(checkDateEntry(typed(date, inCulture, true, ""), SINGLE, order)).toEqual(stored);
        const iso = `${date.year}-${two(date.month)}-${two(date.day)}`;
        expect(checkDateEntry(iso, SINGLE, order)).toEqual(stored);
        expect(maskFor("SLASH_DELIMITED_FULL_DATE").parse(iso, order)).toEqual(stored);
        expect(maskFor("SLASH_DELIMITED_FULL_DATE").parse(typed(date, inCulture, pad), order)).toEqual(stored);
      }),
    );
  });

  test("a stored day reads back in each culture as that culture types it, and is read back as the same day", () => {
    fc.assert(
      fc.property(day, culture, culture, (date, typedIn, shownIn) => {
        const stored = checkDateEntry(typed(date, typedIn, false), SINGLE, dateOrderOf(typedIn));
        if (!("value" in stored)) throw new Error(`refused: ${JSON.stringify(stored)}`);
        const shown = storedAsTyped(stored.value, dateOrderOf(shownIn));
        expect(shown).toBe(typed(date, shownIn, true));
        expect(checkDateEntry(shown, SINGLE, dateOrderOf(shownIn))).toEqual(stored);
      }),
    );
  });

  test("ranges, several dates and a time take ISO and the culture's order too", () => {
    const es = dateOrderOf("es");
    expect(checkDateEntry("2024-05-01 - 2024-05-03", inMode("range"), es)).toEqual({
      value: "05/01/2024 - 05/03/2024",
    });
    expect(checkDateEntry("27/03/2021-2/4/2021", inMode("range"), es)).toEqual({
      value: "03/27/2021 - 04/02/2021",
    });
    expect(checkDateEntry("27/03/2021; 2024-05-01", inMode("multiple"), es)).toEqual({
      value: "03/27/2021; 05/01/2024",
    });
    expect(checkDateEntry("27/03/2021 14:30", { hasTimePicker: true }, es)).toEqual({ value: "03/27/2021 14:30" });
    expect(storedAsTyped("03/27/2021 - 04/02/2021", es)).toBe("27/03/2021 - 02/04/2021");
  });

  test("a picker's limits and a rule's dates are said in the claimant's order", () => {
    const definition = {
      models: modelConfigsSchema.parse([
        {
          metadataHash: "h",
          metadata: { dtoMapping: "Details" },
          fields: {
            bought: {
              componentName: "FormFieldDate",
              key: "bought",
              label: "Bought",
              picker: { minDate: "3/27/2021" },
            },
            repaired: {
              componentName: "FormFieldDate",
              key: "repaired",
              label: "Repaired",
              validations: [{ type: "beforeDate", referenceDate: "4/2/2021" }],
            },
          },
        },
      ]),
      pages: pagesSchema.parse({
        "claim-details": {
          title: "t",
          blocks: [
            { kind: "field", field: "details.bought" },
            { kind: "field", field: "details.repaired" },
          ],
        },
      }),
    };
    const context = (dateOrder: DateOrder) => ({
      characterWhitelist: "",
      internationalAddresses: false,
      now: Date.UTC(2026, 0, 1),
      side: "server" as const,
      saved: {},
      dateOrder,
    });
    const posted = { details: { bought: "01/01/2021", repaired: "2021-05-01" } };
    expect(validateStep(definition, "claim-details", posted, context(dateOrderOf("es"))).errors).toEqual({
      "details.bought": [{ key: "Picker_MinDate", params: { date: "27/03/2021" } }],
      "details.repaired": [{ key: "Validation_BeforeDate", params: { date: "02/04/2021" } }],
    });
    expect(validateStep(definition, "claim-details", posted, context(dateOrderOf("en"))).errors).toEqual({
      "details.bought": [{ key: "Picker_MinDate", params: { date: "03/27/2021" } }],
      "details.repaired": [{ key: "Validation_BeforeDate", params: { date: "04/02/2021" } }],
    });
  });

  test("the stored form and the JSON API's stay month first: a date given without a culture's order is read as MM/dd/yyyy", () => {
    expect(parseClaimantDate("03/07/2021")).toEqual({ year: 2021, month: 3, day: 7 });
    expect(checkDateEntry("03/07/2021", SINGLE)).toEqual({ value: "03/07/2021" });
  });
});
