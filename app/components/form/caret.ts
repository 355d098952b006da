/**
 * Where a caret in the formatted text falls in the typed text: after the same letter or digit, the
 * two lined up by their longest common sequence (formatting adds and drops some: "1 206 555 0100"
 * shows as "(206) 555-0100", "3/7/2021" as "03/07/2021", "1250" as "1,250.00"). Either end stays an end.
 */
export function caretIn(typed: string, shown: string, caret: number): number {
  if (caret >= shown.length) return typed.length;
  const isChar = (char: string) => /[\p{L}\p{N}]/u.test(char);
  const a = [...shown].flatMap((char, index) => (isChar(char) ? [{ char, index }] : []));
  const b = [...typed].flatMap((char, index) => (isChar(char) ? [{ char, index }] : []));
  // longest[i][j]: the longest common sequence of a[i..] and b[j..].
  const longest = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i -= 1)
    for (let j = b.length - 1; j >= 0; j -= 1)
      longest[i]![j] =
        a[i]!.char === b[j]!.char ? longest[i + 1]![j + 1]! + 1 : Math.max(longest[i + 1]![j]!, longest[i]![j + 1]!);
  let position = 0;
  for (let i = 0, j = 0; i < a.length && j < b.length && a[i]!.index < caret; ) {
    if (a[i]!.char === b[j]!.char) {
      position = b[j]!.index + 1;
      i += 1;
      j += 1;
    } else if (longest[i + 1]![j]! >= longest[i]![j + 1]!) i += 1;
    else j += 1;
  }
  return position;
}
