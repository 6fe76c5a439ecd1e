/**
 * What the operator side needs from the storage: the retention job's batch deletes, the
 * readiness check, and the figures `/metrics` reads at scrape time.
 */

/**
 * One table-specific step of the retention job (see HousekeepingStore.deleteRetentionBatch).
 */
export interface RetentionStep {
  table: string;
  /** What goes, for the docs and the logs. */
  description: string;
}

/** The result of one readiness probe of the storage: null = the check passed, else why it failed. */
export interface StorageCheck {
  /** The database answers a query, and its file (if any) is still there, readable, writable and a database. */
  database: string | null;
  /** Every migration this build ships is applied, and none it does not know. */
  migrations: string | null;
}

/** The delivery queue as `/metrics` shows it. */
export interface DeliveryQueueStats {
  /** Pending records whose time has come (or in flight), of enabled endpoints. */
  due: number;
  /** Pending records waiting for a retry time in the future. */
  scheduled: number;
  /** Pending records held by a disabled endpoint. */
  held: number;
  /** `next_attempt_at` of the oldest due record, null when none is due. */
  oldest_due_at: string | null;
  /** Records in the dead-letter queue. */
  dead: number;
  /** Events whose delivery records are still to be created (their `webhook_fanouts` rows). */
  fanning_out: number;
}

export interface RunStats {
  queued: number;
  running: number;
}

export interface HousekeepingStore {
  /** The retention job's steps, in the order they run (records before the events they reference). */
  retentionSteps(): readonly RetentionStep[];
  /**
   * One batch of a retention step: deletes at most `limit` rows of `table` (a step's table) that
   * are settled and older than `cutoff` (one short transaction) and returns the rows it deleted
   * per table (dependent rows it removed first included). The job calls it until it deletes fewer
   * than `limit` rows of `table`.
   */
  deleteRetentionBatch(table: string, cutoff: string, limit: number): Record<string, number>;
  check(): StorageCheck;
  deliveryQueue(now: string): DeliveryQueueStats;
  runs(): RunStats;
  /**
   * Which of `sessionIds` are sessions that exist (any account): the retention job removes the
   * workspace folders of the others (sessions deleted meanwhile, through this or another replica).
   */
  existingSessions(sessionIds: readonly string[]): string[];
}
