import { Form, useLocation, useNavigation } from "react-router";
import { CAPTCHA_ERROR_NAME, captchaErrorHref } from "#app/captcha/captcha-fields.ts";
import type { ClaimAccessAnswer, ClaimAccessForm as FormData } from "#app/flows/claim-access.server.ts";
import { withCulture } from "#app/i18n/culture.ts";
import { useCulture } from "#app/i18n/use-culture.ts";
import { useText } from "#app/i18n/use-text.ts";
import { CaptchaField } from "./form/CaptchaField.tsx";
import { ErrorSummary } from "./form/ErrorSummary.tsx";
import { summaryText } from "./form/summary-text.ts";
import { PortalLink } from "./PortalLink.tsx";

/** One text question of the form: label, hint, error beside it (GOV.UK), linked by aria-describedby. */
function Question({
  name,
  label,
  hint,
  error,
  value,
  autoComplete,
  type = "text",
}: {
  name: string;
  label: string;
  hint?: string;
  error?: string;
  value?: string;
  autoComplete?: string;
  type?: "text" | "email" | "password";
}) {
  const text = useText();
  const id = `access-${name}`;
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ");
  return (
    <div className={`field${error ? " field-invalid" : ""}`}>
      <label htmlFor={id}>{label}</label>
      {hint && (
        <div id={`${id}-hint`} className="field-hint">
          {hint}
        </div>
      )}
      <input
        id={id}
        name={name}
        type={type}
        defaultValue={value}
        autoComplete={autoComplete}
        spellCheck={false}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
      />
      {error && (
        <p id={`${id}-error`} className="field-error">
          <span className="visually-hidden">{text("Form_ErrorPrefix")} </span>
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The find form of claim access (app/flows/claim-access.server.ts): a claim's reference code and
 * last name (or, where a flow takes claims without a notice, the e-mail address), or, on its
 * second form (`?find=member`), the notice's Claim ID and PIN; each with the captcha. Plain HTML
 * posted to the page's own action (`intent=find`), so it works without JavaScript.
 */
export function ClaimAccessForm({ form, answer }: { form: FormData; answer?: ClaimAccessAnswer }) {
  const text = useText();
  const culture = useCulture();
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const method = answer?.method ?? form.method;
  const errors = answer?.errors ?? {};
  const values = answer?.values ?? {};
  const fieldLabels: Record<string, string> = {
    referenceCode: text("Access_ReferenceCode"),
    lastName: text("Access_LastName"),
    email: text("Access_Email"),
    claimId: text("Access_ClaimId"),
    pin: text("Access_Pin"),
  };
  const firstField = method === "member" ? "claimId" : "referenceCode";
  const summary = Object.entries(errors).map(([name, message]) =>
    name === ""
      ? { href: `#access-${firstField}`, text: message }
      : name === CAPTCHA_ERROR_NAME
        ? { href: captchaErrorHref(form.captcha), text: summaryText(text("Captcha_Legend"), message) }
        : { href: `#access-${name}`, text: summaryText(fieldLabels[name] ?? name, message) },
  );
  const busy = navigation.state !== "idle";
  const action = withCulture(`${pathname}?${new URLSearchParams({ find: method })}`, culture);
  return (
    <section className="claim-access" aria-labelledby="claim-access-title">
      <ErrorSummary items={summary} />
      <h2 id="claim-access-title">{text(method === "member" ? "Access_MemberTitle" : "Access_CodeTitle")}</h2>
      <p>{text(method === "member" ? "Access_MemberIntro" : "Access_CodeIntro")}</p>
      {errors[""] && <p className="form-error field-error">{errors[""]}</p>}
      <Form method="post" action={action} noValidate className="step-form">
        <input type="hidden" name="csrf" value={form.csrfToken} />
        <input type="hidden" name="intent" value="find" />
        <input type="hidden" name="method" value={method} />
        {method === "member" ? (
          <>
            <Question
              name="claimId"
              label={fieldLabels.claimId!}
              hint={text("Access_ClaimIdHint")}
              error={errors.claimId}
              value={values.claimId}
              autoComplete="off"
            />
            <Question name="pin" label={fieldLabels.pin!} error={errors.pin} type="password" autoComplete="off" />
          </>
        ) : (
          <>
            <Question
              name="referenceCode"
              label={fieldLabels.referenceCode!}
              hint={text("Access_ReferenceCodeHint")}
              error={errors.referenceCode}
              value={values.referenceCode}
              autoComplete="off"
            />
            <Question
              name="lastName"
              label={fieldLabels.lastName!}
              hint={form.askEmail ? text("Access_LastNameOrEmailHint") : undefined}
              error={errors.lastName}
              value={values.lastName}
              autoComplete="family-name"
            />
            {form.askEmail && (
              <Question
                name="email"
                label={fieldLabels.email!}
                error={errors.email}
                value={values.email}
                type="email"
                autoComplete="email"
              />
            )}
          </>
        )}
        <CaptchaField
          settings={form.captcha}
          lastResult={answer ? { status: "error", error: { [CAPTCHA_ERROR_NAME]: [errors.captcha ?? ""] } } : undefined}
        />
        <div className="step-actions">
          <button type="submit" disabled={busy} aria-busy={busy || undefined}>
            {text(method === "member" ? "Access_SignIn" : "Access_Find")}
          </button>
        </div>
      </Form>
      {form.membersSignIn && (
        <p className="claim-access-other">
          <PortalLink to={`${pathname}?find=${method === "member" ? "code" : "member"}`}>
            {text(method === "member" ? "Access_UseCode" : "Access_UseNotice")}
          </PortalLink>
        </p>
      )}
    </section>
  );
}
