import { useText } from "#app/i18n/use-text.ts";
import type { HeaderLinks } from "#app/themes/layout-model.ts";
import { HeaderLink } from "./HeaderLink.tsx";

/**
 * The "I would like to" menu (SPEC §2). A native <details> disclosure: it opens with Enter or Space,
 * works without JavaScript, and its links are ordinary tab stops. Its pages are the portal's own
 * (issue 25), unless the settlement keeps one on its site (headerLinks).
 */
export function ActionsMenu({ links }: { links: HeaderLinks }) {
  const text = useText();
  return (
    <details className="dropdown actions-menu">
      <summary>{text("Header_IWouldLikeTo")}</summary>
      <ul>
        {[links.claimStatus, links.documents, links.changeOfAddress].map((link) => (
          <li key={link.labelKey}>
            <HeaderLink link={link} />
          </li>
        ))}
      </ul>
    </details>
  );
}
