/**
 * A form's submission as the step form and the server both read it (the same code on each side,
 * so the browser never accepts what the server refuses): the posted fields as nested values
 * ("claimantInfo.firstName" → { claimantInfo: { firstName } }), checked by `resolve`, and the
 * answer for the page. Conform's parse did this until issue 14; its shapes are kept, so a page's
 * action data reads as before.
 */

/** Messages by field name ("claimantInfo.firstName"); the form's own under "". */
export type FormErrors = Record<string, string[]>;

/** The answer a form's action gives its page (its action data's `result`). */
export interface SubmissionResult {
  status?: "success" | "error";
  /** What was posted, blanks left out, for the form to start from again; null empties the form. */
  initialValue?: Record<string, unknown> | null;
  error?: FormErrors;
}

interface SubmissionParts {
  payload: Record<string, unknown>;
  reply(options?: { formErrors?: string[]; fieldErrors?: FormErrors; resetForm?: boolean }): SubmissionResult;
}

export type Submission<Value> =
  | (SubmissionParts & { status: "success"; value: Value; error?: undefined })
  | (SubmissionParts & { status: "error"; value?: undefined; error: FormErrors });

/** Names taken apart at their dots ("model.field"); none with brackets or an empty part. */
const FIELD_NAME = /^[^.[\]]+(\.[^.[\]]+)*$/;
/** Parts of a name that would reach an object's prototype: such a name is left out. */
const FORBIDDEN = new Set(["__proto__", "constructor", "prototype"]);

/** The posted fields as nested values; a name posted twice gives a list. Other names are left out. */
export function formPayload(formData: FormData | URLSearchParams): Record<string, unknown> {
  const payload: Record<string, unknown> = {};
  for (const [name, value] of formData.entries()) {
    if (!FIELD_NAME.test(name)) continue;
    const path = name.split(".");
    if (path.some((segment) => FORBIDDEN.has(segment))) continue;
    let target = payload;
    for (const segment of path.slice(0, -1)) {
      const next = Object.hasOwn(target, segment) ? target[segment] : undefined;
      const isGroup = typeof next === "object" && next !== null && !Array.isArray(next) && !(next instanceof Blob);
      if (!isGroup) target[segment] = {};
      target = target[segment] as Record<string, unknown>;
    }
    const key = path.at(-1)!;
    // Own answers only: a field named "toString" is not the object's method.
    const previous = Object.hasOwn(target, key) ? target[key] : undefined;
    // A list is only ever one this loop made (a posted value is a string or a file): add to it in
    // place. Copying it on each repeat made a name posted n times cost n² (issue 23: 25 s for 30,000).
    if (Array.isArray(previous)) previous.push(value);
    else target[key] = previous === undefined ? value : [previous, value];
  }
  return payload;
}

/** What was posted without its blanks (empty texts, files not chosen, and what holds only those). */
function withoutBlanks(value: unknown): unknown {
  if (value === "" || value === null) return undefined;
  if (value instanceof Blob) return value.size === 0 && (value as File).name === "" ? undefined : value;
  if (Array.isArray(value)) {
    const items = value.map(withoutBlanks);
    if (items.length === 0) return undefined;
    return items.length === 1 && (typeof items[0] === "string" || items[0] === undefined) ? items[0] : items;
  }
  if (typeof value === "object") {
    const entries = Object.entries(value).flatMap(([key, item]) => {
      const kept = withoutBlanks(item);
      return kept === undefined ? [] : [[key, kept] as const];
    });
    return entries.length ? Object.fromEntries(entries) : undefined;
  }
  return value;
}

export function parseSubmission<Value>(
  formData: FormData | URLSearchParams,
  resolve: (payload: Record<string, unknown>) => { value: Value } | { error: FormErrors },
): Submission<Value> {
  const payload = formPayload(formData);
  const resolved = resolve(payload);
  const checked =
    "error" in resolved
      ? { status: "error" as const, error: resolved.error }
      : { status: "success" as const, value: resolved.value };
  return {
    ...checked,
    payload,
    reply({ formErrors, fieldErrors, resetForm } = {}) {
      if (resetForm) return { initialValue: null };
      const error: FormErrors = {
        ...checked.error,
        ...(formErrors?.length ? { "": formErrors } : {}),
        ...Object.fromEntries(Object.entries(fieldErrors ?? {}).filter(([, messages]) => messages.length)),
      };
      const failed = Object.keys(error).length > 0;
      return {
        status: failed ? "error" : "success",
        initialValue: (withoutBlanks(payload) as Record<string, unknown> | undefined) ?? {},
        ...(failed ? { error } : {}),
      };
    },
  };
}
