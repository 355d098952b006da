import { useText } from "#app/i18n/use-text.ts";
import type { LayoutModel } from "#app/themes/layout-model.ts";
import { ExternalLink } from "./ExternalLink.tsx";

/**
 * The "I would like to" menu (SPEC §2). A native <details> disclosure: it opens with Enter or Space,
 * works without JavaScript, and its links are ordinary tab stops.
 */
export function ActionsMenu({ model }: { model: LayoutModel }) {
  const text = useText();
  return (
    <details className="dropdown actions-menu">
      <summary>{text("Header_IWouldLikeTo")}</summary>
      <ul>
        <li>
          <ExternalLink href={`${model.siteBaseUrl}/claim/status`}>{text("Header_ClaimStatus")}</ExternalLink>
        </li>
        <li>
          <ExternalLink href={`${model.siteBaseUrl}/documents`}>{text("Header_UploadDocuments")}</ExternalLink>
        </li>
        <li>
          <ExternalLink href={`${model.siteBaseUrl}/coa`}>{text("Header_ChangeAddress")}</ExternalLink>
        </li>
      </ul>
    </details>
  );
}
