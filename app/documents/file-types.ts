/**
 * The kinds of document a claimant may upload (issue 5: PDF, JPEG, PNG, HEIC, TIFF by default),
 * each recognised twice: by the file name's extension and by the first bytes of its content, so a
 * renamed executable is refused whatever it is called.
 */
export const FILE_TYPE_NAMES = ["pdf", "jpeg", "png", "heic", "tiff"] as const;
export type FileTypeName = (typeof FILE_TYPE_NAMES)[number];

/** How many leading bytes the content checks need. */
export const SNIFF_BYTES = 16;

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
const startsWith = (bytes: Uint8Array, signature: number[]) => signature.every((byte, index) => bytes[index] === byte);

/** HEIF brands: HEIC stills and sequences, and the generic image brands phones write. */
const HEIF_BRANDS = ["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1"];

export const FILE_TYPES: Record<
  FileTypeName,
  { extensions: string[]; mediaType: string; matches: (head: Uint8Array) => boolean }
> = {
  pdf: { extensions: [".pdf"], mediaType: "application/pdf", matches: (head) => ascii(head, 0, 5) === "%PDF-" },
  jpeg: {
    extensions: [".jpg", ".jpeg"],
    mediaType: "image/jpeg",
    matches: (head) => startsWith(head, [0xff, 0xd8, 0xff]),
  },
  png: {
    extensions: [".png"],
    mediaType: "image/png",
    matches: (head) => startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  },
  heic: {
    extensions: [".heic", ".heif"],
    mediaType: "image/heic",
    matches: (head) => ascii(head, 4, 8) === "ftyp" && HEIF_BRANDS.includes(ascii(head, 8, 12)),
  },
  tiff: {
    extensions: [".tif", ".tiff"],
    mediaType: "image/tiff",
    matches: (head) => startsWith(head, [0x49, 0x49, 0x2a, 0x00]) || startsWith(head, [0x4d, 0x4d, 0x00, 0x2a]),
  },
};

export type DocumentCheck =
  | { ok: true; type: FileTypeName; mediaType: string }
  | { ok: false; reason: "extension" | "content" };

/** Allowed by name and by content, both naming the same type (a .pdf must contain a PDF). */
export function checkDocumentType(fileName: string, head: Uint8Array, allowed: readonly FileTypeName[]): DocumentCheck {
  const extension = /\.[^.]+$/.exec(fileName.toLowerCase())?.[0] ?? "";
  const type = allowed.find((candidate) => FILE_TYPES[candidate].extensions.includes(extension));
  if (!type) return { ok: false, reason: "extension" };
  return FILE_TYPES[type].matches(head)
    ? { ok: true, type, mediaType: FILE_TYPES[type].mediaType }
    : { ok: false, reason: "content" };
}

const MAX_NAME_LENGTH = 120;
/** The most a file name may take on common file systems (ext4, APFS, NTFS), in UTF-8 bytes. */
export const MAX_NAME_BYTES = 255;

const utf8Bytes = (text: string) => new TextEncoder().encode(text).length;

/**
 * `name` cut to at most `maxBytes` bytes of UTF-8, never inside a character, its extension (up
 * to 10 characters after the last dot) kept: 120 characters of '文' are 360 bytes, more than a
 * file system takes in one name.
 */
export function fitToBytes(name: string, maxBytes: number): string {
  if (utf8Bytes(name) <= maxBytes) return name;
  const found = /\.[^.]{1,10}$/.exec(name)?.[0] ?? "";
  const extension = utf8Bytes(found) < maxBytes ? found : "";
  let stem = "";
  let used = utf8Bytes(extension);
  for (const character of name.slice(0, name.length - extension.length)) {
    const size = utf8Bytes(character);
    if (used + size > maxBytes) break;
    stem += character;
    used += size;
  }
  return stem.replace(/[.\s]+$/, "") + extension;
}

/**
 * A file name safe to show and to store as data, never as a path: the last path component only
 * (either slash), without control characters, bidirectional controls (which can show a name's end
 * reversed: "\u202egnp.exe" reads "exe.png") or characters file systems reserve, at most 120
 * characters and 255 bytes of UTF-8 with the extension kept (a longer name is shortened, as a
 * browser would, between characters: never half of an emoji). Stored files are named by random
 * ids, not by this.
 */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const cleaned = base
    .toWellFormed()
    .normalize("NFC")
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
    .replace(/[\u0000-\u001f\u007f\u200e\u200f\u202a-\u202e\u2066-\u2069<>:"|?*]/g, "")
    .replace(/^[.\s]+|[.\s]+$/g, "")
    .replace(/\s+/g, " ");
  if (!cleaned) return "document";
  const characters = [...cleaned];
  if (characters.length <= MAX_NAME_LENGTH) return fitToBytes(cleaned, MAX_NAME_BYTES);
  const extension = /\.[^.]{1,10}$/.exec(cleaned)?.[0] ?? "";
  const stem = characters.slice(0, MAX_NAME_LENGTH - [...extension].length).join("");
  return fitToBytes(stem + extension, MAX_NAME_BYTES);
}
