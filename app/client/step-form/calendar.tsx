import { render } from "preact";
import { CalendarPanel } from "#app/components/fields/date/CalendarPanel.tsx";
import type { FieldConfig } from "#app/forms/definition-schema.ts";
import type { Translate } from "#app/i18n/i18n.ts";
import { TextsContext } from "#app/i18n/texts-context.ts";

/**
 * The calendar's panel (CalendarPanel, SPEC §5 "Picker rules") drawn into `container`, fetched only
 * when a claimant opens a date field's calendar (date-pickers.ts): most type their dates, and the
 * step page loads no framework until then (decision 044). Returns what takes it away.
 */
export function showCalendar(
  container: HTMLElement,
  props: {
    inputId: string;
    field: FieldConfig;
    label: string;
    panelId: string;
    close: (returnFocus?: boolean) => void;
  },
  texts: { culture: string; text: Translate },
): () => void {
  render(
    <TextsContext.Provider value={texts}>
      <CalendarPanel {...props} />
    </TextsContext.Provider>,
    container,
  );
  return () => render(null, container);
}
