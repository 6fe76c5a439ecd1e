import { fileURLToPath } from "node:url";
import type { LogLevel } from "./logger.ts";

/** The vendor skills shipped with the server, found from the package root wherever it is started. */
const DEFAULT_VENDOR_SKILLS_DIR = fileURLToPath(new URL("../vendor-skills", import.meta.url));

/** The validated configuration of one server process. Loaded once at start-up and passed in. */
export interface Config {
  host: string;
  port: number;
  /** `sqlite:<path>` or `sqlite::memory:`. */
  databaseUrl: string;
  /** Where the SQLite file and the generated secret key live. */
  dataDir: string;
  /** 32-byte AES key for secrets at rest; null means "read or generate `<dataDir>/secret.key`". */
  secretKey: Buffer | null;
  bootstrapToken: string | null;
  logLevel: LogLevel;
  vendorSkillsDir: string;
  maxBodyBytes: number;
  maxUploadBytes: number;
  webhook: WebhookConfig;
  runs: RunConfig;
  http: HttpConfig;
  eventLoop: EventLoopConfig;
  sqlite: SqliteConfig;
}

/** How the server's SQLite connection waits for locks and checkpoints its WAL. */
export interface SqliteConfig {
  /** The longest a statement blocks the event loop waiting for another connection's lock. */
  busyTimeoutMs: number;
  /** How long a request waits (without blocking) for the write lock before a 503. */
  busyWaitMs: number;
  /** How often the WAL is checkpointed, on a worker thread. */
  checkpointIntervalMs: number;
}

/** Bounds on the HTTP layer, so that a slow or silent client cannot hold a socket for long. */
export interface HttpConfig {
  /** Time allowed to receive the request headers. */
  headersTimeoutMs: number;
  /** Time allowed to receive the whole request (headers and body). */
  requestTimeoutMs: number;
  /** How long an idle keep-alive connection stays open. */
  keepAliveTimeoutMs: number;
  /** Requests are served in arrival order, this many milliseconds of work at a time (0: as Node reads them). */
  queueSliceMs: number;
}

/** The event-loop delay watch (server/eventLoopMonitor.ts). */
export interface EventLoopConfig {
  /** Log `event loop delay` at warn when the loop was blocked longer than this in a window. */
  warnMs: number;
  windowMs: number;
}

/** The agent run worker (server/runtime/worker.ts). */
export interface RunConfig {
  /** How long the built-in echo runtime waits before answering (tests use it to have a run in flight). */
  echoDelayMs: number;
  /** How long a claimed run stays leased without a heartbeat before it counts as abandoned. */
  leaseMs: number;
  /** Executions of one run at most: a run interrupted by a crash is re-run until this many attempts. */
  maxAttempts: number;
  /** Runs executed at once (different sessions). */
  concurrency: number;
  /** How often the worker looks for expired leases and queued runs when nothing notifies it. */
  pollIntervalMs: number;
  /** How long shutdown waits for aborted runs to wind down; leftovers are recovered on the next start. */
  shutdownGraceMs: number;
}

/** The delivery policy is data, not code (STYLE.md). */
export interface WebhookConfig {
  timeoutMs: number;
  retryBaseMs: number;
  retryFactor: number;
  /** Relative jitter applied to every backoff, e.g. 0.1 for ±10 %. */
  retryJitter: number;
  maxAttempts: number;
  degradedThreshold: number;
  allowPrivateTargets: boolean;
  /** Attempts in flight at once, overall. */
  concurrency: number;
  /** Attempts in flight at once for one endpoint. */
  endpointConcurrency: number;
  /** How long a claimed record stays leased before another worker may take it. */
  leaseMs: number;
  /** How often the loop looks for due records when nothing notifies it. */
  pollIntervalMs: number;
  /** How long shutdown waits for in-flight attempts. */
  shutdownGraceMs: number;
}

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(`Invalid configuration: ${variable} ${message}`);
    this.name = "ConfigError";
  }
}

type Env = Record<string, string | undefined>;

function int(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  if (!/^\d+$/.test(raw.trim())) throw new ConfigError(name, `must be a whole number, got "${raw}"`);
  const n = Number(raw.trim());
  if (n < min || n > max) throw new ConfigError(name, `must be between ${min} and ${max}, got ${n}`);
  return n;
}

function num(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const n = Number(raw.trim());
  if (!Number.isFinite(n)) throw new ConfigError(name, `must be a number, got "${raw}"`);
  if (n < min || n > max) throw new ConfigError(name, `must be between ${min} and ${max}, got ${n}`);
  return n;
}

function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  if (raw === "true") return true;
  if (raw === "false") return false;
  throw new ConfigError(name, `must be "true" or "false", got "${raw}"`);
}

const LOG_LEVELS: readonly LogLevel[] = ["debug", "info", "warn", "error", "silent"];

/**
 * Defaults, then the environment, then validation. Throws ConfigError naming the variable.
 */
export function loadConfig(env: Env): Config {
  const host = env.HOST?.trim() || "127.0.0.1";
  const port = int(env, "PORT", 8080, 0, 65535);

  const databaseUrl = env.DATABASE_URL?.trim() || "sqlite:./data/cloud-agents.db";
  if (!databaseUrl.startsWith("sqlite:") || databaseUrl === "sqlite:") {
    throw new ConfigError("DATABASE_URL", `must be "sqlite:<path>" or "sqlite::memory:", got "${databaseUrl}"`);
  }
  const dbPath = databaseUrl.slice("sqlite:".length);
  const dataDir =
    env.DATA_DIR?.trim() ||
    (dbPath === ":memory:" ? "./data" : dbPath.includes("/") ? dbPath.slice(0, dbPath.lastIndexOf("/")) || "/" : ".");

  let secretKey: Buffer | null = null;
  const rawKey = env.CLOUD_AGENTS_SECRET_KEY?.trim();
  if (rawKey) {
    secretKey = /^[A-Za-z0-9+/_-]+={0,2}$/.test(rawKey) ? Buffer.from(rawKey, "base64") : Buffer.alloc(0);
    if (secretKey.length !== 32) {
      throw new ConfigError(
        "CLOUD_AGENTS_SECRET_KEY",
        "must be 32 bytes encoded as base64 (generate one with: openssl rand -base64 32)",
      );
    }
  }

  const bootstrapToken = env.CLOUD_AGENTS_BOOTSTRAP_TOKEN?.trim() || null;
  if (bootstrapToken !== null && !/^[A-Za-z0-9_\-.]{16,256}$/.test(bootstrapToken)) {
    throw new ConfigError(
      "CLOUD_AGENTS_BOOTSTRAP_TOKEN",
      "must be 16 to 256 characters of letters, digits, '_', '-' or '.'",
    );
  }

  const logLevel = (env.LOG_LEVEL?.trim() || "info") as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError("LOG_LEVEL", `must be one of ${LOG_LEVELS.join(", ")}, got "${logLevel}"`);
  }

  const timeoutMs = int(env, "WEBHOOK_TIMEOUT_MS", 10_000, 100, 120_000);
  const webhook: WebhookConfig = {
    timeoutMs,
    retryBaseMs: int(env, "WEBHOOK_RETRY_BASE_MS", 60_000, 1, 86_400_000),
    retryFactor: num(env, "WEBHOOK_RETRY_FACTOR", 10, 1, 1000),
    retryJitter: num(env, "WEBHOOK_RETRY_JITTER", 0.1, 0, 0.5),
    maxAttempts: 4,
    degradedThreshold: int(env, "WEBHOOK_DEGRADED_THRESHOLD", 20, 1, 1_000_000),
    allowPrivateTargets: bool(env, "WEBHOOK_ALLOW_PRIVATE_TARGETS", false),
    concurrency: int(env, "WEBHOOK_CONCURRENCY", 64, 1, 4096),
    endpointConcurrency: int(env, "WEBHOOK_ENDPOINT_CONCURRENCY", 8, 1, 1024),
    leaseMs: int(env, "WEBHOOK_LEASE_MS", Math.max(30_000, timeoutMs * 3), timeoutMs + 1000, 3_600_000),
    pollIntervalMs: int(env, "WEBHOOK_POLL_INTERVAL_MS", 1000, 10, 60_000),
    shutdownGraceMs: int(env, "WEBHOOK_SHUTDOWN_GRACE_MS", 10_000, 0, 600_000),
  };

  const runs: RunConfig = {
    echoDelayMs: int(env, "ECHO_RUNTIME_DELAY_MS", 0, 0, 3_600_000),
    leaseMs: int(env, "RUN_LEASE_MS", 60_000, 1000, 3_600_000),
    maxAttempts: int(env, "RUN_MAX_ATTEMPTS", 2, 1, 100),
    concurrency: int(env, "RUN_CONCURRENCY", 4, 1, 256),
    pollIntervalMs: int(env, "RUN_POLL_INTERVAL_MS", 1000, 10, 60_000),
    shutdownGraceMs: int(env, "RUN_SHUTDOWN_GRACE_MS", 10_000, 0, 600_000),
  };

  const headersTimeoutMs = int(env, "HTTP_HEADERS_TIMEOUT_MS", 10_000, 100, 600_000);
  const http: HttpConfig = {
    headersTimeoutMs,
    // Node requires the request timeout to be at least the headers timeout.
    requestTimeoutMs: int(env, "HTTP_REQUEST_TIMEOUT_MS", 60_000, headersTimeoutMs, 3_600_000),
    keepAliveTimeoutMs: int(env, "HTTP_KEEP_ALIVE_TIMEOUT_MS", 5_000, 100, 600_000),
    queueSliceMs: int(env, "HTTP_QUEUE_SLICE_MS", 5, 0, 1_000),
  };
  const eventLoop: EventLoopConfig = {
    warnMs: int(env, "EVENT_LOOP_WARN_MS", 200, 1, 600_000),
    windowMs: int(env, "EVENT_LOOP_WINDOW_MS", 1_000, 100, 600_000),
  };

  const sqlite: SqliteConfig = {
    busyTimeoutMs: int(env, "SQLITE_BUSY_TIMEOUT_MS", 20, 0, 5_000),
    busyWaitMs: int(env, "SQLITE_BUSY_WAIT_MS", 5_000, 0, 120_000),
    checkpointIntervalMs: int(env, "SQLITE_CHECKPOINT_INTERVAL_MS", 1_000, 20, 600_000),
  };

  return {
    host,
    port,
    databaseUrl,
    dataDir,
    secretKey,
    bootstrapToken,
    logLevel,
    vendorSkillsDir: env.VENDOR_SKILLS_DIR?.trim() || DEFAULT_VENDOR_SKILLS_DIR,
    maxBodyBytes: int(env, "MAX_BODY_BYTES", 1024 * 1024, 1024, 64 * 1024 * 1024),
    maxUploadBytes: int(env, "MAX_UPLOAD_BYTES", 8 * 1024 * 1024, 1024, 256 * 1024 * 1024),
    webhook,
    runs,
    http,
    eventLoop,
    sqlite,
  };
}
