import type { ReactNode } from "react";
import { Banner } from "#app/components/Banner.tsx";
import { StaticPart } from "#app/components/StaticPart.tsx";
import { useText } from "#app/i18n/use-text.ts";
import type { LayoutModel } from "./layout-model.ts";

/**
 * The page frame every theme shares: skip link, the theme's header, banner, content, the theme's
 * footer (the header and footer in their own elements: app/themes/static-parts.server.tsx).
 */
export function ThemeLayout({ model, children }: { model: LayoutModel; children: ReactNode }) {
  const text = useText();
  return (
    <>
      <a href="#main-content" className="skip-link">
        {text("Header_SkipToContent")}
      </a>
      {/* The theme's header is the server's, with its language choice for this page. */}
      <StaticPart as="header" className="site-header" part="header" model={model} />
      <Banner banner={model.banner} />
      <main id="main-content" className="container" tabIndex={-1}>
        {children}
      </main>
      {/* A theme's footer is the same on every page of a culture (its year aside): the server renders it. */}
      <StaticPart as="footer" className="site-footer" part="footer" model={model} />
    </>
  );
}
