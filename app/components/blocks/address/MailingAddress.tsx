import { ADDRESS_FIELDS } from "#app/forms/blocks/address/address-block.ts";
import { useText } from "#app/i18n/use-text.ts";
import { FieldControl } from "#app/components/fields/FieldControl.tsx";
import { FormRow } from "../form-row/FormRow.tsx";
import { useStepForm } from "#app/components/form/step-form-context.ts";

/**
 * SPEC §3/§5 mailing address: a US address takes a state from the list and a ZIP code; a non-US one
 * (only when the settlement allows international addresses) free text and a non-US postal code.
 * Which applies follows the country, through the fields' own dependencies.
 */
export function MailingAddress({ model, legend }: { model: string; legend: string }) {
  const text = useText();
  const { internationalAddresses } = useStepForm();
  const path = (key: string) => `${model}.${key}`;
  return (
    <fieldset className="block-fieldset mailing-address">
      <legend>{text(legend)}</legend>
      <FieldControl path={path(ADDRESS_FIELDS.streetLine1)} />
      <FieldControl path={path(ADDRESS_FIELDS.streetLine2)} />
      <FieldControl path={path(ADDRESS_FIELDS.city)} />
      {internationalAddresses && <FieldControl path={path(ADDRESS_FIELDS.country)} />}
      <FormRow fields={[path(ADDRESS_FIELDS.subDivision), path(ADDRESS_FIELDS.postalCode)]} />
      {internationalAddresses && (
        <FormRow fields={[path(ADDRESS_FIELDS.subDivisionNonUS), path(ADDRESS_FIELDS.postalCodeNonUS)]} />
      )}
    </fieldset>
  );
}
