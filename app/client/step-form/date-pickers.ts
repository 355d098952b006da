import { ICON_PATHS } from "#app/components/icon-paths.ts";
import { controlOf, type FieldsForm } from "./step-form-page.ts";

const loadCalendar = () => import("./calendar.tsx");

/** The chevron Icon draws (app/components/Icon.tsx), decorative. */
function chevron(): SVGSVGElement {
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  const attributes = {
    class: "icon",
    viewBox: "0 0 24 24",
    width: "1.1em",
    height: "1.1em",
    fill: "none",
    stroke: "currentColor",
    "stroke-width": "2",
    "stroke-linecap": "round",
    "stroke-linejoin": "round",
    focusable: "false",
    "aria-hidden": "true",
  };
  for (const [name, value] of Object.entries(attributes)) svg.setAttribute(name, value);
  for (const d of ICON_PATHS["chevron-down"]) {
    const path = document.createElementNS("http://www.w3.org/2000/svg", "path");
    path.setAttribute("d", d);
    svg.append(path);
  }
  return svg;
}

/**
 * The calendar beside each date field (SPEC §5 "Picker rules", §9 "Picker defaults"), once scripts
 * run: without them the typed text is the whole field. A button opens it; the panel's code is
 * fetched as the claimant comes to the button, and drawn when they press it (calendar.tsx). It
 * only fills the text input the claimant can always type into; the server checks the same rules.
 * Escape, Cancel or a scroll of the page close it and focus returns to the button; focus moved
 * past it closes it too.
 *
 * Returns what to call when the answers may have disabled a date field: its button goes with it.
 */
export function startDatePickers(page: FieldsForm) {
  const toggles: Array<{ toggle: HTMLButtonElement; input: HTMLInputElement | HTMLSelectElement }> = [];
  let count = 0;
  for (const path of page.paths) {
    const field = page.fields[path]!;
    const input = controlOf(path);
    if (field.componentName !== "FormFieldDate" || !input) continue;
    const label = page.text(field.label);
    const panelId = `date-picker-${++count}`;
    const picker = document.createElement("div");
    picker.className = "date-picker";
    const toggle = document.createElement("button");
    toggle.type = "button";
    toggle.className = "secondary outline date-picker-toggle";
    toggle.setAttribute("aria-expanded", "false");
    const said = document.createElement("span");
    said.className = "visually-hidden";
    said.textContent = page.text("Picker_Open", label);
    toggle.append(chevron(), said);
    // Where the panel is drawn: no box of its own, the panel is laid out as the button's sibling.
    const panel = document.createElement("div");
    panel.className = "date-picker-calendar";
    picker.append(toggle, panel);
    input.after(picker);
    toggles.push({ toggle, input });

    // Open from the press, while its code may still be on its way: Escape or a second press closes it then too.
    let open = false;
    let hide: (() => void) | undefined;
    const close = (returnFocus = true) => {
      open = false;
      hide?.();
      hide = undefined;
      toggle.setAttribute("aria-expanded", "false");
      toggle.removeAttribute("aria-controls");
      if (returnFocus) toggle.focus();
    };
    const show = async () => {
      open = true;
      toggle.setAttribute("aria-expanded", "true");
      toggle.setAttribute("aria-controls", panelId);
      const { showCalendar } = await loadCalendar();
      if (open && !hide) hide = showCalendar(panel, { inputId: input.id, field, label, panelId, close }, page);
    };
    // Fetched as the claimant comes to the button, so it is there when they press it.
    toggle.addEventListener("pointerenter", () => void loadCalendar());
    toggle.addEventListener("focus", () => void loadCalendar());
    toggle.addEventListener("click", () => (open ? close() : void show()));
    // Focus moved on past it by the keyboard (Tab), or to another control: it closes, focus left
    // where it went. Not a click on the panel's own background, which moves focus nowhere.
    picker.addEventListener("focusout", (event) => {
      const to = event.relatedTarget;
      if (open && to instanceof Node && !picker.contains(to)) close(false);
    });
    // Escape, from the button or anywhere in the panel, closes the calendar and goes no further up.
    picker.addEventListener("keydown", (event) => {
      if (event.key !== "Escape" || !open) return;
      event.stopPropagation();
      close();
    });
  }
  const followInputs = () => {
    for (const { toggle, input } of toggles) toggle.parentElement!.hidden = input.disabled;
  };
  followInputs();
  return followInputs;
}
