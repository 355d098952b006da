import { CONFIRMATION_FIELDS } from "#app/forms/blocks/confirmation/confirmation-block.ts";
import { FormRow } from "../form-row/FormRow.tsx";

/** SPEC §3 confirmation block: the e-mail address and/or phone number, each typed twice. */
export function ConfirmationBlock({
  model,
  emailField,
  phoneField,
}: {
  model: string;
  emailField?: string;
  phoneField?: string;
}) {
  return (
    <div className="confirmation-block">
      {emailField && <FormRow fields={[`${model}.${emailField}`, `${model}.${CONFIRMATION_FIELDS.email}`]} />}
      {phoneField && <FormRow fields={[`${model}.${phoneField}`, `${model}.${CONFIRMATION_FIELDS.phone}`]} />}
    </div>
  );
}
