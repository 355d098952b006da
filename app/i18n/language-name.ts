/** A language's name in that language ("English", "Español"), for language pickers. */
export function languageName(culture: string): string {
  const name = new Intl.DisplayNames([culture], { type: "language" }).of(culture) ?? culture;
  return name.charAt(0).toLocaleUpperCase(culture) + name.slice(1);
}
