import { type ChildProcess, spawn } from "node:child_process";

/**
 * A bench server in a process of its own (the static file server, the framework floor): a script
 * that prints {"port": N} once it listens on 127.0.0.1. Stopped with SIGTERM.
 */
export async function startServerProcess(
  script: string,
  args: string[] = [],
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ url: string; process: ChildProcess; stop: () => void }> {
  const child = spawn(process.execPath, [script, ...args], { env, stdio: ["ignore", "pipe", "inherit"] });
  const port = await new Promise<number>((resolve) =>
    child.stdout!.once("data", (chunk: Buffer) => resolve(JSON.parse(chunk.toString()).port)),
  );
  return { url: `http://127.0.0.1:${port}`, process: child, stop: () => child.kill("SIGTERM") };
}
