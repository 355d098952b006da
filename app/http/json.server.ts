/** JSON API answers are never cached by browsers or proxies: they carry session state or change with time. */
export function json(body: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.set("Cache-Control", "no-store");
  return Response.json(body, { ...init, headers });
}

/**
 * A JSON body or part as a client wrote it. A number a double cannot hold exactly (an account
 * number past 2^53, 12345678901234567890.45), or written with an exponent (1e3), is kept as its
 * written text, a string, since the portal reads answers as the text a claimant typed and
 * JSON.parse would silently change it; a plain number that survives (2, 2.0, 1250.50) stays a
 * number. A lone surrogate escape ("\ud800", half a character) reads as U+FFFD, as a page's form
 * reads a broken byte: kept, it could be neither stored (PostgreSQL's jsonb refuses it) nor shown
 * as it was sent. Throws SyntaxError like JSON.parse.
 */
export function readJson(text: string): unknown {
  return JSON.parse(text, (_key, value: unknown, context?: { source?: string }) => {
    if (typeof value === "string") return value.toWellFormed();
    return typeof value === "number" && context?.source !== undefined && !heldExactly(value, context.source)
      ? context.source
      : value;
  });
}

/** Whether a number as written is a plain decimal (no exponent), the same number as the double read from it. */
function heldExactly(value: number, source: string): boolean {
  const plain = /^(-?)(\d+)(?:\.(\d+))?$/.exec(source);
  // 1e3, 9007199254740993e0: kept as written, and read as a claimant typing it would be (refused).
  if (!plain) return false;
  const [, sign, whole, fraction = ""] = plain;
  const digits = `${sign}${whole!.replace(/^0+(?=\d)/, "")}${fraction.replace(/0+$/, "") ? `.${fraction.replace(/0+$/, "")}` : ""}`;
  return String(value) === (digits === "-0" ? "0" : digits);
}
