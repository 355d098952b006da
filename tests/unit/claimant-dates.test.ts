import fc from "fast-check";
import { describe, expect, test } from "vitest";
import {
  addDays,
  addMonths,
  type CalendarDate,
  formatClaimantDate,
  parseClaimantDate,
  parseClaimantDateTime,
  weekday,
} from "#app/forms/claimant-dates.ts";
import { claimantToday, formatDayLong, formatClockTime, formatDeadline } from "#app/forms/claimant-clock.ts";

const iso = (date: CalendarDate | undefined) =>
  date && `${date.year}-${String(date.month).padStart(2, "0")}-${String(date.day).padStart(2, "0")}`;
import { checkDateEntry } from "#app/forms/date-entry.ts";

describe("claimant dates", () => {
  test("M/d/yyyy with one- or two-digit month and day, or ISO; other formats are refused", () => {
    expect(iso(parseClaimantDate("3/7/2024"))).toBe("2024-03-07");
    expect(iso(parseClaimantDate("03/07/2024"))).toBe("2024-03-07");
    expect(iso(parseClaimantDate("2024-03-07"))).toBe("2024-03-07");
    for (const text of ["2024.03.07", "3/7/24", "13/1/2024", "2/29/2023", "3.7.2024", "03/07/2024 extra"]) {
      expect(parseClaimantDate(text), text).toBeUndefined();
    }
    expect(iso(parseClaimantDate("2/29/2024"))).toBe("2024-02-29");
  });

  test("calendar arithmetic: weekdays, days across months and leap years, months of different lengths", () => {
    expect(weekday(parseClaimantDate("3/6/2022")!)).toBe(0); // a Sunday
    expect(weekday(parseClaimantDate("1/1/1970")!)).toBe(4); // a Thursday
    expect(weekday(parseClaimantDate("12/31/1899")!)).toBe(0);
    expect(formatClaimantDate(addDays(parseClaimantDate("2/28/2024")!, 1))).toBe("02/29/2024");
    expect(formatClaimantDate(addDays(parseClaimantDate("12/31/2023")!, 1))).toBe("01/01/2024");
    expect(formatClaimantDate(addMonths(parseClaimantDate("1/31/2023")!, 1))).toBe("02/28/2023");
    expect(formatClaimantDate(addMonths(parseClaimantDate("1/15/2023")!, -1))).toBe("12/15/2022");
    expect(formatDayLong(parseClaimantDate("3/2/2022")!, "en")).toBe("Wednesday, March 2, 2022");
    expect(formatDayLong(parseClaimantDate("3/2/2022")!, "es")).toBe("miércoles, 2 de marzo de 2022");
  });

  test("a deadline reads naturally in each culture: full date, 12-hour time and the zone's short name", () => {
    const endOfMarch31 = Date.parse("2027-04-01T06:59:59.999Z"); // 11:59:59.999 PM in Los Angeles (PDT)
    expect(formatDeadline(endOfMarch31, "America/Los_Angeles", "en")).toBe("Wednesday, March 31, 2027, 11:59 PM PDT");
    expect(formatDeadline(endOfMarch31, "America/Los_Angeles", "es")).toBe(
      "miércoles, 31 de marzo de 2027, 11:59 p. m. PDT",
    );
    const newYearsEve = Date.parse("2027-01-01T04:59:00Z"); // 11:59 PM in New York, standard time
    expect(formatDeadline(newYearsEve, "America/New_York", "en")).toBe("Thursday, December 31, 2026, 11:59 PM EST");
    expect(formatDeadline(newYearsEve, "America/New_York", "es")).toBe(
      "jueves, 31 de diciembre de 2026, 11:59 p. m. EST",
    );
    expect(formatDeadline(Date.parse("2027-03-31T09:05:00Z"), "Etc/UTC", "es")).toBe(
      "miércoles, 31 de marzo de 2027, 9:05 a. m. UTC",
    );
    // Formatters are kept per culture, zone and options (issue 14): asked again, the first is as it was.
    expect(formatDeadline(endOfMarch31, "America/Los_Angeles", "en")).toBe("Wednesday, March 31, 2027, 11:59 PM PDT");
  });

  test("today is Los Angeles' today around midnight", () => {
    // 07:59 UTC is 23:59 the day before in Los Angeles (PST, UTC-8); 08:00 UTC is midnight.
    expect(iso(claimantToday(Date.parse("2026-11-22T07:59:00Z")))).toBe("2026-11-21");
    expect(iso(claimantToday(Date.parse("2026-11-22T08:00:00Z")))).toBe("2026-11-22");
    // In summer (PDT, UTC-7) midnight is at 07:00 UTC.
    expect(iso(claimantToday(Date.parse("2026-07-01T06:59:00Z")))).toBe("2026-06-30");
    expect(iso(claimantToday(Date.parse("2026-07-01T07:00:00Z")))).toBe("2026-07-01");
  });

  test("today across the DST changes", () => {
    // Spring forward: 2026-03-08, 02:00 PST becomes 03:00 PDT (10:00 UTC).
    expect(iso(claimantToday(Date.parse("2026-03-08T09:59:00Z")))).toBe("2026-03-08");
    expect(iso(claimantToday(Date.parse("2026-03-09T06:59:00Z")))).toBe("2026-03-08");
    expect(iso(claimantToday(Date.parse("2026-03-09T07:00:00Z")))).toBe("2026-03-09");
    // Fall back: 2026-11-01, 02:00 PDT becomes 01:00 PST; the day has 25 hours.
    expect(iso(claimantToday(Date.parse("2026-11-02T07:59:00Z")))).toBe("2026-11-01");
    expect(iso(claimantToday(Date.parse("2026-11-02T08:00:00Z")))).toBe("2026-11-02");
  });

  test("date and time, 24-hour", () => {
    expect(parseClaimantDateTime("3/7/2024 14:05")).toEqual({ year: 2024, month: 3, day: 7, hour: 14, minute: 5 });
    expect(parseClaimantDateTime("3/7/2024 24:00")).toBeUndefined();
    expect(parseClaimantDateTime("3/7/2024 2:05 PM")).toBeUndefined();
  });
});

describe("picker rules on typed dates (SPEC §5)", () => {
  const single =
    (picker: object, hasTimePicker = false) =>
    (text: string) =>
      checkDateEntry(text, {
        picker: { mode: "single", disabledDates: [], disabledWeekdays: [], yearRange: [1900, 2100], ...picker },
        hasTimePicker,
      });

  test("min and max date, inclusive", () => {
    const check = single({ minDate: "1/1/2024", maxDate: "12/31/2024" });
    expect(check("1/1/2024")).toEqual({ value: "01/01/2024" });
    expect(check("12/31/2024")).toEqual({ value: "12/31/2024" });
    expect(check("12/31/2023")).toEqual({ key: "Picker_MinDate", params: { date: "01/01/2024" } });
    expect(check("1/1/2025")).toEqual({ key: "Picker_MaxDate", params: { date: "12/31/2024" } });
  });

  test("year range 1900-2100 by default", () => {
    expect(single({})("12/31/1899")).toMatchObject({ key: "Picker_YearRange" });
    expect(single({})("1/1/2101")).toMatchObject({ key: "Picker_YearRange" });
    expect(single({})("1/1/1900")).toEqual({ value: "01/01/1900" });
  });

  test("disabled dates and weekdays, allowed dates", () => {
    // 3/9/2024 is a Saturday.
    expect(single({ disabledWeekdays: [0, 6] })("3/9/2024")).toMatchObject({ key: "Picker_Disabled" });
    expect(single({ disabledDates: ["3/8/2024"] })("03/08/2024")).toMatchObject({ key: "Picker_Disabled" });
    expect(single({ allowedDates: ["3/8/2024", "3/15/2024"] })("3/15/2024")).toEqual({ value: "03/15/2024" });
    expect(single({ allowedDates: ["3/8/2024"] })("3/9/2024")).toMatchObject({ key: "Picker_NotAllowed" });
  });

  test("min and max time with the time picker", () => {
    const check = single({ minTime: "09:00", maxTime: "17:00" }, true);
    expect(check("3/8/2024 09:00")).toEqual({ value: "03/08/2024 09:00" });
    expect(check("3/8/2024 08:59")).toEqual({ key: "Picker_MinTime", params: { time: "09:00" } });
    expect(check("3/8/2024 17:01")).toEqual({ key: "Picker_MaxTime", params: { time: "17:00" } });
    expect(check("3/8/2024")).toEqual({ key: "Validation_DateTimeFormat" });
  });

  test("a range ' - ' with length limits and no disabled date inside", () => {
    const range = (picker: object) => (text: string) =>
      checkDateEntry(text, {
        picker: { mode: "range", disabledDates: [], disabledWeekdays: [], yearRange: [1900, 2100], ...picker },
        hasTimePicker: false,
      });
    expect(range({})("3/1/2024 - 3/5/2024")).toEqual({ value: "03/01/2024 - 03/05/2024" });
    expect(range({})("3/5/2024 - 3/1/2024")).toEqual({ key: "Picker_RangeOrder" });
    // However the dash is written: hyphen, en dash, em dash, spaced or not.
    for (const written of ["3/1/2024-3/5/2024", "3/1/2024 – 3/5/2024", "3/1/2024—3/5/2024"])
      expect(range({})(written)).toEqual({ value: "03/01/2024 - 03/05/2024" });
    expect(range({})("3/1/2024 to 3/5/2024")).toEqual({ key: "Picker_RangeFormat" });
    expect(range({ maxRangeDays: 5 })("3/1/2024 - 3/5/2024")).toHaveProperty("value");
    expect(range({ maxRangeDays: 4 })("3/1/2024 - 3/5/2024")).toEqual({
      key: "Picker_RangeTooLong",
      params: { days: 4 },
    });
    expect(range({ minRangeDays: 6 })("3/1/2024 - 3/5/2024")).toEqual({
      key: "Picker_RangeTooShort",
      params: { days: 6 },
    });
    expect(range({ disabledDates: ["3/3/2024"] })("3/1/2024 - 3/5/2024")).toEqual({
      key: "Picker_RangeIncludesDisabled",
      params: { date: "03/03/2024" },
    });
  });

  test("several dates ';' with a limit on their number", () => {
    const multiple = (picker: object) => (text: string) =>
      checkDateEntry(text, {
        picker: { mode: "multiple", disabledDates: [], disabledWeekdays: [], yearRange: [1900, 2100], ...picker },
        hasTimePicker: false,
      });
    expect(multiple({})("3/1/2024; 3/5/2024;3/9/2024")).toEqual({ value: "03/01/2024; 03/05/2024; 03/09/2024" });
    expect(multiple({ maxDates: 2 })("3/1/2024;3/5/2024;3/9/2024")).toEqual({
      key: "Picker_TooManyDates",
      params: { max: 2 },
    });
    expect(multiple({})("3/1/2024; soon")).toEqual({ key: "Picker_MultipleFormat" });
  });
});

test("a clock time is the same for every instant of its minute, remembered or not (issue 14)", () => {
  fc.assert(
    fc.property(
      fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2028, 0, 1) }),
      fc.constantFrom("America/Los_Angeles", "America/New_York"),
      fc.constantFrom("en", "es"),
      (at, zone, culture) => {
        const minute = Math.floor(at / 60_000) * 60_000;
        const expected = new Intl.DateTimeFormat(culture, {
          hour: "numeric",
          minute: "2-digit",
          hour12: true,
          timeZone: zone,
        }).format(minute);
        expect(formatClockTime(at, zone, culture).startsWith(`${expected} `)).toBe(true);
        expect(formatClockTime(minute + 59_999, zone, culture)).toBe(formatClockTime(at, zone, culture));
      },
    ),
    { numRuns: 300 },
  );
});
