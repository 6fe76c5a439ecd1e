import type { WorkerHealth } from "../loop.ts";
import type { AccountStore } from "./port/accounts.ts";
import type { AgentStore } from "./port/agents.ts";
import type { DeploymentStore } from "./port/deployments.ts";
import type { EnvironmentStore } from "./port/environments.ts";
import type { HousekeepingStore } from "./port/housekeeping.ts";
import type { IdempotencyStore } from "./port/idempotency.ts";
import type { MetaStore } from "./port/meta.ts";
import type { OutboxStore } from "./port/outbox.ts";
import type { RunStore } from "./port/runs.ts";
import type { SessionStore } from "./port/sessions.ts";
import type { SkillStore } from "./port/skills.ts";
import type { StreamStore, StreamWakeups } from "./port/streams.ts";
import type { VaultStore } from "./port/vaults.ts";
import type { WebhookStore } from "./port/webhooks.ts";

export type { Metadata, Page, PageQuery } from "./port/common.ts";

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

/** Background upkeep an adapter needs (SQLite: checkpointing the WAL off the event loop). */
export interface StorageMaintenance {
  name: string;
  start(): void;
  stop(): Promise<void>;
  health(): WorkerHealth;
}

/**
 * Signals the adapter raises after a transaction commits, so background loops wake at once:
 * "events" (outbox rows), "deliveries" (delivery records that are due now: fanned out to an enabled
 * endpoint, re-queued, released, or held by an endpoint just enabled), "runs" (run state),
 * "deployments" (schedules), and "commit" after every write transaction (its listeners run in the
 * committing call, so they can tell which request committed).
 */
export type StorageSignal = "events" | "deliveries" | "runs" | "deployments" | "commit";

/** See Storage.threadLink (the SQLite adapter: the database file and the in-process write lock). */
export interface StorageThreadLink {
  path: string;
  /** The cell of the write lock the connections of this process's threads share (see sqlite/writeLock.ts). */
  writeLock: SharedArrayBuffer;
}

/**
 * The narrow storage port: domain-level operations grouped by resource. Routes and domain code
 * depend on this interface only; the SQLite adapter implements it and a PostgreSQL adapter can
 * follow beside it. Every method that changes state and emits an event does both in one transaction.
 */
export interface Storage {
  accounts: AccountStore;
  agents: AgentStore;
  environments: EnvironmentStore;
  /** Idempotency-Key records of POST requests. */
  idempotency: IdempotencyStore;
  sessions: SessionStore;
  /** Deployments and their runs; the scheduler (server/scheduler/worker.ts) fires them. */
  deployments: DeploymentStore;
  /** The run state machine driven by the run worker (server/runtime/worker.ts). */
  runs: RunStore;
  outbox: OutboxStore;
  /** Service-wide facts, such as the secret-key check value. */
  meta: MetaStore;
  skills: SkillStore;
  vaults: VaultStore;
  webhooks: WebhookStore;
  /** Retention, readiness and the figures /metrics reads. */
  housekeeping: HousekeepingStore;
  /** The reads of live streams (server/streams/): committed events after a position in commit order. */
  streams: StreamStore;
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
  close(): void;
}
