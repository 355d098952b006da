import type { SubmissionResult } from "#app/forms/submission.ts";
import { useEffect, useState } from "react";
import {
  CAPTCHA_ERROR_NAME,
  CAPTCHA_TOKEN_FIELD,
  type CaptchaSettings,
  CHALLENGE_ANSWER_FIELD,
  CHALLENGE_TOKEN_FIELD,
  TEST_PROVIDER_TOKEN,
} from "#app/captcha/captcha-fields.ts";
import { TurnstileWidget } from "#app/captcha/TurnstileWidget.tsx";
import { useCulture } from "#app/i18n/use-culture.ts";
import { useText } from "#app/i18n/use-text.ts";

/** After this many widget errors in a row, the claimant gets the server-side challenge instead. */
const WIDGET_ERRORS_BEFORE_FALLBACK = 3;

/**
 * Once the widget's script has failed to load, it stays failed for the life of the page: a form
 * reached later by client-side navigation goes straight to the sum instead of waiting for a widget
 * that will never render.
 */
let scriptFailed = false;

/**
 * The captcha of a form (SPEC §4 "Other UI", DESIGN "Captcha without JavaScript"). Without
 * JavaScript: a plain-text sum the server checks. With it: the invisible widget (Turnstile, or the
 * "test" provider's stand-in), whose token travels in a hidden field. Until the widget has given a
 * token the sum stays offered, so a widget that never renders (its script blocked, failed, or not
 * yet there after an in-app navigation) never leaves the claimant stuck; when the script cannot
 * load or the widget keeps failing, only the sum is shown. Each submission's answer (`lastResult`)
 * renders a fresh widget (SPEC: reset after each authorize and submit).
 */
export function CaptchaField({
  settings,
  lastResult,
}: {
  settings: CaptchaSettings;
  /** The form's last submission: its captcha error shows here, and each new one resets the widget. */
  lastResult?: SubmissionResult;
}) {
  const error = lastResult?.error?.[CAPTCHA_ERROR_NAME]?.[0] ?? undefined;
  const text = useText();
  const culture = useCulture();
  const [enhanced, setEnhanced] = useState(false);
  // The "test" provider's stand-in has its token at once; a widget gives one when it has run.
  const firstToken = settings.provider === "test" ? TEST_PROVIDER_TOKEN : "";
  const [token, setToken] = useState(firstToken);
  const [failures, setFailures] = useState(() => (scriptFailed ? WIDGET_ERRORS_BEFORE_FALLBACK : 0));
  useEffect(() => setEnhanced(true), []);
  // Each answer from the server asks for a new widget, and so a new token (one per submission).
  const [answered, setAnswered] = useState(lastResult);
  const [round, setRound] = useState(0);
  if (answered !== lastResult) {
    setAnswered(lastResult);
    setRound((count) => count + 1);
    setToken(firstToken);
  }
  if (!settings.required) return null;

  const useWidget = enhanced && failures < WIDGET_ERRORS_BEFORE_FALLBACK;
  const offerSum = !useWidget || token === "";
  return (
    <div className={`captcha field${error ? " field-invalid" : ""}`} id={CAPTCHA_ERROR_NAME} tabIndex={-1}>
      {useWidget && settings.provider === "turnstile" && (
        <TurnstileWidget
          key={round}
          siteKey={settings.siteKey}
          language={culture}
          onToken={setToken}
          // Network trouble, a closed or expired challenge, a rate limit: try again, then fall back.
          onError={() => setFailures((count) => count + 1)}
          onScriptError={() => {
            scriptFailed = true;
            setFailures(WIDGET_ERRORS_BEFORE_FALLBACK);
          }}
        />
      )}
      {useWidget && <input type="hidden" name={CAPTCHA_TOKEN_FIELD} value={token} />}
      {offerSum && settings.challenge && (
        <fieldset className="block-fieldset">
          <legend>{text("Captcha_Legend")}</legend>
          <input type="hidden" name={CHALLENGE_TOKEN_FIELD} value={settings.challenge.token} />
          <label htmlFor="captcha-answer">{text("Captcha_Question", settings.challenge.question)}</label>
          <input
            // A new sum starts with an empty answer.
            key={settings.challenge.token}
            id="captcha-answer"
            name={CHALLENGE_ANSWER_FIELD}
            inputMode="numeric"
            autoComplete="off"
            aria-describedby={error ? "captcha-error" : undefined}
            aria-invalid={error ? true : undefined}
          />
        </fieldset>
      )}
      {offerSum && !useWidget && !settings.challenge && <p>{text("Captcha_NeedsJavaScript")}</p>}
      {error && (
        <p id="captcha-error" className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
