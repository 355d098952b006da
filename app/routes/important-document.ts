import { createReadStream } from "node:fs";
import { Readable } from "node:stream";
import { getPortal } from "#app/settlement/portal.server.ts";
import type { Route } from "./+types/important-document";

/**
 * GET /documents/<file>: one of the settlement's important documents (settlement.json
 * importantDocuments), from the settlement folder's documents/. Only the files settlement.json
 * names are served, by the name checked at start-up: the address is never turned into a path.
 */
export function loader({ params }: Route.LoaderArgs) {
  const file = getPortal().importantDocumentFiles.get(params.file);
  if (!file)
    return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(Readable.toWeb(createReadStream(file.path)) as ReadableStream<Uint8Array>, {
    headers: {
      "Content-Type": file.mediaType,
      // Shown in the browser (a PDF reader), saved under its own name.
      "Content-Disposition": `inline; filename="${params.file}"`,
      // A settlement may replace a document with a corrected one (at a restart): kept an hour at most.
      "Cache-Control": "public, max-age=3600",
    },
  });
}
