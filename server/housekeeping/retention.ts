/**
 * Retention: a housekeeping job, scheduled with node-cron (`RETENTION_CRON`, hourly by default),
 * that deletes what is settled and older than `RETENTION_DAYS`. The rules per table live in the
 * storage layer (HousekeepingStore.retentionSteps); this file runs them in bounded batches and
 * yields to the event loop between batches, so requests keep flowing during a large clean-up.
 */
import { setTimeout as sleep, setImmediate as yieldToEventLoop } from "node:timers/promises";
import type { ScheduledTask } from "node-cron";
import type { WorkerHealth } from "../background/backgroundWorker.ts";
import type { Clock } from "../clock.ts";
import type { RetentionConfig } from "../config/sections.ts";
import { sweepOrphanBlobs } from "../domain/files.ts";
import type { Logger } from "../logger.ts";
import type { Metrics } from "../metrics.ts";
import type { Workspaces } from "../sandbox/workspace.ts";
import { type Storage, StorageBusyError } from "../storage/port/index.ts";

export interface RetentionResult {
  /** Workspace folders removed because their session no longer exists (RetentionJob only). */
  workspacesRemoved?: number;
  /** Blobs removed because no file names them (RetentionJob only). */
  blobsRemoved?: number;
  /** Rows older than this (RFC 3339) were eligible. */
  cutoff: string;
  /** Rows deleted per table. */
  deleted: Record<string, number>;
  /** Transactions used. */
  batches: number;
  /** False when the run was aborted (shutdown) before it finished. */
  complete: boolean;
  /** Batches that found the database's write lock taken and were tried again later. */
  busyRetries: number;
}

export interface RetentionOptions {
  storage: Storage;
  clock: Clock;
  days: number;
  batchSize: number;
  signal?: AbortSignal;
}

/** The first wait after a batch found the write lock taken, doubled up to BUSY_MAX_DELAY_MS. */
const BUSY_FIRST_DELAY_MS = 10;
const BUSY_MAX_DELAY_MS = 500;

/**
 * Runs every retention step until it has nothing more to delete. A batch that finds the write lock
 * taken (StorageBusyError: another process, the delivery thread or the WAL checkpointer held it
 * beyond the busy timeout; nothing was deleted) is tried again after a wait that grows, for as long
 * as it takes: retention is never urgent, and giving up would leave the work to the next run with
 * the same load. Only an abort (shutdown) ends a run early.
 */
export async function runRetention(options: RetentionOptions): Promise<RetentionResult> {
  const { storage, clock, days, batchSize, signal } = options;
  const cutoff = new Date(clock.now().getTime() - days * 86_400_000).toISOString();
  const deleted: Record<string, number> = {};
  let batches = 0;
  let busyRetries = 0;
  const stopped = () => ({ cutoff, deleted, batches, complete: false, busyRetries });
  for (const step of await storage.housekeeping.retentionSteps()) {
    deleted[step.table] ??= 0;
    let delay = BUSY_FIRST_DELAY_MS;
    for (;;) {
      if (signal?.aborted) return stopped();
      let counts: Record<string, number>;
      try {
        counts = await storage.housekeeping.deleteRetentionBatch(step.table, cutoff, batchSize);
      } catch (err) {
        if (!(err instanceof StorageBusyError)) throw err;
        busyRetries++;
        // Wait on a timer, not setImmediate: the holder (often the checkpointer truncating the
        // WAL these deletes grew) needs the lock free for a moment to finish.
        try {
          await sleep(delay, undefined, { signal });
        } catch {
          return stopped(); // aborted while waiting
        }
        delay = Math.min(delay * 2, BUSY_MAX_DELAY_MS);
        continue;
      }
      delay = BUSY_FIRST_DELAY_MS;
      batches++;
      for (const [table, n] of Object.entries(counts)) deleted[table] = (deleted[table] ?? 0) + n;
      if ((counts[step.table] ?? 0) < batchSize) break;
      // One batch holds the write lock; let waiting requests and loops in before the next.
      await yieldToEventLoop();
    }
  }
  return { cutoff, deleted, batches, complete: true, busyRetries };
}

/**
 * Removes the workspace folders (and their markers) of sessions that no longer exist: deleted
 * through another replica, or while this one was down. Returns how many it removed.
 */
export async function removeOrphanWorkspaces(
  storage: Storage,
  workspaces: Pick<Workspaces, "sessions" | "remove">,
  signal?: AbortSignal,
): Promise<number> {
  const folders = await workspaces.sessions();
  let removed = 0;
  for (let i = 0; i < folders.length; i += ORPHAN_BATCH) {
    if (signal?.aborted) break;
    const batch = folders.slice(i, i + ORPHAN_BATCH);
    const existing = new Set(await storage.housekeeping.existingSessions(batch));
    for (const id of batch) {
      if (existing.has(id)) continue;
      await workspaces.remove(id);
      removed++;
    }
  }
  return removed;
}

const ORPHAN_BATCH = 500;

export interface RetentionJobDeps {
  storage: Storage;
  /** The sessions' workspace folders: those of deleted sessions are removed on each run. */
  workspaces?: Pick<Workspaces, "sessions" | "remove">;
  clock: Clock;
  config: RetentionConfig;
  logger: Logger;
  metrics: Metrics;
}

/** How long after start() the job's schedule is made. */
const FIRST_SCHEDULE_DELAY_MS = 250;

type NodeCron = typeof import("node-cron").default;

/** The scheduled job: a background worker like the loops (started after listen, stopped before the database). */
export class RetentionJob {
  readonly name = "retention";
  private task: ScheduledTask | null = null;
  /** The first schedule, made just after start-up (see start). */
  private pending: NodeJS.Timeout | null = null;
  private abort = new AbortController();
  private inFlight: Promise<RetentionResult | null> | null = null;
  private lastPassAt: number | null = null;
  private lastError: string | null = null;

  constructor(private readonly deps: RetentionJobDeps) {}

  /**
   * Schedules the job. The schedule is made a moment after the call, off the start-up's path:
   * node-cron's first schedule builds a time-zone formatter and searches the next fire time (about
   * 0.1 s of CPU), and the first fire is minutes away at the soonest (seconds with a 6-field
   * expression). Like the loops before their first pass, the job counts as running from this call;
   * a schedule that fails is reported by health() (not running, with its error).
   */
  start(): void {
    if (this.task || this.pending) return;
    this.abort = new AbortController();
    this.lastPassAt = Date.now();
    const abort = this.abort;
    this.pending = setTimeout(() => {
      // node-cron is loaded here too, not at start. `pending` stays set until the job is scheduled.
      import("node-cron")
        .then(({ default: cron }) => {
          if (!abort.signal.aborted) this.schedule(cron);
        })
        .catch((err: unknown) => {
          if (abort.signal.aborted) return; // stopped meanwhile: nothing to report
          this.lastError = err instanceof Error ? err.message : String(err);
          this.deps.logger.error("retention: could not be scheduled", { error: this.lastError });
        })
        .finally(() => {
          // A stop meanwhile (and perhaps a new start) owns `pending` now.
          if (!abort.signal.aborted) this.pending = null;
        });
    }, FIRST_SCHEDULE_DELAY_MS);
  }

  private schedule(cron: NodeCron): void {
    const { config, logger } = this.deps;
    this.task = cron.createTask(config.cron, () => this.runOnce(), {
      name: this.name,
      noOverlap: true,
      // node-cron's own notices (missed runs) go through our logger, never plain text on stdout.
      logger: {
        info: (m) => logger.debug(`retention: ${m}`),
        warn: (m) => logger.warn(`retention: ${m}`),
        error: (m, err) => logger.error(`retention: ${String(m)}`, err ? { error: err.message } : {}),
        debug: (m) => logger.debug(`retention: ${String(m)}`),
      },
    });
    void this.task.start();
  }

  /** Runs the job now (the schedule calls this; so can tests). Never throws: failures are logged. */
  runOnce(): Promise<RetentionResult | null> {
    if (this.inFlight) return this.inFlight;
    const { storage, clock, config, logger, metrics } = this.deps;
    const started = Date.now();
    this.inFlight = runRetention({
      storage,
      clock,
      days: config.days,
      batchSize: config.batchSize,
      signal: this.abort.signal,
    })
      .then(async (result) => {
        if (this.deps.workspaces) {
          result.workspacesRemoved = await removeOrphanWorkspaces(storage, this.deps.workspaces, this.abort.signal);
        }
        // The bytes of files no row names (a session deleted by retention, an interrupted upload).
        result.blobsRemoved = await sweepOrphanBlobs({ storage, clock });
        this.lastPassAt = Date.now();
        this.lastError = null;
        metrics.observeRetention(result.deleted, new Date());
        logger.info("retention: deleted settled records", {
          cutoff: result.cutoff,
          deleted: result.deleted,
          batches: result.batches,
          busy_retries: result.busyRetries,
          complete: result.complete,
          workspaces_removed: result.workspacesRemoved ?? 0,
          blobs_removed: result.blobsRemoved ?? 0,
          duration_ms: Date.now() - started,
        });
        return result;
      })
      .catch((err: unknown) => {
        this.lastError = err instanceof Error ? err.message : String(err);
        logger.error("retention: run failed", { error: this.lastError });
        return null;
      })
      .finally(() => {
        this.inFlight = null;
      });
    return this.inFlight;
  }

  /** Unschedules the job and waits for a run in flight, which stops after its current batch. */
  async stop(): Promise<void> {
    if (this.pending) clearTimeout(this.pending);
    this.pending = null;
    const task = this.task;
    this.task = null;
    this.abort.abort();
    if (task) await task.destroy();
    await this.inFlight;
  }

  health(): WorkerHealth {
    // A cron job has no pass cadence to watch: it is healthy while scheduled.
    return {
      running: this.task !== null || this.pending !== null,
      lastPassAt: this.lastPassAt,
      staleAfterMs: null,
      lastError: this.lastError,
    };
  }
}
