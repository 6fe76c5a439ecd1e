/**
 * Housekeeping (port/housekeeping.ts) written once for both adapters: the retention batches, the
 * delivery-queue and run figures for /metrics. Each batch is one short transaction deleting at most
 * `limit` rows through an index on age, so requests interleave between batches; on PostgreSQL rows
 * another transaction holds (a late attempt being recorded) are skipped (SKIP LOCKED): the next
 * batch or the next run takes them, and two replicas running the job never wait for each other.
 * What stays per adapter is `check` (the SQLite file, the migration tables).
 */
import type { DeliveryQueueStats, HousekeepingStore, RetentionStep, RunStats } from "../port/housekeeping.ts";
import { RETENTION_STEPS, type RetentionTable, runStats } from "../rows/housekeeping.ts";
import { list } from "./dialect.ts";
import { all, exec, one, type StepStore, type Steps } from "./steps.ts";

type Batch = (cutoff: string, limit: number) => Steps<Record<string, number>>;

/** Each retention step's batch (the rules and their order: rows/housekeeping.ts). */
const BATCHES: Record<RetentionTable, Batch> = {
  // Settled = no attempt will be made any more without an operator's action: succeeded, discarded
  // (endpoint deleted) and dead (the dead-letter queue keeps a record RETENTION_DAYS after its last
  // attempt). Pending records stay, however old.
  *webhook_deliveries(cutoff, limit) {
    const rows = yield* all<{ id: string }>(
      `SELECT id FROM webhook_deliveries{indexed:webhook_deliveries_settled}
       WHERE status <> 'pending' AND updated_at < ? ORDER BY updated_at LIMIT ?{forUpdateSkipLocked}`,
      [cutoff, limit],
    );
    if (rows.length === 0) return { webhook_deliveries: 0, webhook_attempts: 0 };
    const ids = list(rows.map((r) => r.id));
    const attempts = yield* exec("DELETE FROM webhook_attempts WHERE {in:delivery_id}", [ids]);
    return {
      webhook_deliveries: yield* exec("DELETE FROM webhook_deliveries WHERE {in:id}", [ids]),
      webhook_attempts: attempts,
    };
  },
  // An event goes once no delivery record references it any more (records cascade from events, so
  // a pending record keeps its event, and so the bytes it will send), nor a fan-out row (its
  // records are still to be created).
  *events(cutoff, limit) {
    const events = yield* exec(
      `DELETE FROM events WHERE seq IN (
         SELECT e.seq FROM events e{indexed:events_created_at}
         WHERE e.created_at < ? AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_seq = e.seq)
           AND NOT EXISTS (SELECT 1 FROM webhook_fanouts f WHERE f.event_seq = e.seq)
         ORDER BY e.created_at LIMIT ?{forUpdateSkipLocked})`,
      [cutoff, limit],
    );
    return { events };
  },
  // A run is kept while queued or running; its session's history (session_events) stays.
  *runs(cutoff, limit) {
    const runs = yield* exec(
      `DELETE FROM runs WHERE id IN (
         SELECT id FROM runs{indexed:runs_finished}
         WHERE status IN ('completed', 'failed') AND updated_at < ? ORDER BY updated_at LIMIT ?{forUpdateSkipLocked})`,
      [cutoff, limit],
    );
    return { runs };
  },
  *deployment_runs(cutoff, limit) {
    const deploymentRuns = yield* exec(
      `DELETE FROM deployment_runs WHERE id IN (
         SELECT id FROM deployment_runs{indexed:deployment_runs_finished}
         WHERE finished_at < ? ORDER BY finished_at LIMIT ?{forUpdateSkipLocked})`,
      [cutoff, limit],
    );
    return { deployment_runs: deploymentRuns };
  },
  *dreams(cutoff, limit) {
    const dreams = yield* exec(
      `DELETE FROM dreams WHERE id IN (
         SELECT id FROM dreams{indexed:dreams_ended}
         WHERE ended_at < ? ORDER BY ended_at LIMIT ?{forUpdateSkipLocked})`,
      [cutoff, limit],
    );
    return { dreams };
  },
};

const PUBLIC_STEPS: readonly RetentionStep[] = RETENTION_STEPS.map(({ table, description }) => ({
  table,
  description,
}));

const isRetentionTable = (table: string): table is RetentionTable => Object.hasOwn(BATCHES, table);

export const housekeeping: StepStore<Omit<HousekeepingStore, "check">> = {
  retentionSteps: {
    tx: false,
    // biome-ignore lint/correctness/useYield: a constant answer needs nothing from the database.
    *steps() {
      return PUBLIC_STEPS;
    },
  },
  deleteRetentionBatch: {
    tx: true,
    steps(table, cutoff, limit) {
      if (!isRetentionTable(table)) throw new Error(`No retention step for table "${table}".`);
      return BATCHES[table](cutoff, limit);
    },
  },
  deliveryQueue: {
    tx: false,
    *steps(now) {
      const q = yield* one<Record<keyof Omit<DeliveryQueueStats, "dead" | "fanning_out">, number | string | null>>(
        `SELECT
           count(*) FILTER (WHERE e.active = 1 AND d.next_attempt_at <= ?) AS due,
           count(*) FILTER (WHERE e.active = 1 AND d.next_attempt_at > ?) AS scheduled,
           count(*) FILTER (WHERE e.active IS NULL OR e.active <> 1) AS held,
           min(d.next_attempt_at) FILTER (WHERE e.active = 1 AND d.next_attempt_at <= ?) AS oldest_due_at
         FROM webhook_deliveries d{indexed:webhook_deliveries_next}
         LEFT JOIN webhook_endpoints e ON e.id = d.endpoint_id
         WHERE d.status = 'pending'`,
        [now, now, now],
      );
      const dead = yield* one<{ n: number }>(
        "SELECT count(*) AS n FROM webhook_deliveries{indexed:webhook_deliveries_dead} WHERE status = 'dead'",
      );
      return {
        due: Number(q?.due ?? 0),
        scheduled: Number(q?.scheduled ?? 0),
        held: Number(q?.held ?? 0),
        oldest_due_at: typeof q?.oldest_due_at === "string" ? q.oldest_due_at : null,
        dead: Number(dead?.n ?? 0),
        fanning_out: Number((yield* one<{ n: number }>("SELECT count(*) AS n FROM webhook_fanouts"))?.n ?? 0),
      };
    },
  },
  runs: {
    tx: false,
    *steps() {
      return runStats(
        yield* all<{ status: keyof RunStats; n: number }>(
          "SELECT status, count(*) AS n FROM runs WHERE status IN ('queued', 'running') GROUP BY status",
        ),
      );
    },
  },
  existingSessions: {
    tx: false,
    *steps(sessionIds) {
      if (sessionIds.length === 0) return [];
      return (yield* all<{ id: string }>("SELECT id FROM sessions WHERE {in:id}", [list(sessionIds)])).map((r) => r.id);
    },
  },
};
