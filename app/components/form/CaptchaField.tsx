import {
  CAPTCHA_ERROR_NAME,
  CAPTCHA_TOKEN_FIELD,
  type CaptchaSettings,
  CHALLENGE_ANSWER_FIELD,
  CHALLENGE_ANSWER_ID,
  CHALLENGE_TOKEN_FIELD,
  TEST_PROVIDER_TOKEN,
} from "#app/captcha/captcha-fields.ts";
import { type CaptchaWidgetOptions, startCaptchaWidget } from "#app/captcha/captcha-widget.ts";
import { InlineStart, inlineCode } from "#app/client/page-data.tsx";
import type { SubmissionResult } from "#app/forms/submission.ts";
import { useCulture } from "#app/i18n/use-culture.ts";
import { useText } from "#app/i18n/use-text.ts";

/** Cloudflare's script, rendering explicitly, and calling back when it has loaded. */
const TURNSTILE_SCRIPT =
  "https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit&onload=onTurnstileReady";

/** After this many widget errors in a row, the claimant gets the server-side challenge instead. */
const WIDGET_ERRORS_BEFORE_FALLBACK = 3;

/**
 * The captcha of a form (SPEC §4 "Other UI", DESIGN "Captcha without JavaScript"). Without
 * JavaScript: a plain-text sum the server checks. With it: the invisible widget (Turnstile, or the
 * "test" provider's stand-in), whose token travels in a hidden field, started on this markup by
 * app/captcha/captcha-widget.ts from a few inline lines: every page with a captcha loads no modules
 * (decisions 042, 043). Until the widget has given a token the sum stays offered, so a widget that
 * never renders (its script blocked, failed, or slow) never leaves the claimant stuck. Each
 * submission's answer is a page of its own, and so a fresh widget (SPEC: reset after each
 * authorize and submit).
 */
export function CaptchaField({
  settings,
  lastResult,
}: {
  settings: CaptchaSettings;
  /** The form's last submission: its captcha error shows here. */
  lastResult?: SubmissionResult;
}) {
  const error = lastResult?.error?.[CAPTCHA_ERROR_NAME]?.[0] ?? undefined;
  const text = useText();
  const culture = useCulture();
  const widget: CaptchaWidgetOptions = {
    provider: settings.provider,
    siteKey: settings.siteKey,
    language: culture,
    tokenField: CAPTCHA_TOKEN_FIELD,
    testToken: TEST_PROVIDER_TOKEN,
    script: TURNSTILE_SCRIPT,
    errorsBeforeSum: WIDGET_ERRORS_BEFORE_FALLBACK,
    // The last answer refused the captcha, or could not check the widget's token: the sum stays
    // offered beside the widget, so the claimant always has a way through.
    sumStays: error !== undefined,
  };
  if (!settings.required) return null;

  return (
    <div className={`captcha field${error ? " field-invalid" : ""}`} id={CAPTCHA_ERROR_NAME} tabIndex={-1}>
      {settings.challenge ? (
        <fieldset className="block-fieldset" data-captcha-sum="">
          <legend>{text("Captcha_Legend")}</legend>
          <input type="hidden" name={CHALLENGE_TOKEN_FIELD} value={settings.challenge.token} />
          {/* In a block of its own: a text browser would run the question on after the legend. */}
          <div>
            <label htmlFor={CHALLENGE_ANSWER_ID}>{text("Captcha_Question", settings.challenge.question)}</label>
            <input
              id={CHALLENGE_ANSWER_ID}
              name={CHALLENGE_ANSWER_FIELD}
              inputMode="numeric"
              autoComplete="off"
              aria-describedby={error ? "captcha-error" : undefined}
              aria-invalid={error ? true : undefined}
            />
          </div>
        </fieldset>
      ) : (
        <p data-captcha-needs-script="">{text("Captcha_NeedsJavaScript")}</p>
      )}
      {error && (
        <p id="captcha-error" className="field-error">
          <span className="visually-hidden">{text("Form_ErrorPrefix")} </span>
          {error}
        </p>
      )}
      <InlineStart start={startCaptchaWidget} args={[inlineCode("document.currentScript.parentElement"), widget]} />
    </div>
  );
}
