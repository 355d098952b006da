import type { FormType } from "#app/flow-registry/form-type.ts";
import { withCulture } from "#app/i18n/culture.ts";
import { useCulture } from "#app/i18n/use-culture.ts";
import { useText } from "#app/i18n/use-text.ts";

/**
 * The sign-out on every signed-in page (issue 12): a plain HTML form, not React Router's, so it
 * works without JavaScript and, with it, loads the start page afresh, keeping nothing of the claim
 * in the page's memory. It carries the page's CSRF token and the flow to land in.
 */
export function SignOutForm({ formType, csrfToken }: { formType: FormType; csrfToken: string }) {
  const text = useText();
  return (
    <form method="post" action={withCulture("/sign-out", useCulture())} className="sign-out">
      <input type="hidden" name="csrf" value={csrfToken} />
      <input type="hidden" name="form" value={formType} />
      <button type="submit" className="secondary outline">
        {text("SignOut_Button")}
      </button>
    </form>
  );
}
