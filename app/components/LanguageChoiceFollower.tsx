import { useEffect } from "react";
import { useLocation } from "react-router";
import { otherParameters, pageInCulture } from "#app/i18n/language-choice.ts";

/**
 * The header is the server's markup, kept as it came (a static part: app/themes/static-parts.server.tsx),
 * and its language choice was written for the page the document came with: each link, or kontent's
 * form, reopens that page in another language (LanguageLinks, LanguageSelect). After a client-side
 * navigation this points them at the page now shown, as the server would write them there. Their
 * elements stay the same: nothing the claimant chose or focused in them is lost.
 */
export function LanguageChoiceFollower() {
  const location = useLocation();
  useEffect(() => {
    for (const link of document.querySelectorAll<HTMLAnchorElement>("header.site-header a[hreflang]"))
      link.setAttribute("href", pageInCulture(location, link.hreflang));
    const form = document.querySelector<HTMLFormElement>("header.site-header form.language-select");
    if (!form) return;
    form.setAttribute("action", location.pathname);
    for (const input of form.querySelectorAll("input[type=hidden]")) input.remove();
    for (const [name, value] of otherParameters(location.search).reverse())
      form.prepend(Object.assign(document.createElement("input"), { type: "hidden", name, value }));
  }, [location]);
  return null;
}
