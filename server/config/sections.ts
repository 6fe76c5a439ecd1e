/**
 * The validated configuration of one server process, one interface per section. Read from the
 * environment once at start-up (server/config/loadConfig.ts) and passed in.
 */
import type { LogLevel } from "../logger.ts";

/** The validated configuration of one server process. Loaded once at start-up and passed in. */
import type { PriceTable } from "./prices.ts";

export interface Config {
  host: string;
  port: number;
  /** `sqlite:<path>`, `sqlite::memory:`, or `postgres://` / `postgresql://` (storage/open.ts). */
  databaseUrl: string;
  /** Where the SQLite file (when it is SQLite) and the generated secret key live. */
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
  /** The model runtimes and the agent loop (server/runtime/). */
  runtimes: RuntimesConfig;
  scheduler: SchedulerConfig;
  /** How long shutdown waits for HTTP requests in flight (streams included) before closing their connections. */
  shutdownGraceMs: number;
  retention: RetentionConfig;
  /** Requests per minute per token on the API; 0 = no limit. */
  rateLimitPerMinute: number;
  /** Origins allowed to call the API from a browser (`*` = any); empty = CORS off. */
  corsOrigins: string[];
  /** When set, `GET /metrics` requires `Authorization: Bearer <this>`. */
  metricsToken: string | null;
  http: HttpConfig;
  eventLoop: EventLoopConfig;
  sqlite: SqliteConfig;
  postgres: PostgresConfig;
  /** Live streams (Server-Sent Events, server/streams/). */
  streams: StreamsConfig;
  /** The sandbox, the workspaces and the built-in tools (server/sandbox/, server/tools/). */
  sandbox: SandboxConfig;
  /** Environment packages: the registries and the layer builds (server/sandbox/packages/, docs/packages.md). */
  packages: PackagesConfig;
  /** The files API and the sessions' outputs (docs/files.md). */
  files: FilesConfig;
}

/** The files API (`file_` ids) and the sessions' outputs (docs/files.md). */
export interface FilesConfig {
  /** FILES_MAX_BYTES: the largest file, uploaded or collected from a session's outputs. */
  maxBytes: number;
  /** FILES_ACCOUNT_MAX_BYTES: the most bytes the files of one account may total. */
  accountMaxBytes: number;
}

/**
 * Where environment packages come from and how their layers are built (docs/packages.md). A null
 * registry means the manager's own default (npm: registry.npmjs.org, pip: pypi.org, apt: the
 * host's sources, cargo: crates.io, gem: rubygems.org, go: proxy.golang.org).
 */
export interface PackagesConfig {
  /** PACKAGES_NPM_REGISTRY: the npm registry URL. */
  npmRegistry: string | null;
  /** PACKAGES_PIP_INDEX_URL: pip's index URL (`--index-url`). */
  pipIndexUrl: string | null;
  /** PACKAGES_APT_MIRROR: a Debian mirror URL (`http://deb.debian.org/debian`); null: the host's sources and lists. */
  aptMirror: string | null;
  /** PACKAGES_APT_SUITE: the suite of the mirror; null: the host's release (`/etc/os-release`). */
  aptSuite: string | null;
  /** PACKAGES_GEM_SOURCE: the RubyGems source URL. */
  gemSource: string | null;
  /** PACKAGES_GOPROXY: the Go module proxy URL. */
  goProxy: string | null;
  /**
   * PACKAGES_CA_FILE: a PEM bundle of every certificate authority the builds trust (for a registry
   * or an egress proxy with a CA of its own); default: the server's own NODE_EXTRA_CA_CERTS, if set.
   * Shown read-only to the builds, as NODE_EXTRA_CA_CERTS, PIP_CERT, SSL_CERT_FILE and the like.
   */
  caFile: string | null;
  /** PACKAGES_EXTRA_HOSTS: more hosts a build may reach (a mirror's redirects), comma-separated. */
  extraHosts: string[];
  /** PACKAGES_BUILD_TIMEOUT_MS: how long one manager's install of one layer may take. */
  buildTimeoutMs: number;
  /** PACKAGES_LAYER_MAX_BYTES: the largest layer (on PostgreSQL: its archive in the database). */
  layerMaxBytes: number;
  /** PACKAGES_BUILD_LEASE_MS: a builder's claim on a build, renewed while it runs; another server takes over after it. */
  leaseMs: number;
  /** PACKAGES_WAIT_POLL_MS: how often a server waiting for another's build reads its row. */
  waitPollMs: number;
}

/** The sandbox and the built-in tools (API.md, "Environments that run"). */
export interface SandboxConfig {
  /** SANDBOX: `auto` (the sandbox when its programs are found), `bubblewrap` (required) or `off`. */
  mode: "auto" | "bubblewrap" | "off";
  /** `bash` time limit when the call names none, and the most a call may ask for (ms). */
  defaultTimeoutMs: number;
  maxTimeoutMs: number;
  /** Bytes a session's workspace may hold. */
  workspaceMaxBytes: number;
  /** Address space of each process of a command. */
  memoryMaxBytes: number;
  /** Processes a command may have at once. */
  maxProcesses: number;
  /** The largest workspace archive saved to PostgreSQL at the end of a turn. */
  snapshotMaxBytes: number;
  /** Commands and `web_fetch` may reach loopback and private addresses (as MCP_ALLOW_PRIVATE_TARGETS). */
  allowPrivateTargets: boolean;
  /**
   * SANDBOX_UID_BASE and SANDBOX_UID_COUNT: the host uids (and gids) a server running as root gives
   * its sessions' commands, one each (sandbox/identity.ts).
   */
  uidBase: number;
  uidCount: number;
  /**
   * SANDBOX_EGRESS_UPSTREAM_CA_FILE: CAs (PEM) the egress proxy trusts for the real hosts behind
   * the TLS it terminates, besides Node's own (docs/egress.md); none by default.
   */
  egressUpstreamCa?: string[];
}

/** Live streams: limits, heartbeats and how slow clients are handled (server/streams/). */
export interface StreamsConfig {
  /** Open streams an account may hold on this server; one more is refused with 429. */
  maxPerAccount: number;
  /** A `: ping` comment is written to every stream this often. */
  heartbeatMs: number;
  /** How often commits of other processes on the database are looked for (this process's own wake streams at once). */
  pollIntervalMs: number;
  /**
   * A stream whose connection is backed up (the socket's buffer is full: `res.write` returned
   * false) writes nothing more until the client has read it; a client that has not within this
   * long is dropped.
   */
  drainTimeoutMs: number;
}

/** The housekeeping job (server/housekeeping/retention.ts). */
export interface RetentionConfig {
  /** node-cron expression (5 or 6 fields) of the job's schedule. */
  cron: string;
  /** Settled records older than this many days are deleted. */
  days: number;
  /** Rows deleted per transaction: the write lock is never held for more than one batch. */
  batchSize: number;
}

/** The deployment scheduler (server/scheduler/deploymentScheduler.ts). */
export interface SchedulerConfig {
  /**
   * A fire found late by less than this still runs (a busy or restarting server); a fire missed by
   * more runs only within the deployment's `catchup_window_seconds`.
   */
  misfireGraceMs: number;
  /** The longest the loop sleeps without a notify (it wakes at the next due time otherwise). */
  maxSleepMs: number;
  /** Due deployments fired per pass (each in its own transaction). */
  batchSize: number;
  /** Deployments an account may hold that are not archived. */
  maxDeploymentsPerAccount: number;
}

/** The PostgreSQL adapter (DATABASE_URL=postgres://...). */
export interface PostgresConfig {
  /** Connections this process keeps to the database (each replica has its own pool). */
  poolSize: number;
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

/** The event-loop delay watch (server/background/eventLoopMonitor.ts). */
export interface EventLoopConfig {
  /** Log `event loop delay` at warn when the loop was blocked longer than this in a window. */
  warnMs: number;
  windowMs: number;
}

/** The agent run worker (server/agents/turns/agentRunWorker.ts). */
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

/** A model provider's API: where it is and the key it takes. */
export interface ProviderConfig {
  /** null: the provider takes no key (a local OpenAI-compatible server). */
  apiKey: string | null;
  /** null: the SDK's default (the provider's public API). */
  baseUrl: string | null;
}

/** The model runtimes (API.md, "Agent runtimes"). A provider left null serves no model. */
export interface RuntimesConfig {
  /** `claude-*` models: configured by ANTHROPIC_API_KEY (ANTHROPIC_BASE_URL optional). */
  anthropic: (ProviderConfig & { apiKey: string }) | null;
  /** `openai/<model>`: configured by OPENAI_API_KEY or OPENAI_BASE_URL (a local server needs no key). */
  openai: ProviderConfig | null;
  /** `max_tokens` of each Anthropic request (the Messages API requires one). */
  anthropicMaxTokens: number;
  /** Model calls answered with tool calls in one turn, at most; the next ends the turn with an error. */
  maxToolRounds: number;
  /** Retries of a rate-limited, overloaded or unreachable provider request before the turn fails. */
  providerMaxRetries: number;
  /** Backoff before retry n: base × 2^(n-1), capped at providerRetryMaxMs; a longer Retry-After is capped too. */
  providerRetryBaseMs: number;
  providerRetryMaxMs: number;
  /** Time limit of one provider request (streamed), in ms. */
  providerTimeoutMs: number;
  /** Time limit of one MCP request (connect, list tools, call a tool) and of a token refresh, in ms. */
  mcpTimeoutMs: number;
  /** The newest session events a turn sends to the model, at most. */
  historyLimit: number;
  /** OUTCOME_GRADER_MODEL: the model that grades outcomes (an agent model name); null: the agent's own. */
  outcomeGraderModel: string | null;
  /** ANTHROPIC_THINKING_BUDGET_TOKENS: extended thinking's token budget per Anthropic request; 0 = off. */
  anthropicThinkingBudget: number;
  /** MODEL_PRICES: the list prices per model (config/prices.ts) that list-cost budgets and `list_cost` use. */
  prices: PriceTable;
  /** The `web_search` tool's backend (docs/agents.md, "Web search"). */
  webSearch: WebSearchConfig;
  /**
   * Let MCP servers and OAuth token endpoints be loopback or private addresses (local development,
   * tests). Defaults to WEBHOOK_ALLOW_PRIVATE_TARGETS.
   */
  allowPrivateTargets: boolean;
}

/** The `web_search` tool's backend. */
export interface WebSearchConfig {
  /** WEB_SEARCH_URL: a SearXNG-compatible search API (`GET <url>/search?q=...&format=json`); null: web_search is refused. */
  url: string | null;
  /** WEB_SEARCH_MAX_RESULTS: the results a search returns, at most. */
  maxResults: number;
  /** WEB_SEARCH_TIMEOUT_MS: the time limit of one search request. */
  timeoutMs: number;
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
  /**
   * An endpoint whose deliveries keep failing without a success for this long is disabled
   * (`disabled_reason: failing`); 0 never disables for failing.
   */
  autoDisableAfterMs: number;
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
  /**
   * Run delivery on a worker thread with its own SQLite connection (the default), so that it uses
   * another core than the API; false runs it on the main event loop (an in-memory database always does).
   */
  thread: boolean;
  /**
   * The delivery thread's nice value (0-19): when the machine's cores are all busy, the API is
   * served first and deliveries catch up once it is quieter. 0 gives both the same share.
   */
  threadNice: number;
  /**
   * While the API's event loop is busier than half its time, the delivery thread keeps its own
   * loop's utilization to a share that falls as the API's rises, down to this one once the API's
   * loop is busy 70 % of its time, and uses a quarter of its attempt slots (delivery/pace.ts);
   * 1 turns the pacing off.
   */
  busyShare: number;
  /** Finished attempts are recorded (and freed slots refilled) at most this often, in one transaction. */
  settleIntervalMs: number;
}
