import { useEffect, useState } from "react";
import { Form, useLocation } from "react-router";
import { languageName } from "#app/i18n/language-name.ts";
import { useText } from "#app/i18n/use-text.ts";

/**
 * The kontent header's language dropdown (SPEC §2): a GET form back to the same page, so it works
 * without JavaScript through its button; with JavaScript it submits as soon as a language is chosen
 * and the button is no longer needed.
 */
export function LanguageSelect({ culture, cultures }: { culture: string; cultures: string[] }) {
  const text = useText();
  const location = useLocation();
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => setEnhanced(true), []);
  const kept = [...new URLSearchParams(location.search)].filter(([name]) => name !== "culture");
  return (
    // A whole new document (reloadDocument): the page comes with its culture's texts script.
    <Form
      method="get"
      action={location.pathname}
      className="language-select"
      reloadDocument
      onChange={(event) => event.currentTarget.requestSubmit()}
    >
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
      {!enhanced && (
        <button type="submit" className="secondary">
          {text("Header_ChangeLanguage")}
        </button>
      )}
    </Form>
  );
}
