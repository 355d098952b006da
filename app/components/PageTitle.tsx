import { useEffect } from "react";
import { useRouteLoaderData } from "react-router";
import { useText } from "#app/i18n/use-text.ts";
import type { loader as rootLoader } from "#app/root.tsx";

/**
 * The document's <title>: "<page> – <claims-admin title>" in the page's culture, with "Error: " in
 * front while the page shows errors (GOV.UK), so a screen reader's first words say the form was
 * refused. Rendered by the page itself (React places it in <head>), not by a route's `meta`: only
 * the page knows whether errors show, from the server's answer or the browser's own checks. The
 * browser hydrates only the page's content, not <head> (decision 036): there it sets the title.
 */
export function PageTitle({ titleKey, errors = false }: { titleKey: string; errors?: boolean }) {
  const text = useText();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const page = text(titleKey);
  const full = root ? `${page} – ${root.layout.claimsAdminTitle}` : page;
  const title = errors ? text("Title_WithErrors", full) : full;
  useEffect(() => {
    document.title = title;
  }, [title]);
  return typeof document === "undefined" ? <title>{title}</title> : null;
}
