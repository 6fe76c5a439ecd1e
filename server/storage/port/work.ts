/**
 * Self-hosted environments (API.md, "Work beyond the host"; docs/self-hosted.md): the keys of their
 * workers and their work queue, in the database like every other background work here.
 *
 * A work item names a session whose built-in tool calls a worker is to run. At most one item per
 * session is live (not `stopped`). Its life: `queued` (a poll hands it to one worker; another poll
 * gets it only after `reclaimOlderThanMs` without an ack) → `starting` (acked: the worker holds a
 * lease of `lease_ttl_seconds`) → `active` (heartbeats renew the lease) → `stopping` (a stop was
 * asked; the worker finishes) → `stopped`. A lease that runs out puts the item back in the queue
 * (`leases_lost` + 1), or stops it when it was stopping. Claims take the item's row with SKIP
 * LOCKED on PostgreSQL and under the write lock on SQLite, so no item is handed to two polls at once.
 */
import type { Metadata, Page, PageQuery } from "./common.ts";

export type WorkState = "queued" | "starting" | "active" | "stopping" | "stopped";

export interface EnvironmentKeyRecord {
  id: string;
  account_id: string;
  environment_id: string;
  name: string | null;
  hint: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

export interface WorkRecord {
  id: string;
  account_id: string;
  environment_id: string;
  session_id: string;
  state: WorkState;
  metadata: Metadata;
  polled_at: string | null;
  acknowledged_at: string | null;
  started_at: string | null;
  latest_heartbeat_at: string | null;
  lease_expires_at: string | null;
  lease_ttl_seconds: number;
  leases_lost: number;
  stop_requested_at: string | null;
  stopped_at: string | null;
  created_at: string;
}

/** What a heartbeat found: renewed (or the item is stopping/stopped), or a lease that is not the caller's. */
export type HeartbeatOutcome =
  | { outcome: "renewed" | "not_extended"; record: WorkRecord }
  /** `expected` is not the stored heartbeat, or the item is queued again: another worker may hold it. */
  | { outcome: "precondition_failed"; record: WorkRecord };

export interface WorkQueueStats {
  /** Items queued (handed out by a poll or not). */
  depth: number;
  /** Of those, the items a poll handed out within the reclaim window that are not acked. */
  pending: number;
  oldest_queued_at: string | null;
  /** Workers that polled since `workersSince`. */
  workers_polling: number;
}

/** The figures /metrics reads, over every environment. */
export interface WorkTotals {
  queued: number;
  leased: number;
  oldest_queued_at: string | null;
  leases_lost: number;
  /** Workers that polled since `workersSince`. */
  workers_polling: number;
}

export interface WorkStore {
  createKey(
    accountId: string,
    environmentId: string,
    input: { name: string | null; keyHash: string; hint: string },
  ): EnvironmentKeyRecord;
  /** The environment's keys, newest first (revoked ones too). */
  listKeys(accountId: string, environmentId: string): EnvironmentKeyRecord[];
  /** Revokes the key (idempotent); null when the environment has no such key. */
  revokeKey(accountId: string, environmentId: string, keyId: string): EnvironmentKeyRecord | null;
  /** The environment and account of an active key, or null for unknown and revoked keys. */
  authenticateKey(keyHash: string): { accountId: string; environmentId: string; keyId: string } | null;
  /**
   * Queues an item for the session unless a live one exists; answers the live item. The session's
   * turn calls it when it records a built-in tool call that a worker must run.
   */
  enqueueSession(accountId: string, environmentId: string, sessionId: string): WorkRecord;
  /**
   * Hands the oldest queued item that no poll holds (or whose poll was not acked for
   * `reclaimOlderThanMs`) to this poll; first puts back the items whose lease ran out. Records
   * `workerId` as polling now.
   */
  poll(environmentId: string, workerId: string | null, reclaimOlderThanMs: number): WorkRecord | null;
  /** `queued` → `starting` with a lease of `ttlSeconds`; null when unknown, "conflict" when not queued. */
  ack(environmentId: string, workId: string, ttlSeconds: number): WorkRecord | null | "conflict";
  /**
   * Renews the lease of a `starting`/`active` item (→ `active`) when `expected` is the stored
   * heartbeat (`NO_HEARTBEAT` for none; null: not compared); a `stopping` item keeps its lease
   * without the comparison; a `stopped` one is not extended. Null when unknown.
   */
  heartbeat(
    environmentId: string,
    workId: string,
    expected: string | null,
    ttlSeconds: number,
  ): HeartbeatOutcome | null;
  /** `stopping`, or `stopped` at once with `force` (a queued item always); null when unknown, "stopped" when it was. */
  stop(environmentId: string, workId: string, force: boolean): WorkRecord | null | "stopped";
  /**
   * A worker hands its item back: `starting`/`active` → `queued` (in its place: the queue is oldest
   * first; its lease is not counted as lost), `stopping` → `stopped`. Null when unknown, "conflict" when queued or stopped.
   */
  release(environmentId: string, workId: string): WorkRecord | null | "conflict";
  update(environmentId: string, workId: string, update: (current: Metadata) => Metadata): WorkRecord | null;
  get(environmentId: string, workId: string): WorkRecord | null;
  list(environmentId: string, page: PageQuery): Page<WorkRecord>;
  stats(environmentId: string, reclaimOlderThanMs: number, workersSince: string): WorkQueueStats;
  /** Puts back (or stops, when stopping) every item whose lease ran out; the number it changed. */
  expireLeases(): number;
  /** Stops the session's live item at once (interrupt, archive); whether there was one. */
  stopSessionWork(sessionId: string): boolean;
  /** The session's live item, if any. */
  sessionWork(sessionId: string): WorkRecord | null;
  /**
   * Whether an item of this environment that a worker acked (starting, active, stopping) names the
   * session, under a lease that has not run out.
   */
  holdsSession(environmentId: string, sessionId: string): boolean;
  totals(workersSince: string): WorkTotals;
}
