/** Worked out once per culture: the few a settlement offers. */
const names = new Map<string, string>();

/** A language's name in that language ("English", "Español"), for language pickers. */
export function languageName(culture: string): string {
  const known = names.get(culture);
  if (known !== undefined) return known;
  const name = new Intl.DisplayNames([culture], { type: "language" }).of(culture) ?? culture;
  const capitalised = name.charAt(0).toLocaleUpperCase(culture) + name.slice(1);
  names.set(culture, capitalised);
  return capitalised;
}
