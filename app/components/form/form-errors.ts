import { type FormEvent, useRef, useState } from "react";
import type { FormErrors, SubmissionResult } from "#app/forms/submission.ts";

function errorsOf(result: SubmissionResult | undefined): FormErrors {
  return Object.fromEntries(
    Object.entries(result?.error ?? {}).filter((entry): entry is [string, string[]] => !!entry[1]?.length),
  );
}

/**
 * A step form's messages with JavaScript (GOV.UK: they come when the claimant submits, not as they
 * leave a field): the server's, from its last answer (`lastResult`), taken in the same render as
 * the answer; the browser's own checks (`validate`, the server's code) when the claimant submits,
 * which stop a submission that would be refused; and, once they have submitted, a field's message
 * as they change it, the others' kept as they were (the server's own, a captcha's, among them).
 * In place of Conform's useForm, of which only this was used: Conform was a twelfth of every form
 * page's JavaScript (issue 14).
 */
export function useFormErrors(lastResult: SubmissionResult | undefined, validate: (formData: FormData) => FormErrors) {
  const [errors, setErrors] = useState(() => errorsOf(lastResult));
  const [answered, setAnswered] = useState(lastResult);
  const submitted = useRef(!!lastResult?.error);
  if (answered !== lastResult) {
    setAnswered(lastResult);
    setErrors(errorsOf(lastResult));
    if (lastResult?.error) submitted.current = true;
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const found = validate(new FormData(event.currentTarget, submitter));
    submitted.current = true;
    setErrors(found);
    if (Object.keys(found).length > 0) event.preventDefault();
  };

  const onInput = (event: FormEvent<HTMLFormElement>) => {
    const name = (event.target as Partial<HTMLInputElement>).name;
    if (!submitted.current || !name) return;
    const message = validate(new FormData(event.currentTarget))[name];
    setErrors((current) => {
      const { [name]: _old, ...others } = current;
      return message ? { ...others, [name]: message } : others;
    });
  };

  return { errors, onSubmit, onInput };
}
