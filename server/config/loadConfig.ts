import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { isAbsolute } from "node:path";
import { fileURLToPath } from "node:url";
import type { LogLevel } from "../logger.ts";
import type {
  Config,
  EventLoopConfig,
  FilesConfig,
  HttpConfig,
  PackagesConfig,
  PostgresConfig,
  RetentionConfig,
  RunConfig,
  RuntimesConfig,
  SandboxConfig,
  SchedulerConfig,
  SqliteConfig,
  StreamsConfig,
  WebhookConfig,
} from "./sections.ts";

/** The vendor skills shipped with the server, found from the package root wherever it is started. */
const DEFAULT_VENDOR_SKILLS_DIR = fileURLToPath(new URL("../../vendor-skills", import.meta.url));

import { type PriceTable, parsePriceTable } from "./prices.ts";

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

const DEFAULT_RETENTION_CRON = "0 * * * *";

/**
 * node-cron, which schedules the retention job, checks an operator's RETENTION_CRON: loaded only
 * then (the default needs no check), as its module takes 4-8 ms to load at start.
 */
function nodeCron(): typeof import("node-cron").default {
  return createRequire(import.meta.url)("node-cron") as typeof import("node-cron").default;
}

function str(env: Env, name: string): string | undefined {
  const raw = env[name]?.trim();
  return raw ? raw : undefined;
}

/** `CORS_ORIGINS`: `*`, or comma-separated origins such as `https://app.example.com,http://localhost:3000`. */
function origins(env: Env): string[] {
  const raw = str(env, "CORS_ORIGINS");
  if (!raw) return [];
  const list = raw
    .split(",")
    .map((o) => o.trim())
    .filter(Boolean);
  for (const origin of list) {
    if (origin === "*") continue;
    let parsed: URL | null = null;
    try {
      parsed = new URL(origin);
    } catch {
      parsed = null;
    }
    if (!parsed || !/^https?:$/.test(parsed.protocol) || parsed.origin !== origin) {
      throw new ConfigError(
        "CORS_ORIGINS",
        `must be "*" or comma-separated origins like https://app.example.com (scheme, host and optional port, no path or trailing slash), got "${origin}"`,
      );
    }
  }
  if (list.includes("*") && list.length > 1)
    throw new ConfigError("CORS_ORIGINS", `"*" cannot be combined with origins`);
  return list;
}

/** An optional http(s) base URL variable. */
function baseUrl(env: Env, name: string): string | null {
  const raw = str(env, name);
  if (!raw) return null;
  let parsed: URL | null = null;
  try {
    parsed = new URL(raw);
  } catch {
    parsed = null;
  }
  if (!parsed || !/^https?:$/.test(parsed.protocol)) {
    throw new ConfigError(name, `must be an http or https URL such as http://127.0.0.1:11434/v1, got "${raw}"`);
  }
  return raw.replace(/\/+$/, "");
}

function runtimesConfig(env: Env, webhookAllowsPrivate: boolean): RuntimesConfig {
  const anthropicKey = str(env, "ANTHROPIC_API_KEY");
  const anthropicBase = baseUrl(env, "ANTHROPIC_BASE_URL");
  const openaiKey = str(env, "OPENAI_API_KEY") ?? null;
  const openaiBase = baseUrl(env, "OPENAI_BASE_URL");
  return {
    anthropic: anthropicKey ? { apiKey: anthropicKey, baseUrl: anthropicBase } : null,
    openai: openaiKey || openaiBase ? { apiKey: openaiKey, baseUrl: openaiBase } : null,
    anthropicMaxTokens: int(env, "ANTHROPIC_MAX_TOKENS", 4096, 1, 1_000_000),
    maxToolRounds: int(env, "RUN_MAX_TOOL_ROUNDS", 20, 1, 1000),
    providerMaxRetries: int(env, "RUN_PROVIDER_MAX_RETRIES", 4, 0, 20),
    providerRetryBaseMs: int(env, "RUN_PROVIDER_RETRY_BASE_MS", 1000, 1, 600_000),
    providerRetryMaxMs: int(env, "RUN_PROVIDER_RETRY_MAX_MS", 60_000, 1, 3_600_000),
    providerTimeoutMs: int(env, "RUN_PROVIDER_TIMEOUT_MS", 600_000, 1000, 3_600_000),
    mcpTimeoutMs: int(env, "MCP_TIMEOUT_MS", 60_000, 100, 3_600_000),
    historyLimit: int(env, "RUN_HISTORY_LIMIT", 1000, 1, 100_000),
    allowPrivateTargets: bool(env, "MCP_ALLOW_PRIVATE_TARGETS", webhookAllowsPrivate),
    outcomeGraderModel: graderModel(env, !!anthropicKey, !!(openaiKey || openaiBase)),
    anthropicThinkingBudget: thinkingBudget(env),
    prices: priceTable(env),
    webSearch: {
      url: baseUrl(env, "WEB_SEARCH_URL"),
      maxResults: int(env, "WEB_SEARCH_MAX_RESULTS", 10, 1, 100),
      timeoutMs: int(env, "WEB_SEARCH_TIMEOUT_MS", 15_000, 100, 600_000),
    },
  };
}

/** OUTCOME_GRADER_MODEL: a model a configured runtime serves (the echo runtime cannot grade). */
function graderModel(env: Env, anthropic: boolean, openai: boolean): string | null {
  const model = str(env, "OUTCOME_GRADER_MODEL");
  if (!model) return null;
  if (model.startsWith("claude-") && model.length > 7) {
    if (!anthropic) throw new ConfigError("OUTCOME_GRADER_MODEL", `names ${model}, but ANTHROPIC_API_KEY is not set`);
    return model;
  }
  if (model.startsWith("openai/") && model.length > 7) {
    if (!openai)
      throw new ConfigError(
        "OUTCOME_GRADER_MODEL",
        `names ${model}, but neither OPENAI_BASE_URL nor OPENAI_API_KEY is set`,
      );
    return model;
  }
  throw new ConfigError("OUTCOME_GRADER_MODEL", `must be a claude-* or openai/<model> model name, got "${model}"`);
}

/** ANTHROPIC_THINKING_BUDGET_TOKENS: 0 (off), or 1024 and more, below ANTHROPIC_MAX_TOKENS (the API's rules). */
function thinkingBudget(env: Env): number {
  const budget = int(env, "ANTHROPIC_THINKING_BUDGET_TOKENS", 0, 0, 1_000_000);
  if (budget === 0) return 0;
  if (budget < 1024)
    throw new ConfigError("ANTHROPIC_THINKING_BUDGET_TOKENS", `must be 0 (off) or at least 1024, got ${budget}`);
  const max = int(env, "ANTHROPIC_MAX_TOKENS", 4096, 1, 1_000_000);
  if (budget >= max)
    throw new ConfigError(
      "ANTHROPIC_THINKING_BUDGET_TOKENS",
      `must be below ANTHROPIC_MAX_TOKENS (${max}), got ${budget}`,
    );
  return budget;
}

function priceTable(env: Env): PriceTable {
  const table = parsePriceTable(env.MODEL_PRICES);
  if ("problem" in table) throw new ConfigError("MODEL_PRICES", table.problem);
  return table;
}

function sandboxConfig(env: Env, allowPrivate: boolean): SandboxConfig {
  const mode = str(env, "SANDBOX") ?? "auto";
  if (mode !== "auto" && mode !== "bubblewrap" && mode !== "off") {
    throw new ConfigError("SANDBOX", `must be "auto", "bubblewrap" or "off", got "${mode}"`);
  }
  const maxTimeoutMs = int(env, "SANDBOX_MAX_TIMEOUT_MS", 600_000, 1000, 86_400_000);
  // Far above system (<1000), login (<60000) and the usual subordinate ranges (100000 + 65536 n).
  const uidBase = int(env, "SANDBOX_UID_BASE", 1_000_000_000, 1000, 4_000_000_000);
  const uidCount = int(env, "SANDBOX_UID_COUNT", 65_536, 1, 16_777_216);
  // (uid_t)-1 and -2 mean "no change" and the overflow uid: the range must stay below them.
  if (uidBase + uidCount > 4_294_967_294) {
    throw new ConfigError("SANDBOX_UID_COUNT", `SANDBOX_UID_BASE + SANDBOX_UID_COUNT must not exceed 4294967294`);
  }
  return {
    mode,
    defaultTimeoutMs: Math.min(int(env, "SANDBOX_TIMEOUT_MS", 120_000, 100, 86_400_000), maxTimeoutMs),
    maxTimeoutMs,
    workspaceMaxBytes: int(env, "SANDBOX_WORKSPACE_MAX_BYTES", 1024 ** 3, 1024, 2 ** 50),
    memoryMaxBytes: int(env, "SANDBOX_MEMORY_MAX_BYTES", 2 * 1024 ** 3, 16 * 1024 ** 2, 2 ** 50),
    maxProcesses: int(env, "SANDBOX_MAX_PROCESSES", 256, 8, 65_536),
    snapshotMaxBytes: int(env, "SANDBOX_SNAPSHOT_MAX_BYTES", 100 * 1024 ** 2, 1024, 2 ** 40),
    allowPrivateTargets: bool(env, "SANDBOX_ALLOW_PRIVATE_TARGETS", allowPrivate),
    uidBase,
    uidCount,
    egressUpstreamCa: upstreamCa(env),
  };
}

/** An optional http(s) URL of a package registry (credentials in it are allowed, never echoed). */
function registryUrl(env: Env, name: string): string | null {
  const raw = str(env, name);
  if (!raw) return null;
  let parsed: URL | null = null;
  try {
    parsed = new URL(raw);
  } catch {
    parsed = null;
  }
  if (!parsed || !/^https?:$/.test(parsed.protocol) || !parsed.hostname) {
    throw new ConfigError(name, "must be an http or https URL such as https://registry.example.com/");
  }
  if (/[\s'"`$\\]/.test(raw)) throw new ConfigError(name, "must not contain spaces, quotes, `$` or backslashes");
  return raw;
}

const HOST_NAME = /^(\*\.)?[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*$/;

function packagesConfig(env: Env): PackagesConfig {
  const suite = str(env, "PACKAGES_APT_SUITE") ?? null;
  if (suite !== null && !/^[a-z0-9][a-z0-9.-]*$/.test(suite)) {
    throw new ConfigError("PACKAGES_APT_SUITE", `must be a Debian suite name such as bookworm, got "${suite}"`);
  }
  const extraHosts = (str(env, "PACKAGES_EXTRA_HOSTS") ?? "")
    .split(",")
    .map((h) => h.trim())
    .filter(Boolean);
  for (const host of extraHosts) {
    if (!HOST_NAME.test(host) || host.length > 253) {
      throw new ConfigError("PACKAGES_EXTRA_HOSTS", `must list host names separated by commas, got "${host}"`);
    }
  }
  const caFile = str(env, "PACKAGES_CA_FILE") ?? null;
  if (caFile !== null && (!isAbsolute(caFile) || !existsSync(caFile))) {
    throw new ConfigError("PACKAGES_CA_FILE", `must be the absolute path of a PEM file that exists, got "${caFile}"`);
  }
  const inherited = str(env, "NODE_EXTRA_CA_CERTS") ?? null;
  return {
    caFile: caFile ?? (inherited && isAbsolute(inherited) && existsSync(inherited) ? inherited : null),
    npmRegistry: registryUrl(env, "PACKAGES_NPM_REGISTRY"),
    pipIndexUrl: registryUrl(env, "PACKAGES_PIP_INDEX_URL"),
    aptMirror: registryUrl(env, "PACKAGES_APT_MIRROR"),
    aptSuite: suite,
    gemSource: registryUrl(env, "PACKAGES_GEM_SOURCE"),
    goProxy: registryUrl(env, "PACKAGES_GOPROXY"),
    extraHosts,
    buildTimeoutMs: int(env, "PACKAGES_BUILD_TIMEOUT_MS", 900_000, 1000, 86_400_000),
    // A PostgreSQL bytea holds at most 1 GiB.
    layerMaxBytes: int(env, "PACKAGES_LAYER_MAX_BYTES", 512 * 1024 ** 2, 1024, 1024 ** 3 - 1),
    leaseMs: int(env, "PACKAGES_BUILD_LEASE_MS", 60_000, 1000, 3_600_000),
    waitPollMs: int(env, "PACKAGES_WAIT_POLL_MS", 500, 10, 60_000),
  };
}

/** SANDBOX_EGRESS_UPSTREAM_CA_FILE: a PEM file of CAs the egress proxy trusts upstream besides Node's. */
function upstreamCa(env: Env): string[] {
  const path = str(env, "SANDBOX_EGRESS_UPSTREAM_CA_FILE");
  if (!path) return [];
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (err) {
    throw new ConfigError("SANDBOX_EGRESS_UPSTREAM_CA_FILE", `cannot be read: ${(err as Error).message}`);
  }
  const certs = text.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
  if (certs.length === 0) throw new ConfigError("SANDBOX_EGRESS_UPSTREAM_CA_FILE", "holds no PEM certificate");
  return certs.map((c) => `${c}\n`);
}

/** Which adapter a DATABASE_URL names, or null when it names none. */
export function databaseDialect(url: string): "sqlite" | "postgres" | null {
  if (url.startsWith("sqlite:") && url !== "sqlite:") return "sqlite";
  if (/^postgres(ql)?:\/\//.test(url)) return "postgres";
  return null;
}

/** The URL without its password, for messages and logs. */
export function redactUrl(url: string): string {
  return url.replace(/^(postgres(?:ql)?:\/\/[^:/@]*:)[^@]*@/, "$1***@");
}

function checkPostgresUrl(url: string): void {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ConfigError("DATABASE_URL", `is not a valid URL: "${redactUrl(url)}"`);
  }
  if (!parsed.hostname && !parsed.searchParams.get("host")) {
    throw new ConfigError(
      "DATABASE_URL",
      `names no host: "${redactUrl(url)}" (postgres://user:password@host:5432/database)`,
    );
  }
  if (parsed.port && !(Number(parsed.port) >= 1 && Number(parsed.port) <= 65535)) {
    throw new ConfigError("DATABASE_URL", `has an invalid port: "${redactUrl(url)}"`);
  }
}

const LOG_LEVELS: readonly LogLevel[] = ["debug", "info", "warn", "error", "silent"];

/**
 * Defaults, then the environment, then validation. Throws ConfigError naming the variable.
 */
export function loadConfig(env: Env): Config {
  const host = env.HOST?.trim() || "127.0.0.1";
  const port = int(env, "PORT", 8080, 0, 65535);

  const databaseUrl = env.DATABASE_URL?.trim() || "sqlite:./data/cloud-agents.db";
  const dialect = databaseDialect(databaseUrl);
  if (dialect === null) {
    throw new ConfigError(
      "DATABASE_URL",
      `must be "sqlite:<path>", "sqlite::memory:" or "postgres://user:password@host:port/database", got "${redactUrl(databaseUrl)}"`,
    );
  }
  if (dialect === "postgres") checkPostgresUrl(databaseUrl);
  const dbPath = dialect === "sqlite" ? databaseUrl.slice("sqlite:".length) : null;
  const dataDir =
    env.DATA_DIR?.trim() ||
    (dbPath === null || dbPath === ":memory:"
      ? "./data"
      : dbPath.includes("/")
        ? dbPath.slice(0, dbPath.lastIndexOf("/")) || "/"
        : ".");

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

  if (dialect === "postgres" && secretKey === null) {
    // A key file generated per machine would differ between replicas: each would refuse the
    // secrets the others sealed. Every replica must be given the same key.
    throw new ConfigError(
      "CLOUD_AGENTS_SECRET_KEY",
      "must be set when DATABASE_URL is PostgreSQL: every replica seals secrets with the same key (generate one with: openssl rand -base64 32)",
    );
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
    autoDisableAfterMs: int(env, "WEBHOOK_AUTO_DISABLE_AFTER_S", 5 * 86_400, 0, 365 * 86_400) * 1000,
    allowPrivateTargets: bool(env, "WEBHOOK_ALLOW_PRIVATE_TARGETS", false),
    concurrency: int(env, "WEBHOOK_CONCURRENCY", 64, 1, 4096),
    endpointConcurrency: int(env, "WEBHOOK_ENDPOINT_CONCURRENCY", 8, 1, 1024),
    leaseMs: int(env, "WEBHOOK_LEASE_MS", Math.max(30_000, timeoutMs * 3), timeoutMs + 1000, 3_600_000),
    pollIntervalMs: int(env, "WEBHOOK_POLL_INTERVAL_MS", 1000, 10, 60_000),
    shutdownGraceMs: int(env, "WEBHOOK_SHUTDOWN_GRACE_MS", 10_000, 0, 600_000),
    thread: bool(env, "WEBHOOK_THREAD", true),
    threadNice: int(env, "WEBHOOK_THREAD_NICE", 0, 0, 19),
    busyShare: num(env, "WEBHOOK_BUSY_SHARE", 0.05, 0.01, 1),
    settleIntervalMs: int(env, "WEBHOOK_SETTLE_INTERVAL_MS", 0, 0, 1000),
  };

  const runs: RunConfig = {
    echoDelayMs: int(env, "ECHO_RUNTIME_DELAY_MS", 0, 0, 3_600_000),
    leaseMs: int(env, "RUN_LEASE_MS", 60_000, 1000, 3_600_000),
    maxAttempts: int(env, "RUN_MAX_ATTEMPTS", 2, 1, 100),
    concurrency: int(env, "RUN_CONCURRENCY", 4, 1, 256),
    pollIntervalMs: int(env, "RUN_POLL_INTERVAL_MS", 1000, 10, 60_000),
    shutdownGraceMs: int(env, "RUN_SHUTDOWN_GRACE_MS", 10_000, 0, 600_000),
  };

  const scheduler: SchedulerConfig = {
    misfireGraceMs: int(env, "SCHEDULER_MISFIRE_GRACE_MS", 60_000, 0, 3_600_000),
    maxSleepMs: int(env, "SCHEDULER_MAX_SLEEP_MS", 60_000, 10, 3_600_000),
    batchSize: int(env, "SCHEDULER_BATCH_SIZE", 100, 1, 10_000),
    maxDeploymentsPerAccount: 1000,
  };

  const retentionCron = str(env, "RETENTION_CRON") ?? DEFAULT_RETENTION_CRON;
  if (retentionCron !== DEFAULT_RETENTION_CRON && !nodeCron().validate(retentionCron)) {
    throw new ConfigError(
      "RETENTION_CRON",
      `must be a cron expression such as "0 * * * *" (minute hour day-of-month month day-of-week), got "${retentionCron}"`,
    );
  }
  const retention: RetentionConfig = {
    cron: retentionCron,
    days: int(env, "RETENTION_DAYS", 30, 1, 36_500),
    batchSize: int(env, "RETENTION_BATCH_SIZE", 500, 1, 100_000),
  };

  const metricsToken = str(env, "METRICS_TOKEN") ?? null;
  if (metricsToken !== null && !/^[\x21-\x7e]{16,256}$/.test(metricsToken)) {
    throw new ConfigError("METRICS_TOKEN", "must be 16 to 256 printable characters without spaces");
  }

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

  const postgres: PostgresConfig = {
    poolSize: int(env, "POSTGRES_POOL_SIZE", 10, 1, 1_000),
  };

  const streams: StreamsConfig = {
    maxPerAccount: int(env, "MAX_STREAMS_PER_ACCOUNT", 100, 1, 100_000),
    heartbeatMs: int(env, "STREAM_HEARTBEAT_MS", 15_000, 10, 600_000),
    pollIntervalMs: int(env, "STREAM_POLL_INTERVAL_MS", 250, 10, 60_000),
    drainTimeoutMs: int(env, "STREAM_DRAIN_TIMEOUT_MS", 30_000, 10, 3_600_000),
  };

  const files = filesConfig(env);

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
    runtimes: runtimesConfig(env, webhook.allowPrivateTargets),
    sandbox: sandboxConfig(env, webhook.allowPrivateTargets),
    packages: packagesConfig(env),
    scheduler,
    shutdownGraceMs: int(env, "SHUTDOWN_GRACE_MS", 10_000, 0, 600_000),
    retention,
    rateLimitPerMinute: int(env, "RATE_LIMIT_PER_MINUTE", 0, 0, 1_000_000),
    corsOrigins: origins(env),
    metricsToken,
    http,
    eventLoop,
    sqlite,
    postgres,
    streams,
    files,
  };
}

/** FILES_MAX_BYTES (default 500 MiB) and FILES_ACCOUNT_MAX_BYTES (default 10 GiB, at least the former). */
function filesConfig(env: Env): FilesConfig {
  const maxBytes = int(env, "FILES_MAX_BYTES", 500 * 1024 ** 2, 1024, 2 ** 40);
  const accountMaxBytes = int(env, "FILES_ACCOUNT_MAX_BYTES", Math.max(10 * 1024 ** 3, maxBytes), 1024, 2 ** 50);
  if (accountMaxBytes < maxBytes) {
    throw new ConfigError(
      "FILES_ACCOUNT_MAX_BYTES",
      `must be at least FILES_MAX_BYTES (${maxBytes}), got ${accountMaxBytes}`,
    );
  }
  return { maxBytes, accountMaxBytes };
}
