import { PortalLink } from "./PortalLink.tsx";
import { useText } from "#app/i18n/use-text.ts";

/** The claims administrator's mark; it links to the portal's start page (SPEC §2). */
export function Logo({ title }: { title: string }) {
  const text = useText();
  return (
    <PortalLink to="/" className="logo">
      <svg viewBox="0 0 32 32" width="40" height="40" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="6" fill="currentColor" />
        <path
          d="M9 17l5 5 9-11"
          fill="none"
          stroke="var(--logo-contrast, #fff)"
          strokeWidth="3"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className="visually-hidden">{text("Header_LogoHome", title)}</span>
    </PortalLink>
  );
}
