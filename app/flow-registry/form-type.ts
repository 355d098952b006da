/** The flows the portal knows (SPEC §2): each a form type with its own form definition. */
export const FORM_TYPES = ["automotive", "reimbursement", "standard", "lookup"] as const;
export type FormType = (typeof FORM_TYPES)[number];

export function isFormType(value: string | undefined): value is FormType {
  return (FORM_TYPES as readonly (string | undefined)[]).includes(value);
}

/**
 * The flow a portal path belongs to: its first segment, and for "/" the settlement's home flow
 * (SPEC §2: Automotive, unless settlement.json says otherwise; none when "/" is a start page). Read
 * as React Router matches routes, in any case and percent-decoded, so a route it matched always has
 * its flow (server.ts redirects such addresses to their lowercase form first).
 */
export function formTypeOfPath(pathname: string, home: FormType | undefined): FormType | undefined {
  const first = pathname.split("/").filter(Boolean)[0];
  if (first === undefined) return home;
  return flowOfSegment(first);
}

/** The flow a path segment names, in whatever case or percent-encoding it is written. */
export function flowOfSegment(segment: string): FormType | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(segment).toLowerCase();
  } catch {
    return undefined;
  }
  return isFormType(decoded) ? decoded : undefined;
}

/** A flow's start page. */
export function flowStartPath(formType: FormType): string {
  return `/${formType}`;
}
