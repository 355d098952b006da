import { useEffect, useRef } from "react";

/** The part of Cloudflare's Turnstile API the portal uses (explicit rendering). */
interface TurnstileApi {
  render(container: HTMLElement, options: Record<string, unknown>): string;
  reset(widgetId: string): void;
  remove(widgetId: string): void;
}

declare global {
  interface Window {
    turnstile?: TurnstileApi;
    onTurnstileReady?: () => void;
  }
}

const SCRIPT = "https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit&onload=onTurnstileReady";

let loading: Promise<TurnstileApi> | undefined;

/**
 * Cloudflare's script, added once per page (the Content-Security-Policy allows its host); after a
 * failed load the next call tries again.
 */
function loadTurnstile(): Promise<TurnstileApi> {
  if (window.turnstile) return Promise.resolve(window.turnstile);
  loading ??= new Promise((resolve, reject) => {
    window.onTurnstileReady = () => resolve(window.turnstile!);
    const script = document.createElement("script");
    script.src = SCRIPT;
    script.async = true;
    script.onerror = () => {
      loading = undefined;
      script.remove();
      reject(new Error("Turnstile's script did not load"));
    };
    document.head.append(script);
  });
  return loading;
}

/**
 * The invisible Turnstile widget (it asks the claimant something only if Cloudflare must): it
 * hands its token to `onToken`, and "" when the token expired or the widget failed, then starts
 * again. In place of @marsidev/react-turnstile, of which the portal used only this: the library
 * was two thirds of the captcha's script on every page with a captcha (issue 14).
 */
export function TurnstileWidget(props: {
  siteKey: string;
  language: string;
  onToken: (token: string) => void;
  /** The widget failed (the network, a challenge closed or expired, a rate limit). */
  onError: () => void;
  /** Cloudflare's script did not load: no widget will come on this page. */
  onScriptError: () => void;
}) {
  const container = useRef<HTMLDivElement>(null);
  // The latest callbacks, without rendering the widget again when they change.
  const callbacks = useRef(props);
  callbacks.current = props;
  const { siteKey, language } = props;
  useEffect(() => {
    let widgetId: string | undefined;
    let removed = false;
    loadTurnstile().then(
      (turnstile) => {
        if (removed || !container.current) return;
        const restart = () => {
          callbacks.current.onToken("");
          if (widgetId) turnstile.reset(widgetId);
        };
        widgetId = turnstile.render(container.current, {
          sitekey: siteKey,
          appearance: "interaction-only",
          language,
          "response-field": false,
          callback: (token: string) => callbacks.current.onToken(token),
          "expired-callback": restart,
          "error-callback": () => {
            callbacks.current.onError();
            restart();
          },
        });
      },
      () => {
        if (!removed) callbacks.current.onScriptError();
      },
    );
    return () => {
      removed = true;
      if (widgetId) window.turnstile?.remove(widgetId);
    };
  }, [siteKey, language]);
  return <div ref={container} className="turnstile-widget" />;
}
