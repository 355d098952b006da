import type { ReactNode } from "react";
import { Form } from "react-router";

/** A record button that works without JavaScript: a small form posting its intent for one record. */
export function RecordButtonForm({
  action,
  csrfToken,
  model,
  clientId,
  intent,
  children,
  className,
}: {
  action: string;
  csrfToken: string;
  model: string;
  clientId?: string;
  intent: "add" | "edit" | "remove";
  children: ReactNode;
  className?: string;
}) {
  return (
    <Form method="post" action={action} className="record-button-form">
      <input type="hidden" name="csrf" value={csrfToken} />
      <input type="hidden" name="records" value={model} />
      {clientId && <input type="hidden" name="record" value={clientId} />}
      <button type="submit" name="intent" value={intent} className={className}>
        {children}
      </button>
    </Form>
  );
}
