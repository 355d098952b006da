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
          <p key={index}>{line}</p>
        ))}
      </div>
    </section>
  );
}
