import type { ReactNode } from "react";
import { useText } from "#app/i18n/use-text.ts";

/** Links that leave the portal open in a new tab (SPEC §2), and say so to screen readers. */
export function ExternalLink({ href, children, className }: { href: string; children: ReactNode; className?: string }) {
  const text = useText();
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
      <span className="visually-hidden"> {text("Link_OpensInNewTab")}</span>
    </a>
  );
}
