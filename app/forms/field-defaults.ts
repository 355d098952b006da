import type { FieldConfig, ModelConfig } from "./definition-schema.ts";

/**
 * What a field's definition holds when it says nothing (definition-schema.ts fills these in).
 * A page's loader data leaves them out, and the step form puts them back: on a step page they
 * were most of the field definitions sent, and of the work of serialising them, on every request.
 */
export const FIELD_DEFAULTS = {
  defaultValue: null,
  maskName: "none",
  overrideEverDirtyFieldConstraint: false,
  disableRequiredStyling: false,
  validations: [],
  sensitive: false,
  hasNoneOption: false,
  hasTimePicker: false,
} as const satisfies Partial<FieldConfig>;

/** A model as the loader data carries it: its fields without the values above. */
export type ModelOnTheWire = Omit<ModelConfig, "fields"> & { fields: Record<string, Partial<FieldConfig>> };

const isDefault = (key: string, value: unknown) =>
  key in FIELD_DEFAULTS && JSON.stringify(value) === JSON.stringify(FIELD_DEFAULTS[key as keyof typeof FIELD_DEFAULTS]);

// Both by the models' identity: a page's models are made once (step-page.server.ts), so each is
// worked out once per page on the server, and once per page loaded in the browser.
const sent = new WeakMap<readonly ModelConfig[], ModelOnTheWire[]>();
const received = new WeakMap<readonly ModelOnTheWire[], ModelConfig[]>();

export function withoutFieldDefaults(models: readonly ModelConfig[]): ModelOnTheWire[] {
  let wire = sent.get(models);
  if (!wire) {
    wire = models.map((model) => ({
      ...model,
      fields: Object.fromEntries(
        Object.entries(model.fields).map(([name, field]) => [
          name,
          Object.fromEntries(Object.entries(field).filter(([key, value]) => !isDefault(key, value))),
        ]),
      ),
    }));
    sent.set(models, wire);
  }
  return wire;
}

export function withFieldDefaults(models: readonly ModelOnTheWire[]): ModelConfig[] {
  let whole = received.get(models);
  if (!whole) {
    whole = models.map((model) => ({
      ...model,
      fields: Object.fromEntries(
        Object.entries(model.fields).map(([name, field]) => [name, { ...FIELD_DEFAULTS, ...field } as FieldConfig]),
      ),
    }));
    received.set(models, whole);
  }
  return whole;
}
