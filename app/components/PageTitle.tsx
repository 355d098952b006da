import { useRouteLoaderData } from "react-router";
import { useText } from "#app/i18n/use-text.ts";
import type { loader as rootLoader } from "#app/root.tsx";

/**
 * The document's <title>: "<page> – <claims-admin title>" in the page's culture, with "Error: " in
 * front while the page shows errors (GOV.UK), so a screen reader's first words say the form was
 * refused. Rendered by the page itself (React places it in <head>), not by a route's `meta`: only
 * the page knows whether errors show. The step pages' enhancer puts "Error: " in front after its
 * own checks (app/client/step-form/form-messages.ts).
 */
export function PageTitle({ titleKey, errors = false }: { titleKey: string; errors?: boolean }) {
  const text = useText();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const page = text(titleKey);
  const full = root ? `${page} – ${root.layout.claimsAdminTitle}` : page;
  const title = errors ? text("Title_WithErrors", full) : full;
  return <title>{title}</title>;
}
