import type { IconName } from "#app/forms/page-schema.ts";

/** The twelve icons of SPEC §9 as inline SVG strokes: no icon font, nothing to download (Icon.tsx; the step form's enhancer draws the calendar's). */
export const ICON_PATHS: Record<IconName, string[]> = {
  trash: ["M3 6h18", "M8 6V4h8v2", "M6 6l1 14h10l1-14", "M10 11v6", "M14 11v6"],
  "user-secret": ["M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8z", "M4 21c0-4 3.6-6 8-6s8 2 8 6", "M5 9h14"],
  envelope: ["M3 6h18v12H3z", "M3 7l9 6 9-6"],
  phone: ["M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2"],
  "paper-plane": ["M22 2L11 13", "M22 2l-7 20-4-9-9-4z"],
  pen: ["M16 3l5 5L8 21H3v-5z"],
  plus: ["M12 5v14", "M5 12h14"],
  check: ["M5 13l4 4L19 7"],
  "circle-info": ["M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20z", "M12 11v6", "M12 7.5v.5"],
  "location-dot": ["M12 22s7-7 7-12a7 7 0 0 0-14 0c0 5 7 12 7 12z", "M12 12.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z"],
  "chevron-down": ["M6 9l6 6 6-6"],
  globe: ["M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20z", "M2 12h20", "M12 2a15 15 0 0 1 0 20", "M12 2a15 15 0 0 0 0 20"],
};
