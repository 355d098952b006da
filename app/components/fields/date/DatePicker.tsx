import { type KeyboardEvent, lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { Icon } from "#app/components/Icon.tsx";
import type { FieldConfig } from "#app/forms/definition-schema.ts";
import { useText } from "#app/i18n/use-text.ts";

const loadPanel = () => import("./CalendarPanel.tsx");
/** The panel itself is fetched when first wanted: most claimants type their dates (issue 14). */
const CalendarPanel = lazy(() => loadPanel().then((module) => ({ default: module.CalendarPanel })));

/**
 * The calendar JavaScript adds beside a date field (SPEC §5 "Picker rules", §9 "Picker defaults").
 * It only fills the text input the claimant can always type into; the server checks the same rules.
 * A button opens it; arrows, Page Up/Down, Home and End move through days; Escape, Cancel or a
 * scroll of the page close it and focus returns to the button. Days the rules forbid stay
 * focusable but refuse selection, saying why (invalid-select); a range over a forbidden day is
 * refused as a whole (invalid-fixed-range).
 */
export function DatePicker({ inputId, field, label }: { inputId: string; field: FieldConfig; label: string }) {
  const text = useText();
  const panelId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);

  // Only once scripts run: without them (or before hydration) the toggle would be a button that
  // does nothing (a record's draft renders its fields on the server as "enhanced").
  const [scripted, setScripted] = useState(false);
  useEffect(() => setScripted(true), []);

  const close = (returnFocus = true) => {
    setOpen(false);
    if (returnFocus) toggleRef.current?.focus();
  };

  /** Escape, from the toggle or anywhere in the panel, closes the picker and goes no further up. */
  const onEscape = (event: KeyboardEvent) => {
    if (event.key !== "Escape" || !open) return;
    event.stopPropagation();
    close();
  };

  if (!scripted) return null;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: it only hears Escape bubbling up from the toggle and the panel's own controls; it never takes focus itself
    <div className="date-picker" onKeyDown={onEscape}>
      <button
        ref={toggleRef}
        type="button"
        className="secondary outline date-picker-toggle"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        // Fetched as the claimant comes to the button, so it is there when they press it.
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        onClick={() => (open ? close() : setOpen(true))}
      >
        <Icon name="chevron-down" />
        <span className="visually-hidden">{text("Picker_Open", label)}</span>
      </button>
      {open && (
        <Suspense fallback={null}>
          <CalendarPanel inputId={inputId} field={field} label={label} panelId={panelId} close={close} />
        </Suspense>
      )}
    </div>
  );
}
