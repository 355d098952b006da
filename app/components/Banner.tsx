import { useMatches } from "react-router";
import { useText } from "#app/i18n/use-text.ts";
import type { LayoutModel } from "#app/themes/layout-model.ts";

/**
 * A route's `handle` asking for the compact banner: past sign-in the claimant has read its copy, and
 * on a phone the banner's lines would push the step's own heading off the first screen (issue 13).
 */
export const COMPACT_BANNER = { banner: "compact" } as const;

/**
 * The optional settlement banner (SPEC §1: showBanner, header, copy lines, image). Its header is a
 * paragraph, not a heading: it comes before the page's h1 and is not a section of the page.
 */
export function Banner({ banner }: { banner: LayoutModel["banner"] }) {
  const text = useText();
  // Not when the route shows its error instead, a not-found page say (its loader gave no data):
  // that page is the same, full banner included, whatever address it answers.
  const compact = useMatches().some(
    (match) =>
      (match.handle as { banner?: string } | undefined)?.banner === COMPACT_BANNER.banner &&
      match.loaderData !== undefined,
  );
  if (!banner.show || (compact && !banner.header)) return null;
  return (
    <section className={compact ? "banner banner-compact" : "banner"} aria-label={text("Banner_Label")}>
      <div className="container">
        {!compact && banner.image && <img src={banner.image.src} alt={banner.image.alt} className="banner-image" />}
        {banner.header && <p className="banner-header">{banner.header}</p>}
        {!compact &&
          banner.copy.map((line, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the settlement's copy lines never move, and two may read alike: the place is the line
            <p key={index}>{line}</p>
          ))}
      </div>
    </section>
  );
}
