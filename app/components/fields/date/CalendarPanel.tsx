import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import {
  addDays,
  addMonths,
  type CalendarDate,
  calendarDate,
  compareDates,
  dayNumber,
  formatTime,
  formatTypedDate,
  parseClaimantDate,
  parseClaimantDateTime,
  sameDay,
  weekday,
} from "#app/forms/claimant-dates.ts";
import { claimantTimeNow, claimantToday, formatDayLong, monthName, weekdayName } from "#app/forms/claimant-clock.ts";
import { type DateOrder, dateOrderOf } from "#app/i18n/date-order.ts";
import { checkDay, checkRange, checkTime, DEFAULT_PICKER, type Picker } from "#app/forms/date-entry.ts";
import type { FieldConfig } from "#app/forms/definition-schema.ts";
import { failureText } from "#app/forms/rules.ts";
import { useCulture } from "#app/i18n/use-culture.ts";
import { useText } from "#app/i18n/use-text.ts";
import { portalNow } from "#app/components/form/portal-clock.ts";

const MONTHS = Array.from({ length: 12 }, (_, index) => index + 1);
/** SPEC §9 picker defaults: minutes in steps of 5, hours of 1, 24-hour clock. */
const MINUTES = Array.from({ length: 12 }, (_, index) => index * 5);
const HOURS = Array.from({ length: 24 }, (_, index) => index);
/** Up to six rows of weeks; weeks start on Monday (SPEC §9 "Picker defaults"). */
const WEEKS = 6;

type PickerEvent = "invalid-select" | "invalid-fixed-range";

/** The dates already in the input (typed in the claimant's order), so the calendar opens on them. */
function parseEntered(
  text: string,
  mode: Picker["mode"],
  withTime: boolean,
  order: DateOrder,
): Array<CalendarDate & { hour?: number; minute?: number }> {
  const parse = withTime ? parseClaimantDateTime : parseClaimantDate;
  const parts = mode === "range" ? text.split(" - ") : mode === "multiple" ? text.split(";") : [text];
  return parts.map((part) => parse(part.trim(), order)).filter((date) => !!date);
}

/** The chosen dates written into the input as the claimant would type them (their culture's order). */
function formatEntry(
  dates: CalendarDate[],
  mode: Picker["mode"],
  time: { hour: number; minute: number } | undefined,
  order: DateOrder,
): string {
  const sorted = [...dates].sort(compareDates);
  const typed = (date: CalendarDate) => formatTypedDate(date, order);
  if (time && mode === "single" && sorted[0]) return `${typed(sorted[0])} ${formatTime(time)}`;
  return sorted.map(typed).join(mode === "range" ? " - " : "; ");
}

/** The Monday on or before a day (SPEC §9: the picker's weeks start on Monday). */
const startOfWeek = (date: CalendarDate) => addDays(date, -((weekday(date) + 6) % 7));

/** Writes into the field's input as typing would, so validation and dependencies see it. */
function writeInput(input: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set;
  setter?.call(input, value);
  input.dispatchEvent(new Event("input", { bubbles: true }));
  input.dispatchEvent(new Event("change", { bubbles: true }));
}

/**
 * The calendar's panel, open: fetched the first time the claimant comes to its button (drawn by
 * app/client/step-form/date-pickers.ts), it starts from the dates already in the input.
 */
export function CalendarPanel({
  inputId,
  field,
  label,
  panelId,
  close,
}: {
  inputId: string;
  field: FieldConfig;
  label: string;
  panelId: string;
  /** Closes the panel; focus goes back to the button unless told otherwise. */
  close: (returnFocus?: boolean) => void;
}) {
  const text = useText();
  const culture = useCulture();
  const picker = field.picker ?? DEFAULT_PICKER;
  const withTime = field.hasTimePicker;
  const gridRef = useRef<HTMLTableElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const input = () => document.getElementById(inputId) as HTMLInputElement | null;
  const [entered] = useState(() => parseEntered(input()?.value ?? "", picker.mode, withTime, dateOrderOf(culture)));
  const [selection, setSelection] = useState<CalendarDate[]>(entered);
  const [focused, setFocused] = useState<CalendarDate>(() => {
    const first = entered[0];
    return first ? { year: first.year, month: first.month, day: first.day } : claimantToday(portalNow());
  });
  const [time, setTime] = useState(() => {
    const first = entered[0];
    return withTime && first?.hour !== undefined && first.minute !== undefined
      ? { hour: first.hour, minute: first.minute - (first.minute % 5) }
      : { hour: 12, minute: 0 };
  });
  const [message, setMessage] = useState<string>();

  // Focus the day in focus whenever it moves (roving tab index), without scrolling the page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again when the focused day moves (the button with tabindex 0 is then another)
  useEffect(() => {
    gridRef.current?.querySelector<HTMLButtonElement>('button[tabindex="0"]')?.focus({ preventScroll: true });
  }, [focused]);

  // SPEC §9: the picker closes on scroll. It first brings itself into view, and only a scroll after
  // that (the claimant's own) closes it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: set up once an opening; close only sets state and moves focus through a ref, so the one of the render that opened the picker does what a later one would
  useEffect(() => {
    panelRef.current?.scrollIntoView({ block: "nearest" });
    let armed = false;
    const arm = setTimeout(() => (armed = true), 250);
    const onScroll = () => armed && close(false);
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      clearTimeout(arm);
      window.removeEventListener("scroll", onScroll);
    };
  }, []);

  const report = (event: PickerEvent, key: string, params?: Record<string, string | number>) => {
    setMessage(failureText(text, { key, params }));
    input()?.dispatchEvent(new CustomEvent(event, { bubbles: true, detail: { key, params } }));
  };

  const apply = (dates: CalendarDate[]) => {
    const element = input();
    if (element)
      writeInput(element, formatEntry(dates, picker.mode, withTime ? time : undefined, dateOrderOf(culture)));
    close();
  };

  const choose = (day: CalendarDate) => {
    const refusal = checkDay(day, picker);
    if (refusal) return report("invalid-select", refusal.key, refusal.params);
    setMessage(undefined);
    if (picker.mode === "single") {
      if (withTime) return setSelection([day]);
      return apply([day]); // SPEC §4: a selection applies immediately and closes
    }
    if (picker.mode === "multiple") {
      const exists = selection.some((date) => sameDay(date, day));
      if (!exists && picker.maxDates && selection.length >= picker.maxDates)
        return report("invalid-select", "Picker_TooManyDates", { max: picker.maxDates });
      return setSelection(exists ? selection.filter((date) => !sameDay(date, day)) : [...selection, day]);
    }
    // Range: the first choice starts it, the second ends it.
    const [start] = selection;
    if (!start || selection.length === 2) return setSelection([day]);
    const [from, to] = compareDates(day, start) < 0 ? [day, start] : [start, day];
    const rangeRefusal = checkRange(from, to, picker);
    if (rangeRefusal) return report("invalid-fixed-range", rangeRefusal.key, rangeRefusal.params);
    setSelection([from, to]);
  };

  const confirm = () => {
    if (withTime && selection[0]) {
      const refusal = checkTime(time, picker);
      if (refusal) return report("invalid-select", refusal.key, refusal.params);
    }
    if (picker.mode === "range" && selection.length !== 2) return report("invalid-fixed-range", "Picker_RangeFormat");
    apply(selection);
  };

  const now = () => {
    const today = claimantToday(portalNow());
    const current = claimantTimeNow(portalNow());
    setFocused(today);
    if (withTime) setTime({ hour: current.hour, minute: current.minute - (current.minute % 5) });
    choose(today);
  };

  const onGridKey = (event: KeyboardEvent) => {
    const moves: Record<string, () => CalendarDate> = {
      ArrowLeft: () => addDays(focused, -1),
      ArrowRight: () => addDays(focused, 1),
      ArrowUp: () => addDays(focused, -7),
      ArrowDown: () => addDays(focused, 7),
      PageUp: () => addMonths(focused, -1),
      PageDown: () => addMonths(focused, 1),
      Home: () => startOfWeek(focused),
      End: () => addDays(startOfWeek(focused), 6),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    const next = move();
    const [firstYear, lastYear] = picker.yearRange;
    if (next.year >= firstYear && next.year <= lastYear) setFocused(next);
  };

  const monthStart = { year: focused.year, month: focused.month, day: 1 };
  const gridStart = startOfWeek(monthStart);
  const weekdays = Array.from({ length: 7 }, (_, index) => addDays(gridStart, index));
  const weeks = Array.from({ length: WEEKS }, (_, week) =>
    Array.from({ length: 7 }, (_, day) => addDays(gridStart, week * 7 + day)),
  );
  const inRange = (day: CalendarDate) =>
    picker.mode === "range" &&
    selection.length === 2 &&
    compareDates(day, selection[0]!) >= 0 &&
    compareDates(day, selection[1]!) <= 0;
  const isSelected = (day: CalendarDate) => selection.some((date) => sameDay(date, day)) || inRange(day);
  /** Moving to another month or year keeps the day where it can (the 31st becomes the 30th). */
  const setMonth = (year: number, month: number) =>
    setFocused(calendarDate(year, month, focused.day) ?? addMonths({ year, month, day: 1 }, 0));
  const [firstYear, lastYear] = picker.yearRange;
  return (
    <div
      ref={panelRef}
      id={panelId}
      className="date-picker-panel"
      role="dialog"
      aria-modal="false"
      aria-label={text("Picker_Title", label)}
    >
      <div className="date-picker-header">
        <button
          type="button"
          className="secondary outline"
          onClick={() => setFocused(addMonths(focused, -1))}
          aria-label={text("Picker_PreviousMonth")}
        >
          ‹
        </button>
        <select
          aria-label={text("Picker_Month")}
          value={focused.month}
          onChange={(event) => setMonth(focused.year, Number(event.target.value))}
        >
          {MONTHS.map((month) => (
            <option key={month} value={month}>
              {monthName(month, culture)}
            </option>
          ))}
        </select>
        <select
          aria-label={text("Picker_Year")}
          value={focused.year}
          onChange={(event) => setMonth(Number(event.target.value), focused.month)}
        >
          {Array.from({ length: lastYear - firstYear + 1 }, (_, index) => firstYear + index).map((year) => (
            <option key={year} value={year}>
              {year}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="secondary outline"
          onClick={() => setFocused(addMonths(focused, 1))}
          aria-label={text("Picker_NextMonth")}
        >
          ›
        </button>
      </div>
      <table ref={gridRef} className="date-picker-grid" onKeyDown={onGridKey}>
        <caption className="visually-hidden">{`${monthName(monthStart.month, culture)} ${monthStart.year}`}</caption>
        <thead>
          <tr>
            {weekdays.map((day) => (
              <th key={dayNumber(day)} scope="col" abbr={weekdayName(day, culture, "long")}>
                {weekdayName(day, culture, "short")}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={dayNumber(week[0]!)}>
              {week.map((day) => {
                const outside = day.month !== monthStart.month;
                const forbidden = !!checkDay(day, picker);
                return (
                  <td key={dayNumber(day)}>
                    <button
                      type="button"
                      tabIndex={sameDay(day, focused) ? 0 : -1}
                      className={
                        [outside && "outside", forbidden && "forbidden", isSelected(day) && "selected"]
                          .filter(Boolean)
                          .join(" ") || undefined
                      }
                      aria-pressed={isSelected(day)}
                      aria-disabled={forbidden || undefined}
                      aria-label={formatDayLong(day, culture)}
                      onFocus={() => !sameDay(day, focused) && setFocused(day)}
                      onClick={() => {
                        setFocused(day);
                        choose(day);
                      }}
                    >
                      {day.day}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {withTime && (
        <div className="date-picker-time">
          <select
            aria-label={text("Picker_Hour")}
            value={time.hour}
            onChange={(event) => setTime({ ...time, hour: Number(event.target.value) })}
          >
            {HOURS.map((hour) => (
              <option key={hour} value={hour}>
                {String(hour).padStart(2, "0")}
              </option>
            ))}
          </select>
          <span aria-hidden="true">:</span>
          <select
            aria-label={text("Picker_Minute")}
            value={time.minute}
            onChange={(event) => setTime({ ...time, minute: Number(event.target.value) })}
          >
            {MINUTES.map((minute) => (
              <option key={minute} value={minute}>
                {String(minute).padStart(2, "0")}
              </option>
            ))}
          </select>
        </div>
      )}
      <p className="date-picker-message" role="alert">
        {message}
      </p>
      <div className="date-picker-actions">
        <button type="button" className="secondary outline" onClick={now}>
          {text(withTime ? "Picker_Now" : "Picker_Today")}
        </button>
        <button type="button" className="secondary" onClick={() => close()}>
          {text("Picker_Cancel")}
        </button>
        {(picker.mode !== "single" || withTime) && (
          <button type="button" onClick={confirm}>
            {text("Picker_Select")}
          </button>
        )}
      </div>
    </div>
  );
}
