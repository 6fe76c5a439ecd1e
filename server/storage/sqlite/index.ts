import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import Database from "better-sqlite3";
import type { Clock } from "../../clock.ts";
import type { Storage } from "../port/index.ts";
import { accounts } from "../shared/accounts.ts";
import { dreams } from "../shared/dreams.ts";
import { environments } from "../shared/environments.ts";
import { files } from "../shared/files.ts";
import { idempotency } from "../shared/idempotency.ts";
import { sessionResources } from "../shared/sessionResources.ts";
import { vaults } from "../shared/vaults.ts";
import { webhookEndpoints } from "../shared/webhookEndpoints.ts";
import { work } from "../shared/work.ts";
import { createAgentStore } from "./agents.ts";
import { createFolderBlobStore } from "./blobs.ts";
import { SqliteContext } from "./context.ts";
import { createDeliveryQueue } from "./deliveryQueue.ts";
import { createDeploymentStore } from "./deployments.ts";
import { createHousekeepingStore } from "./housekeeping.ts";
import { createMemoryStoreStore } from "./memoryStores.ts";
import { createMetaStore } from "./meta.ts";
import { describeMigrationStatus, migrate, migrationStatus } from "./migrate.ts";
import { createOutboxStore } from "./outbox.ts";
import { createPackageLayerStore } from "./packageLayers.ts";
import { createRunStore } from "./runs.ts";
import { createSessionStore } from "./sessions.ts";
import { createSkillStore } from "./skills.ts";
import { storeOf } from "./steps.ts";
import { createStreamStore } from "./streams.ts";
import { SqliteStreamWakeups } from "./streamWakeups.ts";
import { asyncStore, asyncStores, type SyncStores, UnitOfWorkGate } from "./unitOfWork.ts";
import { WAL_SIZE_LIMIT_BYTES, WalCheckpointer } from "./walCheckpointer.ts";
import { WriteLock } from "./writeLock.ts";

export interface SqliteOptions {
  /** A file path or `:memory:`. */
  path: string;
  clock: Clock;
  /** Apply pending migrations on open (default true). */
  migrate?: boolean;
  /**
   * How long a statement may wait, blocking, for a lock another connection holds (default 5 s,
   * fine for the CLI). The server sets it short: its event loop must not stall; a write that
   * finds the lock taken fails with StorageBusyError and is retried asynchronously.
   */
  busyTimeoutMs?: number;
  /** Checkpoint the WAL on a worker thread every this many ms (the server); omitted: SQLite's automatic checkpoints. */
  checkpointIntervalMs?: number;
  /** Where the checkpointer reports problems. */
  onProblem?: (message: string, fields: Record<string, unknown>) => void;
}

/** How long a statement waits for a lock by default (the CLI; the server sets its own). */
const DEFAULT_BUSY_TIMEOUT_MS = 5000;

/** How many compiled statements a connection keeps (distinct SQL texts; the stores use a few hundred). */
const STATEMENT_CACHE_SIZE = 2000;

/**
 * better-sqlite3 compiles a statement on every `prepare()`, and the stores prepare inline on hot
 * paths (a list, an event insert): compiling was a tenth of the server's CPU under load. The
 * connection keeps its compiled statements by SQL text. A statement is only ever run to
 * completion (`run`, `get`, `all`; never a pending `iterate`), so sharing one is safe.
 */
function cacheStatements(db: Database.Database): void {
  const compile = db.prepare.bind(db);
  const cache = new Map<string, Database.Statement>();
  db.prepare = ((sql: string) => {
    let statement = cache.get(sql);
    if (statement === undefined) {
      statement = compile(sql);
      if (cache.size >= STATEMENT_CACHE_SIZE) cache.clear();
      cache.set(sql, statement);
    }
    return statement;
  }) as Database.Database["prepare"];
}

/**
 * better-sqlite3's native addon, named to it directly (its `nativeBinding` option): without it the
 * package looks for the file through the `bindings` package, which tries paths that do not exist
 * first (3 ms of a start), and which cannot work from the server's bundle, where better-sqlite3's
 * JavaScript is bundled (scripts/build.mjs) but the addon stays in node_modules. `npm ci` builds or
 * downloads it into build/Release; when it is elsewhere (a Debug build), the package's own search
 * is used, which works from the sources (`npx cloud-agents`) but not from the bundle.
 */
let sqliteAddon: string | null | undefined;
function sqliteAddonFile(): string | undefined {
  if (sqliteAddon === undefined) {
    const root = dirname(createRequire(import.meta.url).resolve("better-sqlite3/package.json"));
    const file = join(root, "build", "Release", "better_sqlite3.node");
    sqliteAddon = existsSync(file) ? file : null;
  }
  return sqliteAddon ?? undefined;
}

/**
 * Opens a SQLite database (WAL, foreign keys on, busy timeout, statements compiled once) without
 * migrating it. With `create: false` a missing file is an error instead of a new empty database.
 */
export function openDatabase(
  path: string,
  { create = true, busyTimeoutMs = DEFAULT_BUSY_TIMEOUT_MS }: { create?: boolean; busyTimeoutMs?: number } = {},
): Database.Database {
  if (create && path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const nativeBinding = sqliteAddonFile();
  const db = new Database(path, { fileMustExist: !create, ...(nativeBinding ? { nativeBinding } : {}) });
  cacheStatements(db);
  // First: the pragmas below wait for a lock too (another process recovering the WAL after a crash).
  db.pragma(`busy_timeout = ${Math.max(0, Math.floor(busyTimeoutMs))}`);
  db.pragma("journal_mode = WAL");
  db.pragma("foreign_keys = ON");
  db.pragma("synchronous = NORMAL");
  // A writer that starts the WAL over cuts the file back to this size (walCheckpointer.ts).
  db.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT_BYTES}`);
  // 64 MiB of page cache (SQLite's default is 2 MiB): lists and lookups stay in memory as the
  // database grows instead of reading pages back through the OS on every request.
  db.pragma("cache_size = -65536");
  return db;
}

/** The SQLite adapter of the storage port. */
export function createSqliteStorage(options: SqliteOptions): Storage {
  // Opening and migrating block before anything is served: they may wait as long as the CLI does
  // for a lock another process holds; the stores then wait only the configured time.
  const busyTimeoutMs = options.busyTimeoutMs ?? DEFAULT_BUSY_TIMEOUT_MS;
  const db = openDatabase(options.path, { busyTimeoutMs: Math.max(busyTimeoutMs, DEFAULT_BUSY_TIMEOUT_MS) });
  if (options.migrate !== false) migrate(db);
  db.pragma(`busy_timeout = ${Math.max(0, Math.floor(busyTimeoutMs))}`);
  return storageOver(db, options);
}

/**
 * Opens the storage of a database that must already exist at this build's schema (the operator
 * commands other than serve and migrate): never creates a file, never migrates. The errors say
 * where it looked and what to do.
 */
export function openExistingSqliteStorage(options: Omit<SqliteOptions, "migrate">): Storage {
  if (options.path === ":memory:") {
    throw new Error('DATABASE_URL is "sqlite::memory:": a command cannot reach a server\'s in-memory database');
  }
  const where = resolve(options.path);
  let db: Database.Database;
  try {
    db = openDatabase(options.path, { create: false, busyTimeoutMs: options.busyTimeoutMs });
  } catch (err) {
    throw new Error(
      `No database at ${where} (${err instanceof Error ? err.message : String(err)}). Set DATABASE_URL to the server's ` +
        `database, run this command from the folder the server was started in, or create one with "cloud-agents migrate".`,
    );
  }
  let problem: string | null;
  try {
    problem = describeMigrationStatus(migrationStatus(db));
  } catch (err) {
    db.close();
    throw new Error(`Cannot read ${where} as a database: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (problem) {
    db.close();
    throw new Error(`The database at ${where} is not at this version's schema: ${problem}`);
  }
  return storageOver(db, options);
}

/** The main connection's side of the write lock it shares with the connections of worker threads. */
export const MAIN_WRITER = 1;

function storageOver(db: Database.Database, options: Omit<SqliteOptions, "migrate">): Storage {
  const inMemory = options.path === ":memory:";
  const writeLock = inMemory ? null : new WriteLock();
  const ctx = new SqliteContext(
    db,
    options.clock,
    writeLock && { lock: writeLock, owner: MAIN_WRITER, timeoutMs: options.busyTimeoutMs ?? DEFAULT_BUSY_TIMEOUT_MS },
  );
  const sessions = createSessionStore(ctx);
  const stores: SyncStores = {
    accounts: storeOf(ctx, accounts),
    agents: createAgentStore(ctx),
    environments: storeOf(ctx, environments),
    idempotency: storeOf(ctx, idempotency),
    sessions,
    deployments: createDeploymentStore(ctx, sessions),
    runs: createRunStore(ctx),
    outbox: createOutboxStore(ctx),
    meta: createMetaStore(ctx),
    skills: createSkillStore(ctx),
    vaults: storeOf(ctx, vaults),
    memoryStores: createMemoryStoreStore(ctx),
    files: storeOf(ctx, files),
    sessionResources: storeOf(ctx, sessionResources),
    webhooks: storeOf(ctx, webhookEndpoints),
    deliveryQueue: createDeliveryQueue(ctx),
    housekeeping: createHousekeepingStore(ctx, options.path),
    streams: createStreamStore(ctx),
    work: storeOf(ctx, work),
    dreams: storeOf(ctx, dreams),
  };
  const gate = new UnitOfWorkGate(ctx, stores);
  const maintenance =
    options.checkpointIntervalMs !== undefined && options.path !== ":memory:"
      ? [
          new WalCheckpointer({
            path: options.path,
            db,
            intervalMs: options.checkpointIntervalMs,
            writeLock: writeLock?.shared ?? null,
            onProblem: options.onProblem ?? (() => {}),
          }),
        ]
      : [];
  return {
    ...asyncStores(stores, gate.invoke),
    dialect: "sqlite",
    workspaceSnapshots: null,
    packageLayers: asyncStore(createPackageLayerStore(ctx), gate.invoke),
    blobs: createFolderBlobStore(blobFolder(options.path)),
    transaction: (fn) => gate.transaction(fn),
    streamWakeups: ({ pollIntervalMs }) => new SqliteStreamWakeups(ctx, db, pollIntervalMs),
    on: (signal, listener) => ctx.on(signal, listener),
    maintenance: () => maintenance,
    threadLink: () => (writeLock ? { path: options.path, writeLock: writeLock.shared } : null),
    close: async () => {
      db.close();
    },
  };
}

/**
 * Where the files' bytes live: `files/` beside the database file (the data folder), or a folder
 * of this process under the system's temporary folder for an in-memory database.
 */
function blobFolder(path: string): string {
  if (path === ":memory:") return join(tmpdir(), `cloud-agents-blobs-${process.pid}-${randomBytes(4).toString("hex")}`);
  return join(dirname(resolve(path)), "files");
}

/** Turns `DATABASE_URL` into the SQLite path. */
export function sqlitePathFromUrl(url: string): string {
  return url.slice("sqlite:".length);
}
