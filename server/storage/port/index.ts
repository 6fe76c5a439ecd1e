import type { WorkerHealth } from "../../background/backgroundWorker.ts";
import type { AccountStore } from "./accounts.ts";
import type { AgentStore } from "./agents.ts";
import type { BlobStore } from "./blobs.ts";
import type { DeliveryQueue } from "./deliveryQueue.ts";
import type { DeploymentStore } from "./deployments.ts";
import type { DreamStore } from "./dreams.ts";
import type { EnvironmentStore } from "./environments.ts";
import type { FileStore } from "./files.ts";
import type { HousekeepingStore } from "./housekeeping.ts";
import type { IdempotencyStore } from "./idempotency.ts";
import type { MemoryStoreStore } from "./memoryStores.ts";
import type { MetaStore } from "./meta.ts";
import type { OutboxStore } from "./outbox.ts";
import type { PackageLayerStore } from "./packageLayers.ts";
import type { RunStore } from "./runs.ts";
import type { SessionResourceStore } from "./sessionResources.ts";
import type { SessionStore } from "./sessions.ts";
import type { SkillStore } from "./skills.ts";
import type { StreamStore, StreamWakeups } from "./streams.ts";
import type { VaultStore } from "./vaults.ts";
import type { WebhookEndpointStore } from "./webhooks.ts";
import type { WorkStore } from "./work.ts";
import type { WorkspaceSnapshotStore } from "./workspaceSnapshots.ts";

export type { CreatedAtRange, Metadata, Page, PageQuery } from "./common.ts";

/**
 * A write could not start because another connection (another process, such as the CLI) holds
 * the database's write lock. Nothing was written: the operation may be retried as a whole.
 */
export class StorageBusyError extends Error {
  constructor(message = "The database is locked by another connection.") {
    super(message);
    this.name = "StorageBusyError";
  }
}

/**
 * A write lost a race that the adapter detected (an optimistic version check, a unique key another
 * transaction took first): nothing was written. The API answers 409 with this message.
 */
export class StorageConflictError extends Error {
  constructor(message = "The resource was changed by another request; retry with its current state.") {
    super(message);
    this.name = "StorageConflictError";
  }
}

/**
 * A value the database cannot store as given (PostgreSQL: text containing U+0000, which SQLite
 * would have kept): nothing was written. The API answers 400 with this message.
 */
export class StorageInputError extends Error {
  constructor(message = "Text values must not contain the NUL character (U+0000).") {
    super(message);
    this.name = "StorageInputError";
  }
}

/** Background upkeep an adapter needs (SQLite: checkpointing the WAL off the event loop). */
export interface StorageMaintenance {
  name: string;
  start(): void;
  stop(): Promise<void>;
  health(): WorkerHealth;
}

/**
 * Signals the adapter raises after a transaction commits, so background loops wake at once:
 * "deliveries" (delivery records that are due now: fanned out to an enabled
 * endpoint, re-queued, released, or held by an endpoint just enabled), "runs" (run state),
 * "deployments" (schedules), "dreams" (a dream to start), and "commit" after every write transaction (its listeners run in the
 * committing call, so they can tell which request committed).
 */
export type StorageSignal = "deliveries" | "runs" | "deployments" | "dreams" | "commit";

/** See Storage.threadLink (the SQLite adapter: the database file and the in-process write lock). */
export interface StorageThreadLink {
  path: string;
  /** The cell of the write lock the connections of this process's threads share (see sqlite/writeLock.ts). */
  writeLock: SharedArrayBuffer;
}

/**
 * A store as the port exposes it: every operation returns a Promise. The interfaces under port/
 * describe each operation's arguments and result (the SQLite adapter implements them as they are,
 * synchronously, and wraps them; the PostgreSQL adapter implements `Async<...>` directly).
 * Callbacks handed to an operation (`update`, `plan`, `nextRunAt`) stay synchronous and pure: the
 * adapter may call them inside its transaction, and again when it retries an optimistic write.
 */
export type Async<T> = {
  [K in keyof T]: T[K] extends (...args: infer A) => infer R ? (...args: A) => Promise<R> : never;
};

/** The stores of the port, each operation one transaction of its own (or part of an enclosing unit of work). */
export interface Stores {
  accounts: Async<AccountStore>;
  agents: Async<AgentStore>;
  environments: Async<EnvironmentStore>;
  /** Idempotency-Key records of POST requests. */
  idempotency: Async<IdempotencyStore>;
  sessions: Async<SessionStore>;
  /** Deployments and their runs; the scheduler (server/scheduler/deploymentScheduler.ts) fires them. */
  deployments: Async<DeploymentStore>;
  /** The run state machine driven by the run worker (server/agents/turns/agentRunWorker.ts). */
  runs: Async<RunStore>;
  outbox: Async<OutboxStore>;
  /** Service-wide facts, such as the secret-key check value. */
  meta: Async<MetaStore>;
  skills: Async<SkillStore>;
  vaults: Async<VaultStore>;
  /** Memory stores, their memories and versions, and the stores sessions use. */
  memoryStores: Async<MemoryStoreStore>;
  /** Files' metadata (their bytes are `Storage.blobs`'). */
  files: Async<FileStore>;
  /** The `file` and `github_repository` resources of sessions. */
  sessionResources: Async<SessionResourceStore>;
  /** Webhook endpoints and their delivery records, as the API reads and changes them. */
  webhooks: Async<WebhookEndpointStore>;
  /** The delivery records as the delivery engine (server/delivery/) leases, settles and releases them. */
  deliveryQueue: Async<DeliveryQueue>;
  /** Retention, readiness and the figures /metrics reads. */
  housekeeping: Async<HousekeepingStore>;
  /** The reads of live streams (server/streams/): committed events after a position in commit order. */
  streams: Async<StreamStore>;
  /** Self-hosted environments: their keys and work queue (port/work.ts). */
  work: Async<WorkStore>;
  /** Dreams: memory-store reorganizations run as sessions (port/dreams.ts). */
  dreams: Async<DreamStore>;
}

/** Which adapter a Storage is (for the few places that differ: the delivery thread, backups, docs). */
export type StorageDialect = "sqlite" | "postgres";

/**
 * The narrow storage port: domain-level operations grouped by resource, all asynchronous. Routes
 * and domain code depend on this interface only; the SQLite adapter (storage/sqlite/) and the
 * PostgreSQL adapter (storage/postgres/) implement it. Every method that changes state and emits an
 * event does both in one transaction. Work that spans resources runs in one unit of work:
 * `storage.transaction(async (tx) => ...)`, every call through `tx` in the same transaction
 * (committed when the function resolves, rolled back when it throws).
 */
export interface Storage extends Stores {
  readonly dialect: StorageDialect;
  /**
   * The sessions' saved workspaces, for replicas (PostgreSQL); null when the adapter keeps none
   * (SQLite: the workspace folder under the data directory is the truth).
   */
  readonly workspaceSnapshots: Async<WorkspaceSnapshotStore> | null;
  /** Bytes by key, streamed (the files' contents): the data folder on SQLite, the database on PostgreSQL. */
  readonly blobs: BlobStore;
  /**
   * The builds of package layers (sandbox/packages/packageLayers.ts), outside units of work: each
   * call its own transaction. On PostgreSQL a ready row keeps the layer's archive for other replicas.
   */
  readonly packageLayers: Async<PackageLayerStore>;
  /**
   * Runs `fn` in one transaction. `fn` must only await calls through `tx` (and pure work): on
   * SQLite other callers wait until it ends; on PostgreSQL it holds one pooled connection.
   */
  transaction<T>(fn: (tx: Stores) => Promise<T>): Promise<T>;
  /**
   * A new source of wake-ups for live streams: commits of this process at once, commits of other
   * processes (or replicas) within `pollIntervalMs`.
   */
  streamWakeups(options: { pollIntervalMs: number }): StreamWakeups;
  /** Subscribes to a post-commit signal; returns an unsubscribe function. */
  on(signal: StorageSignal, listener: () => void): () => void;
  /** The adapter's background upkeep, started after and stopped before the database closes. */
  maintenance(): StorageMaintenance[];
  /**
   * What a worker thread of this process needs to open its own connection to the same database
   * beside this one (the delivery thread); null when it cannot (an in-memory database).
   */
  threadLink(): StorageThreadLink | null;
  /** Closes the connection(s) after the adapter's maintenance stopped. */
  close(): Promise<void>;
}
