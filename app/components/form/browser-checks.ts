/**
 * What the browser loads once a form's page is enhanced, to check answers as the server does
 * (app/client/step-form/later-checks.ts): the one door to them in the browser, so that the
 * build makes them one file it starts, and one more it shares with the calendar (vite.config.ts).
 */
export { parseStep } from "#app/forms/parse-step.ts";
export { failureText } from "#app/forms/rules.ts";
export { validateRecord } from "#app/records/validate-record.ts";
