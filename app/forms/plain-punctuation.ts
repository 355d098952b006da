/**
 * What phones and word processors type in place of plain punctuation ("smart punctuation": iOS
 * and macOS turn ' into ’, "" into “”, -- into –, ... into …), and the spaces and invisible
 * characters a paste brings along, by the plain marks they stand for (nothing, for the invisible).
 * A claimant named O’Brien pressed the apostrophe key; refusing ’ from a settlement's allowed
 * characters (which has ') would ask them for a character their keyboard will not type.
 */
const PLAIN: Record<string, string> = {
  "\u2018": "'", // ‘
  "\u2019": "'", // ’
  "\u201a": "'", // ‚
  "\u201b": "'", // ‛
  "\u2032": "'", // ′
  "\u201c": '"', // “
  "\u201d": '"', // ”
  "\u201e": '"', // „
  "\u2033": '"', // ″
  "\u2010": "-", // ‐ hyphen
  "\u2011": "-", // ‑ non-breaking hyphen
  "\u2012": "-", // ‒
  "\u2013": "-", // –
  "\u2014": "-", // —
  "\u2212": "-", // − minus
  "\u02bc": "'", // ʼ modifier letter apostrophe
  "\uff07": "'", // ＇ fullwidth apostrophe
  "\u2026": "...", // …
  "\u00a0": " ", // no-break space
  "\u202f": " ", // narrow no-break space
  "\u2002": " ", // en space
  "\u2003": " ", // em space
  "\u2007": " ", // figure space
  "\u2009": " ", // thin space
  "\u200a": " ", // hair space
  "\u3000": " ", // ideographic space
  // Invisible, and never meant: pasted along with a name or an address. Refused, they were named
  // in a message that showed nothing.
  "\u200b": "", // zero-width space
  "\u2060": "", // word joiner
  "\u00ad": "", // soft hyphen
  "\ufeff": "", // zero-width no-break space
};

const SMART = new RegExp(`[${Object.keys(PLAIN).join("")}]`, "g");

/**
 * `text` with each smart mark the allowed characters lack written as its plain counterpart, where
 * the allowed characters have that. A settlement allowing ’ keeps it; one allowing neither ’ nor '
 * still refuses it, named as typed.
 */
export function plainPunctuation(text: string, allowed: string): string {
  return text.replace(SMART, (mark) => {
    const plain = PLAIN[mark]!;
    return allowed.includes(mark) || ![...plain].every((character) => allowed.includes(character)) ? mark : plain;
  });
}
