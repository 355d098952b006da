/**
 * A number setting from the environment that must be above 0, or `fallback` when unset or empty. A
 * malformed one stops the server at start-up with its name and value: NaN or 0 would otherwise
 * pass unnoticed (a session that never ends, an e-mail sender polling without pause).
 */
export function positiveSetting(name: string, fallback: number, what = "a number"): number {
  const setting = process.env[name];
  if (setting === undefined || setting === "") return fallback;
  const value = Number(setting);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be ${what} above 0, not "${setting}".`);
  return value;
}
