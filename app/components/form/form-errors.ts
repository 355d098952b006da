import { type FormEvent, useRef, useState } from "react";
import type { FormErrors, SubmissionResult } from "#app/forms/submission.ts";
import { errorsGiven, shownFields } from "./checked-fields.ts";

/**
 * A step form's messages with JavaScript (GOV.UK: they come when the claimant submits, not as they
 * leave a field): the server's, from its last answer (`lastResult`), taken in the same render as
 * the answer; the browser's own checks (`validate`, the server's code) when the claimant submits,
 * which stop a submission that would be refused (until the checks' code has come, `validate` says
 * undefined and the server checks); and, once they have submitted, the messages of
 * the fields then on show checked again as they change any answer, since one answer can settle
 * another's message (an e-mail typed again to match, a country whose phone numbers are not asked). Messages the
 * browser cannot check (the form's own, the captcha's) stay until the next answer.
 * In place of Conform's useForm, of which only this was used: Conform was a twelfth of every form
 * page's JavaScript (issue 14).
 */
export function useFormErrors(
  lastResult: SubmissionResult | undefined,
  /** The names of the fields `validate` checks. */
  paths: readonly string[],
  /** The form's messages, or undefined while the code that checks it is not loaded (loaded-later.ts). */
  validate: (formData: FormData) => FormErrors | undefined,
) {
  const [errors, setErrors] = useState(() => errorsGiven(lastResult?.error));
  const [answered, setAnswered] = useState(lastResult);
  const submitted = useRef(!!lastResult?.error);
  // The fields on show when the claimant last submitted: only theirs are checked again as answers
  // change. A question an answer reveals afterwards waits for the next submission (decision 035).
  // After the server's answer they are read off the page at the next input (undefined till then).
  const asked = useRef<ReadonlySet<string>>(undefined);
  // An answer without a result (a record's, on the documents step) leaves the form's messages be.
  if (lastResult && answered !== lastResult) {
    setAnswered(lastResult);
    setErrors(errorsGiven(lastResult?.error));
    if (lastResult.error) submitted.current = true;
    asked.current = undefined;
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const found = validate(new FormData(event.currentTarget, submitter));
    submitted.current = true;
    asked.current = shownFields(event.currentTarget);
    if (!found) return;
    setErrors(found);
    if (Object.keys(found).length > 0) event.preventDefault();
  };

  const onInput = (event: FormEvent<HTMLFormElement>) => {
    if (!submitted.current) return;
    // Read before this answer shows or hides anything: React renders that after the event.
    asked.current ??= shownFields(event.currentTarget);
    const checked = asked.current;
    const found = validate(new FormData(event.currentTarget));
    if (!found) return;
    setErrors((current) => ({
      ...Object.fromEntries(Object.entries(current).filter(([name]) => !paths.includes(name))),
      ...Object.fromEntries(Object.entries(found).filter(([name]) => paths.includes(name) && checked.has(name))),
    }));
  };

  return { errors, onSubmit, onInput };
}
