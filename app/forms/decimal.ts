/**
 * Exact comparison of decimal numbers written as text (money, counts): what a claimant typed is
 * compared digit by digit, never through a floating-point number, which would round
 * 9007199254740993 to 9007199254740992 and 12345678901234567890.45 to 12345678901234567000.
 */
const DECIMAL = /^(-?)(\d*)(?:\.(\d*))?$/;

/** A number as written ("1250.50", "-3", ".5"), or undefined if it is not one. */
export function parseDecimal(text: string): { negative: boolean; whole: string; fraction: string } | undefined {
  const match = DECIMAL.exec(text.trim());
  if (!match || (match[2] === "" && !match[3])) return undefined;
  const whole = match[2]!.replace(/^0+/, "");
  const fraction = (match[3] ?? "").replace(/0+$/, "");
  return { negative: match[1] === "-" && (whole !== "" || fraction !== ""), whole, fraction };
}

/** A bound from a definition (a JSON number) as exact decimal text: 100000 → "100000", 0.5 → "0.5". */
export function decimalText(value: number): string {
  return Number.isInteger(value) ? BigInt(value).toString() : String(value);
}

/** -1, 0 or 1 as a is less than, equal to or greater than b; both must be decimals (parseDecimal). */
export function compareDecimals(a: string, b: string): number {
  const x = parseDecimal(a);
  const y = parseDecimal(b);
  if (!x || !y) throw new Error(`Not decimals: ${a}, ${b}`);
  if (x.negative !== y.negative) return x.negative ? -1 : 1;
  const sign = x.negative ? -1 : 1;
  if (x.whole.length !== y.whole.length) return sign * (x.whole.length < y.whole.length ? -1 : 1);
  if (x.whole !== y.whole) return sign * (x.whole < y.whole ? -1 : 1);
  const width = Math.max(x.fraction.length, y.fraction.length);
  const [fx, fy] = [x.fraction.padEnd(width, "0"), y.fraction.padEnd(width, "0")];
  return fx === fy ? 0 : sign * (fx < fy ? -1 : 1);
}
