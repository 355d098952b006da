/**
 * What the browser loads once a form's page is enhanced, to check answers as the server does
 * (StepForm, RecordDraftForm: useLoadedLater): one module, so one file and one round trip.
 */
export { parseStep } from "#app/forms/parse-step.ts";
export { failureText } from "#app/forms/rules.ts";
export { validateRecord } from "#app/records/validate-record.ts";
