import type { z } from "zod";

/**
 * A settlement folder that cannot be served. The message names the file and the path inside it,
 * so an operator can fix it without reading code; the server prints it and stops.
 */
export class SettlementConfigError extends Error {
  override name = "SettlementConfigError";
}

export function formatPath(path: ReadonlyArray<PropertyKey>): string {
  return path.length === 0 ? "(top level)" : path.map(String).join(".");
}

export function configErrorFromZod(file: string, error: z.ZodError): SettlementConfigError {
  const lines = error.issues.map((issue) => `  ${file}: at ${formatPath(issue.path)}: ${issue.message}`);
  return new SettlementConfigError(`Invalid settlement configuration:\n${lines.join("\n")}`);
}
