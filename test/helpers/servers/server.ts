/**
 * The one test harness for servers: `inProcess()` runs the service in the test's own process (a
 * fresh database, responses checked against the spec), `serverProcess()` runs `cloud-agents serve`
 * as a real process (`crashable: true` for one a test SIGKILLs and starts again on the same
 * database), `runCli`/`spawnCli` run other CLI commands. `ROOT` and `waitFor` are the only ones.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  cliCommand,
  ensureServerBundle,
  ROOT,
  type ServerProcess,
  type ServerProcessOptions,
  startServerProcess,
  waitFor,
} from "../../../scripts/lib/serverProcess.ts";
import type { Clock } from "../../../server/clock.ts";
import { loadConfig } from "../../../server/config/loadConfig.ts";
import { generateToken, hashToken, tokenHint } from "../../../server/crypto/secretBox.ts";
import type { ResponseValidatorsBySurface } from "../../../server/http/validation/validateResponse.ts";
import { createLogger, type LogRecord } from "../../../server/logger.ts";
import { type RunningService, startService } from "../../../server/service.ts";
import { BASE_PATH, specValidator } from "../spec/specValidator.ts";
import { testDatabaseEnv } from "./testDatabase.ts";

/** The response validators generated from each surface's document (generated/responseValidators.js, generated/v1/responseValidators.js). */
const RESPONSE_VALIDATORS: ResponseValidatorsBySurface = {
  cloud: () => import("../../../generated/responseValidators.js"),
  anthropic: () => import("../../../generated/v1/responseValidators.js"),
};

export { freePort, killAllServers, ROOT, type ServerProcess, waitFor } from "../../../scripts/lib/serverProcess.ts";

const API = "/api/v1/cloud";

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  /** The raw response text. */
  text: string;
}

export interface RequestOptions {
  /** A JSON value, serialized with Content-Type: application/json unless `contentType` says otherwise. */
  body?: unknown;
  /** A raw body sent as is (string, Buffer or FormData). */
  raw?: string | Buffer | FormData;
  contentType?: string | null;
  /** The bearer token; `null` sends no Authorization header. Defaults to the server's token. */
  token?: string | null;
  headers?: Record<string, string>;
}

export interface TestServer {
  url: string;
  /** The bootstrap token of account `default`. */
  token: string;
  dataDir: string;
  /** The SQLite file (with TEST_DATABASE=postgres: the name its PostgreSQL database is kept under). */
  dbPath: string;
  /** The server's DATABASE_URL (`sqlite:<dbPath>` or a PostgreSQL database's URL). */
  databaseUrl: string;
  service: RunningService;
  logs: LogRecord[];
  /** Calls the API under `/api/v1/cloud` and validates the response against the spec. */
  request<T = any>(method: string, path: string, options?: RequestOptions): Promise<ApiResponse<T>>;
  /** A token for a new (or existing) account. */
  tokenFor(account: string): Promise<string>;
  stop(): Promise<void>;
}

export interface TestServerOptions {
  clock?: Clock;
  env?: Record<string, string>;
  /** Keep the data folder after stop (for restart tests). */
  dataDir?: string;
}

/**
 * `inProcess`: starts the real service in this process on port 0 with a fresh SQLite file (with TEST_DATABASE=postgres,
 * a fresh PostgreSQL database: test/helpers/servers/testDatabase.ts). Every response that
 * `request` receives is checked against the spec; the server validates its responses too.
 */
export async function inProcess(options: TestServerOptions = {}): Promise<TestServer> {
  const ownDir = !options.dataDir;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), "cas-test-"));
  const dbPath = join(dataDir, "cloud-agents.db");
  const token = `test_${randomBytes(16).toString("hex")}`;
  const config = loadConfig({
    PORT: "0",
    ...(await testDatabaseEnv(dbPath)),
    // The data folder (workspaces) is the test's on PostgreSQL too, not ./data of the repository.
    DATA_DIR: dataDir,
    CLOUD_AGENTS_BOOTSTRAP_TOKEN: token,
    WEBHOOK_ALLOW_PRIVATE_TARGETS: "true",
    LOG_LEVEL: "debug",
    ...options.env,
  });
  const logs: LogRecord[] = [];
  const logger = createLogger(config.logLevel, (r) => logs.push(r));
  const service = await startService({
    config,
    logger,
    // Every response of both surfaces, against its document (the generated response validators).
    validateResponses: RESPONSE_VALIDATORS,
    ...(options.clock ? { clock: options.clock } : {}),
  });
  const validator = specValidator();

  async function request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...opts.headers };
    const auth = opts.token === undefined ? token : opts.token;
    if (auth !== null) headers.authorization = `Bearer ${auth}`;
    let body: string | Buffer | FormData | undefined;
    if (opts.raw !== undefined) body = opts.raw;
    else if (opts.body !== undefined) body = JSON.stringify(opts.body);
    if (body !== undefined && !(body instanceof FormData)) {
      const ct = opts.contentType === undefined ? "application/json" : opts.contentType;
      if (ct !== null) headers["content-type"] = ct;
    }
    const res = await fetch(`${service.url}${BASE_PATH}${path}`, { method, headers, body, redirect: "manual" });
    const text = await res.text();
    const contentType = res.headers.get("content-type");
    const parsed = contentType?.includes("application/json") && text ? JSON.parse(text) : text;
    if (!res.headers.get("request-id")?.startsWith("req_")) {
      throw new Error(`${method} ${path} answered without a Request-Id header`);
    }
    const documented = validator.validate(
      method,
      path,
      res.status,
      contentType,
      res.status === 204 ? undefined : parsed,
    );
    // Only a route the spec does not have may escape validation, and it must then be refused.
    if (!documented && res.status !== 404 && res.status !== 405) {
      throw new Error(`${method} ${path} is not in the spec but answered ${res.status}`);
    }
    return { status: res.status, headers: res.headers, body: parsed as T, text };
  }

  return {
    url: service.url,
    token,
    dataDir,
    dbPath,
    databaseUrl: config.databaseUrl,
    service,
    logs,
    request,
    async tokenFor(account) {
      const storage = service.deps.storage;
      const acct = await storage.accounts.ensureAccount(account);
      const t = generateToken();
      await storage.accounts.createToken(acct.id, hashToken(t), tokenHint(t));
      return t;
    },
    async stop() {
      await service.stop();
      if (ownDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Asserts the error envelope shape and returns the error object. */
export function expectError(
  res: ApiResponse,
  status: number,
  type: string,
): { type: string; message: string; param?: string } {
  if (res.status !== status || res.body?.type !== "error" || res.body?.error?.type !== type) {
    throw new Error(`expected ${status} ${type}, got ${res.status} ${res.text.slice(0, 500)}`);
  }
  if (!String(res.body.request_id).startsWith("req_") || res.body.request_id !== res.headers.get("request-id")) {
    throw new Error(`error envelope request_id does not match the Request-Id header: ${res.text}`);
  }
  return res.body.error;
}

export interface ServerProcessTestOptions extends ServerProcessOptions {
  /**
   * The server's database: this SQLite file, or with TEST_DATABASE=postgres the PostgreSQL database
   * kept under its name (test/helpers/servers/testDatabase.ts). Without it, `env` says (DATABASE_URL) or the
   * server's default applies.
   */
  dbPath?: string;
  /** The bootstrap token of account `default` (CLOUD_AGENTS_BOOTSTRAP_TOKEN). */
  token?: string;
}

/**
 * `serverProcess`: starts `cloud-agents serve` as a real process and resolves once it listens
 * (scripts/lib/serverProcess.ts). `killAllServers()` in afterAll/afterEach ends whatever a test left.
 */
export async function serverProcess(options: ServerProcessTestOptions = {}): Promise<ServerProcess> {
  const { dbPath, token, env, ...rest } = options;
  return startServerProcess({
    ...rest,
    env: {
      ...(dbPath && !env?.DATABASE_URL ? await testDatabaseEnv(dbPath) : {}),
      ...(token ? { CLOUD_AGENTS_BOOTSTRAP_TOKEN: token } : {}),
      ...env,
    },
  });
}

/** A JSON client for a server process; throws on 4xx/5xx. */
export function processClient(server: { url: string }, token: string) {
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

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `cloud-agents <args>` to completion with the given environment (and folder): the build,
 * `node dist/launcher.js <args>` (scripts/lib/serverBundle.ts; CLOUD_AGENTS_FROM_SOURCE=1: server/main.ts).
 */
export async function runCli(args: string[], env: Record<string, string>, cwd: string = ROOT): Promise<CliResult> {
  await ensureServerBundle();
  const [command, argv] = cliCommand(args);
  return new Promise((resolve, reject) => {
    const child = spawn(command, argv, {
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

/** Starts a long-running `cloud-agents <args>` (as `runCli` does) and reads its stdout line by line. */
export async function spawnCli(args: string[], env: Record<string, string>): Promise<CliProcess> {
  await ensureServerBundle();
  const [command, argv] = cliCommand(args);
  const child = spawn(command, argv, {
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

/**
 * Waits until the background worker `name` of an in-process server has ended `passes` good passes
 * after this call (two by default: the first may have begun before it). A worker's passes run one
 * after another, so by then it has acted on the state as it is now: what a test asserts did NOT
 * happen (a delivery not yet due, a queued run not started) had its chance to happen.
 */
export async function workerPasses(server: TestServer, name: string, passes = 2, timeoutMs = 10_000): Promise<void> {
  const worker = server.service.workers.find((w) => w.name === name);
  if (!worker) throw new Error(`no background worker named ${name}`);
  const seen = new Set<number>();
  const since = worker.health().lastPassAt;
  await waitFor(
    () => {
      const at = worker.health().lastPassAt;
      if (at !== null && at !== since) seen.add(at);
      return seen.size >= passes;
    },
    { timeoutMs, intervalMs: 1, what: `${passes} passes of the ${name} worker` },
  );
}
