import { createServer } from "node:net";
import { SMTPServer } from "smtp-server";

/** A message as the test SMTP server received it: its envelope, headers and decoded text. */
export interface ReceivedEmail {
  from: string;
  to: string[];
  /** Header names in lower case, values unfolded and decoded. */
  headers: Record<string, string>;
  subject: string;
  text: string;
}

export interface TestSmtp {
  port: number;
  /** SMTP_URL for the portal: with the credentials the server asks for. */
  url: string;
  received: ReceivedEmail[];
  /** Starts taking connections (again, on the same port). */
  start(): Promise<void>;
  /** Stops taking connections: the portal's sender then finds nothing there. */
  stop(): Promise<void>;
  /**
   * Holds the answer to the next message's data until `release` is called: the portal is then
   * mid-send. Resolves `arrived` once that message's data is in.
   */
  hold(): { arrived: Promise<void>; release: () => void };
  /** Waits until `count` messages matching `match` arrived (a bounded wait), and returns them. */
  waitFor(count: number, match?: (email: ReceivedEmail) => boolean): Promise<ReceivedEmail[]>;
}

const USER = "portal";
const PASSWORD = "s3cret:pass";

/** A free loopback port, for a server that is not listening yet (the SMTP server "down"). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * A real SMTP server (smtp-server) on a loopback port, asking for the credentials in its URL, as
 * the portal meets one in production; without STARTTLS (a loopback test needs no certificate).
 * Started at once unless `down`.
 */
export async function testSmtp({ down = false } = {}): Promise<TestSmtp> {
  const port = await freePort();
  const received: ReceivedEmail[] = [];
  let server: SMTPServer | undefined;
  let held: { arrived: () => void; released: Promise<void> } | undefined;
  const start = async () => {
    server = new SMTPServer({
      disabledCommands: ["STARTTLS"],
      allowInsecureAuth: true,
      logger: false,
      onAuth(auth, _session, callback) {
        if (auth.username === USER && auth.password === PASSWORD) callback(null, { user: USER });
        else callback(new Error("Invalid username or password"));
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", async () => {
          const holding = held;
          held = undefined;
          if (holding) {
            holding.arrived();
            await holding.released;
          }
          received.push(
            parseEmail(
              Buffer.concat(chunks).toString("latin1"),
              session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
              session.envelope.rcptTo.map((to) => to.address),
            ),
          );
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server!.once("error", reject);
      server!.listen(port, "127.0.0.1", () => resolve());
    });
  };
  if (!down) await start();
  return {
    port,
    url: `smtp://${USER}:${encodeURIComponent(PASSWORD)}@127.0.0.1:${port}`,
    received,
    start,
    async stop() {
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
      server = undefined;
    },
    hold() {
      let arrived!: () => void;
      let release!: () => void;
      const arrival = new Promise<void>((resolve) => {
        arrived = resolve;
      });
      held = { arrived, released: new Promise<void>((resolve) => (release = resolve)) };
      return { arrived: arrival, release };
    },
    async waitFor(count, match = () => true) {
      for (let tries = 0; tries < 300; tries++) {
        const matching = received.filter(match);
        if (matching.length >= count) return matching;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`${count} e-mail(s) did not arrive; received: ${JSON.stringify(received, null, 2)}`);
    },
  };
}

/** A raw message (RFC 5322, as nodemailer writes a plain text one) read: headers and body decoded. */
function parseEmail(raw: string, from: string, to: string[]): ReceivedEmail {
  const split = raw.indexOf("\r\n\r\n");
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, " ");
  const headers: Record<string, string> = {};
  for (const line of head.split("\r\n")) {
    const colon = line.indexOf(":");
    headers[line.slice(0, colon).toLowerCase()] = decodeWords(line.slice(colon + 1).trim());
  }
  const body = raw.slice(split + 4);
  const encoding = (headers["content-transfer-encoding"] ?? "7bit").toLowerCase();
  const bytes =
    encoding === "quoted-printable"
      ? quotedPrintable(body)
      : encoding === "base64"
        ? Buffer.from(body, "base64")
        : Buffer.from(body, "latin1");
  return { from, to, headers, subject: headers.subject ?? "", text: bytes.toString("utf8").replace(/\r\n/g, "\n") };
}

function quotedPrintable(text: string): Buffer {
  const joined = text.replace(/=\r\n/g, "");
  const bytes: number[] = [];
  for (let index = 0; index < joined.length; index++) {
    const hex = joined.slice(index + 1, index + 3);
    if (joined[index] === "=" && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      index += 2;
    } else bytes.push(joined.charCodeAt(index));
  }
  return Buffer.from(bytes);
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= and =?UTF-8?B?…?=), as a subject with accents comes. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_word, kind: string, data: string) =>
      kind.toUpperCase() === "B"
        ? Buffer.from(data, "base64").toString("utf8")
        : quotedPrintable(data.replace(/_/g, " ")).toString("utf8"),
    );
}
