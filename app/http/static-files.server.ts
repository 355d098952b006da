import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import type { NextFunction, Request, Response } from "express";

/** A file of the browser build, and the compressed copies the build made of it. */
interface StaticFile {
  /** Its path within the build's folder. */
  file: string;
  encodings: Array<"br" | "gzip">;
  /** Under /assets a file's name carries its content's hash: it never changes. */
  immutable: boolean;
}

const EXTENSION = { br: ".br", gzip: ".gz" } as const;

/**
 * The browser build's files (build/client), listed once at start-up: a page's address is not in
 * the list, so it costs no look at the disk (express.static stat'ed one for every page). A file
 * the build compressed (vite.config.ts) is sent as its Brotli or gzip copy when the browser takes
 * it, so the compression middleware passes it by rather than compressing it again per request.
 */
export function staticFiles(root: string) {
  const folder = path.resolve(root);
  const files = new Map<string, StaticFile>();
  for (const relative of readdirSync(root, { recursive: true, encoding: "utf8" })) {
    // Not the copies, not folders, nothing hidden (the build tool's own .vite folder).
    if (/\.(br|gz)$/.test(relative) || !path.extname(relative) || /(^|[\\/])\./.test(relative)) continue;
    const address = `/${relative.split(path.sep).join("/")}`;
    files.set(address, {
      file: relative,
      encodings: (["br", "gzip"] as const).filter((encoding) =>
        existsSync(path.join(root, relative + EXTENSION[encoding])),
      ),
      immutable: address.startsWith("/assets/"),
    });
  }

  return (req: Request, res: Response, next: NextFunction) => {
    const found = (req.method === "GET" || req.method === "HEAD") && files.get(req.path);
    if (!found) return next();
    let file = found.file;
    if (found.encodings.length) {
      res.vary("Accept-Encoding");
      // The smallest copy the browser takes: Brotli first, whatever order its header lists them in.
      const encoding = found.encodings.find((candidate) => req.acceptsEncodings(candidate) === candidate);
      if (encoding) {
        // The type is the original's: send() would take .gz for application/gzip.
        res.type(path.extname(found.file)).setHeader("Content-Encoding", encoding);
        file += EXTENSION[encoding];
      }
    }
    // Sent from the build's folder: its own path may hold a folder named with a dot (~/.local).
    res.sendFile(
      file,
      { root: folder, dotfiles: "allow", maxAge: found.immutable ? "1y" : "1h", immutable: found.immutable },
      (error?: NodeJS.ErrnoException) => {
        // As Express's own: a browser that went away is no error.
        if (error && error.code !== "ECONNABORTED" && error.syscall !== "write") next(error);
      },
    );
  };
}
