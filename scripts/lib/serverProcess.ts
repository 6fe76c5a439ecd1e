/**
 * Starts `cloud-agents serve` as a real process (node with tsx as a loader, so the pid is the
 * server itself and a SIGKILL kills the server, not a wrapper) on a given data folder.
 * Used by the load run, the crash drill and the reliability tests. In the test suite with
 * TEST_DATABASE=postgres, a data folder's database is a fresh PostgreSQL database instead of its
 * SQLite file (test/helpers/testDatabase.ts), unless `env` names a DATABASE_URL.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { join, resolve } from "node:path";

export const ROOT = resolve(import.meta.dirname, "../..");
const SERVER_ARGS = ["--import", "tsx", "server/main.ts", "serve"];

export interface ServerProcess {
  child: ChildProcess;
  /** http://127.0.0.1:PORT */
  base: string;
  port: number;
  /** Everything the process printed (stdout and stderr) so far. */
  output(): string;
  /** The JSON log lines printed so far, parsed (the logger writes to stdout; stderr is read too). */
  logs(): Record<string, unknown>[];
  /** Sends a signal and resolves once the process has exited. */
  kill(signal?: NodeJS.Signals): Promise<void>;
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

export interface SpawnOptions {
  dataDir: string;
  token: string;
  port?: number;
  env?: Record<string, string>;
  /** Extra node flags, e.g. `--cpu-prof`. */
  nodeArgs?: string[];
  timeoutMs?: number;
}

/** DATABASE_URL (and on PostgreSQL the shared CLOUD_AGENTS_SECRET_KEY) of a data folder's database. */
async function databaseEnv(dataDir: string): Promise<Record<string, string>> {
  const dbPath = join(dataDir, "db.sqlite");
  if (process.env.TEST_DATABASE !== "postgres") return { DATABASE_URL: `sqlite:${dbPath}` };
  // Only a vitest worker can create one (the test PostgreSQL server is the run's globalSetup).
  const { testDatabaseEnv } = await import("../../test/helpers/testDatabase.ts");
  return testDatabaseEnv(dbPath);
}

/** Spawns the server and resolves once `/healthz` answers. */
export async function spawnServer(options: SpawnOptions): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const database = options.env?.DATABASE_URL ? {} : await databaseEnv(options.dataDir);
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), ...SERVER_ARGS], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      ...database,
      CLOUD_AGENTS_BOOTSTRAP_TOKEN: options.token,
      WEBHOOK_ALLOW_PRIVATE_TARGETS: "true",
      LOG_LEVEL: "warn",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let stdout = "";
  let err = "";
  child.stdout?.on("data", (d: Buffer) => {
    stdout += d.toString();
    out += d.toString();
  });
  child.stderr?.on("data", (d: Buffer) => {
    err += d.toString();
    out += d.toString();
  });
  const exited = new Promise<void>((res) => child.once("exit", () => res()));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.timeoutMs ?? 30_000);
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited early:\n${out}`);
    const ok = await fetch(`${base}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server did not listen within ${options.timeoutMs ?? 30_000} ms:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    child,
    base,
    port,
    output: () => out,
    logs: () =>
      [...stdout.split("\n"), ...err.split("\n")]
        .filter((l) => l.startsWith("{"))
        .flatMap((l) => {
          try {
            return [JSON.parse(l) as Record<string, unknown>];
          } catch {
            return [];
          }
        }),
    async kill(signal = "SIGTERM") {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}
