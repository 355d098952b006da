/** Test documents: real file signatures, so the content checks see what a claimant's file would hold. */

/** The smallest thing that starts like a PDF. */
export const PDF = Buffer.from(
  "%PDF-1.7\n%\u00e2\u00e3\u00cf\u00d3\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n",
  "latin1",
);

/** A PDF of exactly `size` bytes, its body varied so a mix-up of chunks would show. */
export function pdfOfSize(size: number): Buffer<ArrayBuffer> {
  const content = Buffer.alloc(size);
  PDF.copy(content, 0, 0, Math.min(PDF.length, size));
  for (let index = PDF.length; index < size; index++) content[index] = (index * 31 + (index >> 8)) & 0xff;
  return content;
}

/** A PNG signature and a little more. */
export const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from("IHDR fake image body"),
]);

/** A Windows executable's "MZ" header: what a renamed executable holds, whatever its name says. */
export const RENAMED_EXECUTABLE = Buffer.concat([
  Buffer.from("MZ\u0090\u0000\u0003\u0000\u0000\u0000", "latin1"),
  Buffer.alloc(64, 0x41),
]);

/** A stored document's content, read back whole (tests only: the portal itself never does this). */
export async function readAll(chunks: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of chunks) parts.push(Buffer.from(chunk));
  return Buffer.concat(parts);
}
