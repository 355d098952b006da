import { useLocation } from "react-router";
import { otherParameters } from "#app/i18n/language-choice.ts";
import { languageName } from "#app/i18n/language-name.ts";
import { useText } from "#app/i18n/use-text.ts";

/**
 * The kontent header's language dropdown (SPEC §2): a GET form back to the same page, sent by its
 * button, with JavaScript as without. Choosing a language does nothing by itself: a page that
 * changed as soon as the select did (WCAG 3.2.2, On Input) would leave while a keyboard user is still
 * moving through the options, and lose the answers on the page before they were saved. In the
 * header, which the server alone renders (a static part), for the page it is on.
 */
export function LanguageSelect({ culture, cultures }: { culture: string; cultures: string[] }) {
  const text = useText();
  const location = useLocation();
  const kept = otherParameters(location.search);
  return (
    // A plain form, which loads a whole new document: the page comes in the culture chosen.
    <form className="language-select" action={location.pathname} method="get">
      {kept.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor="culture-select">{text("Header_Language")}</label>
      <select key={culture} id="culture-select" name="culture" defaultValue={culture}>
        {cultures.map((option) => (
          <option key={option} value={option} lang={option}>
            {languageName(option)}
          </option>
        ))}
      </select>
      <button type="submit" className="secondary">
        {text("Header_ChangeLanguage")}
      </button>
    </form>
  );
}
