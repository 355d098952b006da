import { type FormType, isFormType } from "#app/deadlines/deadline-guard.ts";

/** The flow a portal path belongs to: its first segment, and Automotive for "/" (SPEC §2). */
export function formTypeOfPath(pathname: string): FormType | undefined {
  const first = pathname.split("/").filter(Boolean)[0];
  if (first === undefined) return "automotive";
  return isFormType(first) ? first : undefined;
}

/** A flow's start page. */
export function flowStartPath(formType: FormType): string {
  return `/${formType}`;
}
