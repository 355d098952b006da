import type { LayoutModel } from "#app/themes/layout-model.ts";
import { useText } from "#app/i18n/use-text.ts";

/** The optional settlement banner (SPEC §1: showBanner, header, copy lines, image). */
export function Banner({ banner }: { banner: LayoutModel["banner"] }) {
  const text = useText();
  if (!banner.show) return null;
  return (
    <section className="banner" aria-label={text("Banner_Label")}>
      <div className="container">
        {banner.image && <img src={banner.image.src} alt={banner.image.alt} className="banner-image" />}
        {banner.header && <h2 className="banner-header">{banner.header}</h2>}
        {banner.copy.map((line, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the settlement's copy lines never move, and two may read alike: the place is the line
          <p key={index}>{line}</p>
        ))}
      </div>
    </section>
  );
}
