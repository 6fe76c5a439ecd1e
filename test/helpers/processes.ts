import { type ChildProcess, type SpawnOptions, spawn } from "node:child_process";
import { fileURLToPath, pathToFileURL } from "node:url";

export const ROOT = fileURLToPath(new URL("../../", import.meta.url));
/**
 * `node --import tsx`, one process: the tsx CLI runs the script in a child and relays signals,
 * and when the child does not acknowledge a SIGTERM within 30 ms (a loaded machine) it kills the
 * child with SIGKILL and exits 143 — a graceful shutdown that never ran.
 */
const NODE_TSX = [process.execPath, "--import", pathToFileURL(`${ROOT}node_modules/tsx/dist/loader.mjs`).href] as const;

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `cloud-agents <args>` (server/main.ts) to completion with the given environment (and folder). */
export function runCli(args: string[], env: Record<string, string>, cwd: string = ROOT): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(NODE_TSX[0], [...NODE_TSX.slice(1), `${ROOT}server/main.ts`, ...args], {
      cwd,
      env: { ...process.env, ...env },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => {
      stdout += d.toString();
    });
    child.stderr.on("data", (d: Buffer) => {
      stderr += d.toString();
    });
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, stdout, stderr }));
  });
}

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  /** Everything the process printed on stdout so far. */
  stdout(): string;
  stderr(): string;
  /** Sends a signal and waits for the process to exit. */
  kill(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * Starts `cloud-agents serve` as a real process and resolves once it prints its URL. `spawnOptions`
 * can run it as another user (`uid`, `gid`).
 */
export function startServerProcess(
  env: Record<string, string>,
  timeoutMs = 20_000,
  spawnOptions: Pick<SpawnOptions, "uid" | "gid"> = {},
): Promise<ServerProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(NODE_TSX[0], [...NODE_TSX.slice(1), "server/main.ts", "serve"], {
      cwd: ROOT,
      env: { ...process.env, PORT: "0", LOG_LEVEL: "warn", ...env },
      ...spawnOptions,
    });
    let out = "";
    let err = "";
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`server did not start within ${timeoutMs} ms:\n${out}\n${err}`));
    }, timeoutMs);
    const exited = new Promise<number | null>((r) => child.once("exit", (code) => r(code)));
    child.stdout.on("data", (d: Buffer) => {
      out += d.toString();
      // The banner is a JSON log line: "msg":"Cloud Agents Service listening on http://..."
      const m = /listening on (http:\/\/[^\s"]+)/.exec(out);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve({
          child,
          url: m[1],
          stdout: () => out,
          stderr: () => err,
          kill: async (signal = "SIGTERM") => {
            if (child.exitCode === null && child.signalCode === null) child.kill(signal);
            return exited;
          },
        });
      }
    });
    child.stderr.on("data", (d: Buffer) => {
      err += d.toString();
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before listening:\n${out}\n${err}`));
    });
  });
}

export interface CliProcess {
  child: ChildProcess;
  /** The lines printed on stdout so far. */
  lines: string[];
  stderr(): string;
  /** Waits until `count` lines have been printed on stdout. */
  waitForLines(count: number, timeoutMs?: number): Promise<string[]>;
  /** Sends a signal and waits for the exit code. */
  kill(signal?: NodeJS.Signals): Promise<number | null>;
  exited: Promise<number | null>;
}

/** Starts a long-running `cloud-agents <args>` (server/main.ts) and reads its stdout line by line. */
export function spawnCli(args: string[], env: Record<string, string>): CliProcess {
  const child = spawn(NODE_TSX[0], [...NODE_TSX.slice(1), `${ROOT}server/main.ts`, ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
  });
  const lines: string[] = [];
  let partial = "";
  let err = "";
  child.stdout?.on("data", (d: Buffer) => {
    partial += d.toString();
    const parts = partial.split("\n");
    partial = parts.pop() ?? "";
    lines.push(...parts);
  });
  child.stderr?.on("data", (d: Buffer) => {
    err += d.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return {
    child,
    lines,
    stderr: () => err,
    exited,
    waitForLines(count, timeoutMs = 20_000) {
      return new Promise((resolve, reject) => {
        const deadline = Date.now() + timeoutMs;
        const check = () => {
          if (lines.length >= count) return resolve(lines);
          if (child.exitCode !== null)
            return reject(new Error(`exited ${child.exitCode}: ${lines.join("\n")}\n${err}`));
          if (Date.now() > deadline) {
            return reject(
              new Error(`${count} line(s) not printed within ${timeoutMs} ms:\n${lines.join("\n")}\n${err}`),
            );
          }
          setTimeout(check, 20);
        };
        check();
      });
    },
    async kill(signal = "SIGINT") {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}
