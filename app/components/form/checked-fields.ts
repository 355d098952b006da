import type { FormErrors } from "#app/forms/submission.ts";

/** A form's messages as a submission's result gives them, fields without any left out: the server's step form and the enhancer read them so. */
export function errorsGiven(errors: FormErrors | undefined): FormErrors {
  return Object.fromEntries(Object.entries(errors ?? {}).filter(([, messages]) => messages?.length));
}

/**
 * The names of a form's controls the claimant can see and use (not in a hidden field, not
 * disabled): after a submission, only theirs are checked again as answers change (decision 035).
 */
export function shownFields(form: HTMLFormElement): ReadonlySet<string> {
  const shown = new Set<string>();
  for (const element of form.elements) {
    const control = element as HTMLInputElement;
    if (control.name && !control.disabled && !control.closest("[hidden]")) shown.add(control.name);
  }
  return shown;
}
