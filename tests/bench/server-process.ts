import { type ChildProcess, spawn } from "node:child_process";
import { createInterface } from "node:readline";

/**
 * A bench server in a process of its own (the static file server, the framework floor): a script
 * whose first line of output is {"port": N} once it listens on 127.0.0.1. What it writes after
 * (the floor's request log) is read and dropped by the line reader, so a full pipe never stalls
 * it. Stopped with SIGTERM.
 */
export async function startServerProcess(
  script: string,
  args: string[] = [],
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ url: string; process: ChildProcess; stop: () => void }> {
  const child = spawn(process.execPath, [script, ...args], { env, stdio: ["ignore", "pipe", "inherit"] });
  const lines = createInterface({ input: child.stdout! });
  const port = await new Promise<number>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`${script} exited (${code}) before it listened`)));
    lines.once("line", (line: string) => {
      const port = /^\{"port":\s*(\d+)\}$/.exec(line.trim())?.[1];
      if (port) resolve(Number(port));
      else reject(new Error(`${script} printed ${line} where its port was expected`));
    });
  });
  return { url: `http://127.0.0.1:${port}`, process: child, stop: () => child.kill("SIGTERM") };
}
