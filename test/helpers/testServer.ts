import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Clock } from "../../server/clock.ts";
import { loadConfig } from "../../server/config/loadConfig.ts";
import { generateToken, hashToken, tokenHint } from "../../server/crypto/secretBox.ts";
import { createLogger, type LogRecord } from "../../server/logger.ts";
import { type RunningService, startService } from "../../server/service.ts";
import { BASE_PATH, specValidator } from "./specValidator.ts";
import { testDatabaseEnv } from "./testDatabase.ts";

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
 * Starts the real service in-process on port 0 with a fresh SQLite file (with TEST_DATABASE=postgres,
 * a fresh PostgreSQL database: test/helpers/testDatabase.ts). Every response that
 * `request` receives is checked against the spec; the server validates its responses too.
 */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const ownDir = !options.dataDir;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), "cas-test-"));
  const dbPath = join(dataDir, "cloud-agents.db");
  const token = `test_${randomBytes(16).toString("hex")}`;
  const config = loadConfig({
    PORT: "0",
    ...(await testDatabaseEnv(dbPath)),
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
    validateResponses: true,
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

/** Waits until `check` returns a truthy value (polling), or fails after `timeoutMs`. */
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
