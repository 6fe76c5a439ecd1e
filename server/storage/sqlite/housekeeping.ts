import { closeSync, openSync, readSync } from "node:fs";
import type Database from "better-sqlite3";
import type { DeliveryQueueStats, HousekeepingStore, RetentionStep, RunStats } from "../port/housekeeping.ts";
import { errorMessage, RETENTION_STEPS, type RetentionTable, runStats } from "../rows/housekeeping.ts";
import type { SqliteContext } from "./context.ts";
import { describeMigrationStatus, migrationStatus } from "./migrate.ts";

const SQLITE_MAGIC = Buffer.from("SQLite format 3\0", "latin1");

/** Null when the file opens for reading and writing and starts like a SQLite database, else why not. */
function checkFile(path: string): string | null {
  let fd: number;
  try {
    fd = openSync(path, "r+");
  } catch (err) {
    return `cannot open ${path} for reading and writing: ${errorMessage(err)}`;
  }
  try {
    const head = Buffer.alloc(SQLITE_MAGIC.length);
    const n = readSync(fd, head, 0, head.length, 0);
    return n === head.length && head.equals(SQLITE_MAGIC) ? null : `${path} is not a SQLite database any more`;
  } catch (err) {
    return `cannot read ${path}: ${errorMessage(err)}`;
  } finally {
    closeSync(fd);
  }
}

/**
 * Housekeeping over SQLite. Each retention step is one short immediate transaction deleting at
 * most `limit` rows through an index on age, so the write lock is held for one batch only and
 * requests interleave between batches. A new table with a retention rule is one more entry in
 * `steps`.
 */
export function createHousekeepingStore(ctx: SqliteContext, path: string): HousekeepingStore {
  const { db } = ctx;

  // Settled = no attempt will be made any more without an operator's action: succeeded,
  // discarded (endpoint deleted) and dead (the dead-letter queue keeps a record RETENTION_DAYS
  // after its last attempt). Pending records stay, however old.
  const settledDeliveries = db.prepare(
    `SELECT id FROM webhook_deliveries INDEXED BY webhook_deliveries_settled
     WHERE status <> 'pending' AND updated_at < ? ORDER BY updated_at LIMIT ?`,
  );
  const deleteAttempts = db.prepare(
    "DELETE FROM webhook_attempts WHERE delivery_id IN (SELECT value FROM json_each(?))",
  );
  const existingSessionsStmt = db.prepare("SELECT id FROM sessions WHERE id IN (SELECT value FROM json_each(?))");
  const deleteDeliveries = db.prepare("DELETE FROM webhook_deliveries WHERE id IN (SELECT value FROM json_each(?))");
  // An event goes once no delivery record references it any more (records cascade from
  // events, so a pending record keeps its event, and so the bytes it will send).
  const deleteEvents = db.prepare(
    `DELETE FROM events WHERE seq IN (
       SELECT e.seq FROM events e INDEXED BY events_created_at
       WHERE e.created_at < ? AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_seq = e.seq)
       ORDER BY e.created_at LIMIT ?)`,
  );
  // A run is kept while queued or running; its session's history (session_events) stays.
  const deleteRuns = db.prepare(
    `DELETE FROM runs WHERE id IN (
       SELECT id FROM runs INDEXED BY runs_finished
       WHERE status IN ('completed', 'failed') AND updated_at < ? ORDER BY updated_at LIMIT ?)`,
  );

  const deleteDeploymentRuns = db.prepare(
    `DELETE FROM deployment_runs WHERE id IN (
       SELECT id FROM deployment_runs INDEXED BY deployment_runs_finished
       WHERE finished_at < ? ORDER BY finished_at LIMIT ?)`,
  );

  /** A retention step and its batch delete (deletes at most `limit` rows older than `cutoff`). */
  type Step = RetentionStep & { deleteBatch(cutoff: string, limit: number): Record<string, number> };
  const batches: Record<RetentionTable, Step["deleteBatch"]> = {
    webhook_deliveries: (cutoff, limit) =>
      ctx.tx(() => {
        const ids = JSON.stringify((settledDeliveries.all(cutoff, limit) as { id: string }[]).map((r) => r.id));
        const attempts = deleteAttempts.run(ids).changes;
        return { webhook_deliveries: deleteDeliveries.run(ids).changes, webhook_attempts: attempts };
      }),
    events: (cutoff, limit) => ctx.tx(() => ({ events: deleteEvents.run(cutoff, limit).changes })),
    runs: (cutoff, limit) => ctx.tx(() => ({ runs: deleteRuns.run(cutoff, limit).changes })),
    deployment_runs: (cutoff, limit) =>
      ctx.tx(() => ({ deployment_runs: deleteDeploymentRuns.run(cutoff, limit).changes })),
  };
  const steps: Step[] = RETENTION_STEPS.map((step) => ({ ...step, deleteBatch: batches[step.table] }));

  const publicSteps: readonly RetentionStep[] = steps.map(({ table, description }) => ({ table, description }));

  const queueStmt = db.prepare(
    `SELECT
       coalesce(sum(CASE WHEN e.active = 1 AND d.next_attempt_at <= @now THEN 1 ELSE 0 END), 0) AS due,
       coalesce(sum(CASE WHEN e.active = 1 AND d.next_attempt_at > @now THEN 1 ELSE 0 END), 0) AS scheduled,
       coalesce(sum(CASE WHEN e.active IS NOT 1 THEN 1 ELSE 0 END), 0) AS held,
       min(CASE WHEN e.active = 1 AND d.next_attempt_at <= @now THEN d.next_attempt_at END) AS oldest_due_at
     FROM webhook_deliveries d INDEXED BY webhook_deliveries_next
     LEFT JOIN webhook_endpoints e ON e.id = d.endpoint_id
     WHERE d.status = 'pending'`,
  );
  const deadStmt = db.prepare(
    "SELECT count(*) AS n FROM webhook_deliveries INDEXED BY webhook_deliveries_dead WHERE status = 'dead'",
  );
  const runsStmt = db.prepare(
    "SELECT status, count(*) AS n FROM runs WHERE status IN ('queued', 'running') GROUP BY status",
  );
  const checkMigrations = (conn: Database.Database) => describeMigrationStatus(migrationStatus(conn));

  return {
    retentionSteps: () => publicSteps,

    deleteRetentionBatch(table, cutoff, limit) {
      const step = steps.find((s) => s.table === table);
      if (!step) throw new Error(`No retention step for table "${table}".`);
      return step.deleteBatch(cutoff, limit);
    },

    check() {
      let database: string | null = null;
      try {
        db.prepare("SELECT 1 FROM schema_migrations LIMIT 1").get();
      } catch (err) {
        return { database: `the database does not answer: ${errorMessage(err)}`, migrations: "not checked" };
      }
      // The open connection keeps answering from its file descriptor and page cache even when
      // the file was moved, deleted or made unreadable: look at the file itself, as the next
      // process (or a backup) would, for reading and writing, and check it is still a database.
      if (path !== ":memory:") database = checkFile(path);
      let migrations: string | null;
      try {
        migrations = checkMigrations(db);
      } catch (err) {
        migrations = `cannot read the applied migrations: ${errorMessage(err)}`;
      }
      return { database, migrations };
    },

    deliveryQueue(now) {
      const q = queueStmt.get({ now }) as Omit<DeliveryQueueStats, "dead">;
      return { ...q, dead: (deadStmt.get() as { n: number }).n };
    },

    runs() {
      return runStats(runsStmt.all() as { status: keyof RunStats; n: number }[]);
    },
    existingSessions(sessionIds) {
      if (sessionIds.length === 0) return [];
      const rows = existingSessionsStmt.all(JSON.stringify(sessionIds)) as { id: string }[];
      return rows.map((r) => r.id);
    },
  };
}
