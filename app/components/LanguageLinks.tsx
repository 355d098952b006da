import { Link, useLocation } from "react-router";
import { pageInCulture } from "#app/i18n/language-choice.ts";
import { languageName } from "#app/i18n/language-name.ts";
import { useText } from "#app/i18n/use-text.ts";

/**
 * The standard header's language choice (SPEC §2): a link per other culture, with English offered
 * only when the page is not already in English. Each link reopens the same page in that culture.
 * In the header, which the server alone renders (a static part), for the page it is on.
 */
export function LanguageLinks({ culture, cultures }: { culture: string; cultures: string[] }) {
  const text = useText();
  const location = useLocation();
  const others = cultures.filter((candidate) => candidate !== culture);
  if (others.length === 0) return null;
  return (
    <nav aria-label={text("Header_Language")} className="language-links">
      <ul>
        {others.map((other) => (
          <li key={other}>
            {/* A whole new document: the page comes in the culture chosen. */}
            <Link to={pageInCulture(location, other)} lang={other} hrefLang={other} reloadDocument>
              {languageName(other)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
