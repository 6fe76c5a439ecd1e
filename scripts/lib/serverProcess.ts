/**
 * The one way to run `cloud-agents serve` as a real process, shared by the tests
 * (test/helpers/servers/server.ts adds the test database and token) and the scripts (the load run, the
 * delivery benchmark). The process runs the build, `node dist/launcher.js serve` (built and kept fresh
 * by scripts/lib/serverBundle.ts; CLOUD_AGENTS_FROM_SOURCE=1 runs server/main.ts through tsx's
 * loader instead). Either way its pid is the server itself: the launcher (server/launcher.ts) runs
 * the bundle in its own process with `vm.Script`, and tsx runs as a loader, not as the tsx CLI. So a
 * SIGKILL kills the server, not a wrapper that would leave it running, and a SIGTERM reaches the
 * server's own shutdown code (the tsx CLI kills a child that does not acknowledge a SIGTERM within
 * 30 ms).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { resolve } from "node:path";
import { cliCommand, ensureServerBundle } from "./serverBundle.ts";

export { cliCommand, ensureServerBundle, NODE_TSX, SERVER_MAIN } from "./serverBundle.ts";

/** The repository folder (no trailing slash). */
export const ROOT = resolve(import.meta.dirname, "../..");

/**
 * Polls `check` until it returns a truthy value, or fails after `timeoutMs` naming `what`. A check
 * that throws ends the wait with its error (e.g. "the process exited").
 */
export async function waitFor<T>(
  check: () => T | Promise<T>,
  { timeoutMs = 10_000, intervalMs = 10, what = "condition" } = {},
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

/** A TCP port that was free a moment ago (to restart a server on the same address). */
export function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.once("error", rej);
    s.listen(0, "127.0.0.1", () => {
      const address = s.address();
      const port = typeof address === "object" && address ? address.port : 0;
      s.close(() => res(port));
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  /** http://127.0.0.1:PORT, as the server's banner says. */
  url: string;
  port: number;
  /** What the process printed on stdout so far (the JSON log lines, the banner included). */
  stdout(): string;
  /** What it printed on stderr so far (the first start's token). */
  stderr(): string;
  /** stdout and stderr, interleaved as they arrived. */
  output(): string;
  /** The JSON log lines printed so far, parsed (stdout and stderr). */
  logs(): Record<string, unknown>[];
  /**
   * Sends a signal (SIGTERM by default) and resolves with the exit code once the process has exited
   * (null when a signal ended it). A `crashable` process gets it in its whole process group.
   */
  kill(signal?: NodeJS.Signals): Promise<number | null>;
}

export interface ServerProcessOptions {
  /** Over the inherited environment and the defaults (PORT, HOST=127.0.0.1, LOG_LEVEL=warn). */
  env?: Record<string, string>;
  /** A fixed port (to restart on the same address); by default any free one. */
  port?: number;
  /** Runs the server in its own process group, so that `kill` reaches everything it started. */
  crashable?: boolean;
  /** Extra node flags, e.g. `--cpu-prof`. */
  nodeArgs?: string[];
  /** How long to wait for the banner (30 s by default). */
  timeoutMs?: number;
  /** Run it as another user. */
  uid?: number;
  gid?: number;
}

const running = new Set<ServerProcess>();

/** Starts `cloud-agents serve` and resolves once it prints its banner (it listens then). */
export async function startServerProcess(options: ServerProcessOptions = {}): Promise<ServerProcess> {
  const timeoutMs = options.timeoutMs ?? 30_000;
  await ensureServerBundle();
  const [command, args] = cliCommand(["serve"], options.nodeArgs);
  const child = spawn(command, args, {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(options.port ?? 0),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
    detached: options.crashable === true,
    ...(options.uid !== undefined ? { uid: options.uid } : {}),
    ...(options.gid !== undefined ? { gid: options.gid } : {}),
  });
  let out = "";
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (d: Buffer) => {
    stdout += d.toString();
    out += d.toString();
  });
  child.stderr?.on("data", (d: Buffer) => {
    stderr += d.toString();
    out += d.toString();
  });
  const exited = new Promise<number | null>((res) => child.once("exit", (code) => res(code)));
  const gone = () => child.exitCode !== null || child.signalCode !== null;
  const signal = (sig: NodeJS.Signals) => {
    if (gone() || child.pid === undefined) return;
    try {
      if (options.crashable) process.kill(-child.pid, sig);
      else child.kill(sig);
    } catch {
      // already gone
    }
  };
  // The banner is a JSON log line: "msg":"Cloud Agents Service listening on http://..."
  const banner = /listening on (http:\/\/[^\s"]+)/;
  try {
    await waitFor(
      () => {
        if (banner.test(stdout)) return true;
        if (gone())
          throw new Error(`the server exited (${child.exitCode ?? child.signalCode}) before listening:\n${out}`);
        return false;
      },
      { timeoutMs, intervalMs: 20, what: "the server to listen" },
    );
  } catch (err) {
    signal("SIGKILL");
    const message = (err as Error).message;
    throw new Error(message.includes(out) ? message : `${message}; its output:\n${out}`);
  }
  const url = banner.exec(stdout)?.[1] as string;
  const server: ServerProcess = {
    child,
    url,
    port: Number(new URL(url).port),
    stdout: () => stdout,
    stderr: () => stderr,
    output: () => out,
    logs: () =>
      [...stdout.split("\n"), ...stderr.split("\n")]
        .filter((l) => l.startsWith("{"))
        .flatMap((l) => {
          try {
            return [JSON.parse(l) as Record<string, unknown>];
          } catch {
            return [];
          }
        }),
    async kill(sig = "SIGTERM") {
      signal(sig);
      const code = await exited;
      running.delete(server);
      return code;
    },
  };
  running.add(server);
  return server;
}

/** SIGKILLs every server process still running (call in afterAll/afterEach). */
export async function killAllServers(): Promise<void> {
  await Promise.all([...running].map((s) => s.kill("SIGKILL")));
}
