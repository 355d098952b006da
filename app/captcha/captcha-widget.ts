/** What the captcha's widget needs to know, written into the page for a page without modules. */
export interface CaptchaWidgetOptions {
  provider: "turnstile" | "test";
  siteKey: string;
  language: string;
  /** The hidden field the widget's token travels in (CAPTCHA_TOKEN_FIELD). */
  tokenField: string;
  /** The "test" provider's stand-in has this token at once (TEST_PROVIDER_TOKEN). */
  testToken: string;
  /** Cloudflare's script (explicit rendering, calling `onTurnstileReady` once loaded). */
  script: string;
  /** After this many widget errors, the claimant gets the sum only. */
  errorsBeforeSum: number;
  /** The sum stays offered even while the widget holds a token (the last answer refused the captcha). */
  sumStays: boolean;
}

/** The part of Cloudflare's Turnstile API the portal uses (explicit rendering). */
interface TurnstileApi {
  render(container: HTMLElement, options: Record<string, unknown>): string;
  reset(widgetId: string): void;
  remove(widgetId: string): void;
}

/**
 * The captcha's widget, started on the captcha's markup as the server rendered it (CaptchaField):
 * the sum (`data-captcha-sum`, when the settlement offers one) or the line saying the widget needs
 * scripts (`data-captcha-needs-script`). It adds the hidden field its token travels in and the
 * widget's box; while the widget holds a token the sum is hidden, and whenever it has none (not
 * yet, expired, failed) the sum is offered, so a widget that never renders never leaves the
 * claimant stuck. A sum the claimant has begun to answer stays, as does one beside a captcha error
 * (`sumStays`): the server takes whichever of the two passes. When Cloudflare's script cannot load
 * or the widget keeps failing, the field and the box go and the sum stays. Returns what stops it (a
 * form's answer shown in place starts another: app/client/scripted-post.ts).
 *
 * Started by a few inline lines the server writes with this function's own source, in the pages
 * with a captcha, none of which loads modules (decisions 042, 043). So it uses nothing but its
 * parameters and the page's globals: no import, no module-level binding.
 */
export function startCaptchaWidget(captcha: HTMLElement, options: CaptchaWidgetOptions): () => void {
  const sum = captcha.querySelector<HTMLElement>("[data-captcha-sum]");
  const needsScript = captcha.querySelector<HTMLElement>("[data-captcha-needs-script]");
  const field = document.createElement("input");
  field.type = "hidden";
  field.name = options.tokenField;
  const box = document.createElement("div");
  box.className = "turnstile-widget";
  let answering = false;
  const setToken = (token: string) => {
    field.value = token;
    if (sum) sum.hidden = token !== "" && !options.sumStays && !answering;
  };
  sum?.addEventListener("focusin", () => {
    answering = true;
  });
  const giveUp = () => {
    field.remove();
    box.remove();
    if (sum) sum.hidden = false;
    if (needsScript) needsScript.hidden = false;
  };
  if (needsScript) needsScript.hidden = true;
  captcha.append(field);
  if (options.provider === "test") {
    setToken(options.testToken);
    return () => field.remove();
  }
  setToken("");
  captcha.append(box);

  // Cloudflare's script, added once per page; after a failed load the next widget tries again.
  const page = window as unknown as {
    turnstile?: TurnstileApi;
    onTurnstileReady?: () => void;
    turnstileLoading?: Promise<TurnstileApi>;
  };
  page.turnstileLoading ??=
    page.turnstile !== undefined
      ? Promise.resolve(page.turnstile)
      : new Promise<TurnstileApi>((resolve, reject) => {
          page.onTurnstileReady = () => resolve(page.turnstile as TurnstileApi);
          const script = document.createElement("script");
          script.src = options.script;
          script.async = true;
          script.onerror = () => {
            page.turnstileLoading = undefined;
            script.remove();
            reject(new Error("Turnstile's script did not load"));
          };
          document.head.append(script);
        });
  let stopped = false;
  let widgetId: string | undefined;
  let errors = 0;
  page.turnstileLoading.then(
    (turnstile) => {
      if (stopped) return;
      const restart = () => {
        setToken("");
        if (widgetId !== undefined) turnstile.reset(widgetId);
      };
      widgetId = turnstile.render(box, {
        sitekey: options.siteKey,
        // It asks the claimant something only if Cloudflare must.
        appearance: "interaction-only",
        language: options.language,
        "response-field": false,
        callback: setToken,
        "expired-callback": restart,
        // Network trouble, a closed or expired challenge, a rate limit: try again, then the sum.
        "error-callback": () => {
          errors += 1;
          if (errors < options.errorsBeforeSum) return restart();
          stopped = true;
          if (widgetId !== undefined) turnstile.remove(widgetId);
          giveUp();
        },
      });
    },
    () => {
      if (!stopped) giveUp();
    },
  );
  return () => {
    stopped = true;
    if (widgetId !== undefined) page.turnstile?.remove(widgetId);
  };
}
