import type { ReactNode } from "react";
import { Link } from "react-router";
import { withCulture } from "#app/i18n/culture.ts";
import { useCulture } from "#app/i18n/use-culture.ts";

/** A link inside the portal that keeps the claimant's culture. */
export function PortalLink({ to, children, className }: { to: string; children: ReactNode; className?: string }) {
  return (
    <Link to={withCulture(to, useCulture())} className={className}>
      {children}
    </Link>
  );
}
