import { createServer, type Server } from "node:http";

/**
 * A stand-in for the captcha provider's siteverify endpoint (the only service off this machine),
 * as a real local HTTP server: tokens starting "pass" succeed, others fail; "down" answers 500.
 * It records what it was asked.
 */
export async function startFakeSiteverify(): Promise<{
  url: string;
  requests: URLSearchParams[];
  close: () => Promise<void>;
}> {
  const requests: URLSearchParams[] = [];
  const server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      const form = new URLSearchParams(body);
      requests.push(form);
      const token = form.get("response") ?? "";
      if (token === "down") {
        res.writeHead(500).end("unavailable");
        return;
      }
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end(
        JSON.stringify(
          token.startsWith("pass") ? { success: true } : { success: false, "error-codes": ["invalid-input-response"] },
        ),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${address.port}/siteverify`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
