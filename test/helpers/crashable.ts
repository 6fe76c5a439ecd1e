/**
 * Real server processes that a test can SIGKILL (no shutdown code runs) and start again on the
 * same database file (with TEST_DATABASE=postgres: the PostgreSQL database kept under that file's
 * name, test/helpers/testDatabase.ts). Each runs in its own process group, so the kill reaches tsx and the server.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { resolve } from "node:path";
import { testDatabaseEnv } from "./testDatabase.ts";
import { waitFor } from "./testServer.ts";

const ROOT = resolve(import.meta.dirname, "../..");

const API = "/api/v1/cloud";

export interface CrashableServer {
  child: ChildProcess;
  url: string;
  output: () => string;
}

const running = new Set<ChildProcess>();

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) {
    try {
      process.kill(-child.pid, signal);
    } catch {
      // already gone
    }
  }
}

/** Starts `cloud-agents serve` on the database and resolves once it listens. */
export async function startCrashableServer(
  dbPath: string,
  token: string,
  env: Record<string, string> = {},
): Promise<CrashableServer> {
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts", "serve"], {
    cwd: ROOT,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      PORT: "0",
      ...(await testDatabaseEnv(dbPath)),
      CLOUD_AGENTS_BOOTSTRAP_TOKEN: token,
      LOG_LEVEL: "warn",
      ...env,
    },
  });
  running.add(child);
  let out = "";
  child.stdout?.on("data", (d: Buffer) => {
    out += d.toString();
  });
  child.stderr?.on("data", (d: Buffer) => {
    out += d.toString();
  });
  const url = await waitFor(
    () => /listening on (http:\/\/[^\s"]+)/.exec(out)?.[1] ?? (child.exitCode !== null ? "exited" : null),
    { timeoutMs: 20_000, what: "the server to listen" },
  );
  if (url === "exited") throw new Error(`the server exited: ${out}`);
  return { child, url, output: () => out };
}

/** SIGKILLs the server (or SIGTERMs it with `graceful`) and waits for it to exit. */
export async function killServer(server: CrashableServer, graceful = false): Promise<void> {
  const exited = new Promise<void>((done) => {
    if (server.child.exitCode !== null || server.child.signalCode !== null) done();
    else server.child.once("exit", () => done());
  });
  killGroup(server.child, graceful ? "SIGTERM" : "SIGKILL");
  await exited;
  running.delete(server.child);
}

/** Kills every server a test left running (call in afterEach/afterAll). */
export function killAllServers(): void {
  for (const child of running) killGroup(child, "SIGKILL");
  running.clear();
}

/** A JSON client for a server process; throws on 4xx/5xx. */
export function processClient(server: CrashableServer, token: string) {
  return async (method: string, path: string, body?: unknown): Promise<any> => {
    const res = await fetch(`${server.url}${API}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = await res.json();
    if (res.status >= 400) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
}
