import type { DeliveryQueueStats, HousekeepingStore, RetentionStep, RunStats } from "../port/housekeeping.ts";
import type { Async } from "../port/index.ts";
import { errorMessage, RETENTION_STEPS, type RetentionTable, runStats } from "../rows/housekeeping.ts";
import { describeMigrationStatus } from "../rows/migrations.ts";
import type { PgContext } from "./context.ts";
import { postgresMigrationStatus } from "./migrate.ts";

/**
 * One retention step's batch, in the step's short transaction: the rows it deleted per table.
 * Rows another transaction holds (a late attempt being recorded) are skipped (SKIP LOCKED): the
 * next batch or the next run of the job takes them, and two replicas running the job at once
 * never wait for each other.
 */
type Batch = (tx: PgContext, cutoff: string, limit: number) => Promise<Record<string, number>>;

interface Step extends RetentionStep {
  batch: Batch;
}

/** Each retention step's batch (the rules and their order: rows/housekeeping.ts, as on SQLite). */
const BATCHES: Record<RetentionTable, Batch> = {
  // Settled = no attempt will be made any more without an operator's action. Pending records stay, however old.
  async webhook_deliveries(tx, cutoff, limit) {
    const ids = (
      await tx.query<{ id: string }>(
        `SELECT id FROM webhook_deliveries WHERE status <> 'pending' AND updated_at < $1
           ORDER BY updated_at LIMIT $2 FOR UPDATE SKIP LOCKED`,
        [cutoff, limit],
      )
    ).map((r) => r.id);
    if (ids.length === 0) return { webhook_deliveries: 0, webhook_attempts: 0 };
    const attempts = await tx.exec("DELETE FROM webhook_attempts WHERE delivery_id = ANY($1::text[])", [ids]);
    const deliveries = await tx.exec("DELETE FROM webhook_deliveries WHERE id = ANY($1::text[])", [ids]);
    return { webhook_deliveries: deliveries, webhook_attempts: attempts };
  },
  // A pending record keeps its event, and so the bytes it will send.
  async events(tx, cutoff, limit) {
    const events = await tx.exec(
      `DELETE FROM events WHERE seq IN (
           SELECT e.seq FROM events e
           WHERE e.created_at < $1 AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_seq = e.seq)
           ORDER BY e.created_at LIMIT $2 FOR UPDATE SKIP LOCKED)`,
      [cutoff, limit],
    );
    return { events };
  },
  async runs(tx, cutoff, limit) {
    const runs = await tx.exec(
      `DELETE FROM runs WHERE id IN (
           SELECT id FROM runs WHERE status IN ('completed', 'failed') AND updated_at < $1
           ORDER BY updated_at LIMIT $2 FOR UPDATE SKIP LOCKED)`,
      [cutoff, limit],
    );
    return { runs };
  },
  async deployment_runs(tx, cutoff, limit) {
    const deploymentRuns = await tx.exec(
      `DELETE FROM deployment_runs WHERE id IN (
           SELECT id FROM deployment_runs WHERE finished_at < $1
           ORDER BY finished_at LIMIT $2 FOR UPDATE SKIP LOCKED)`,
      [cutoff, limit],
    );
    return { deployment_runs: deploymentRuns };
  },
};

const STEPS: Step[] = RETENTION_STEPS.map((step) => ({ ...step, batch: BATCHES[step.table] }));

/** Housekeeping over PostgreSQL: retention batches, the readiness check and the /metrics figures. */
export function createHousekeepingStore(ctx: PgContext): Async<HousekeepingStore> {
  const steps: readonly RetentionStep[] = STEPS.map(({ table, description }) => ({ table, description }));
  return {
    async retentionSteps() {
      return steps;
    },

    deleteRetentionBatch(table, cutoff, limit) {
      const step = STEPS.find((s) => s.table === table);
      if (!step) return Promise.reject(new Error(`no retention step for table ${table}`));
      return ctx.tx((tx) => step.batch(tx, cutoff, limit));
    },

    async check() {
      try {
        await ctx.query("SELECT 1");
      } catch (err) {
        return { database: `the database does not answer: ${errorMessage(err)}`, migrations: "not checked" };
      }
      let migrations: string | null;
      try {
        migrations = describeMigrationStatus(await postgresMigrationStatus(ctx.hub.pool));
      } catch (err) {
        migrations = `cannot read the applied migrations: ${errorMessage(err)}`;
      }
      return { database: null, migrations };
    },

    async deliveryQueue(now) {
      const [q, dead] = await Promise.all([
        ctx.one<Omit<DeliveryQueueStats, "dead">>(
          `SELECT
             count(*) FILTER (WHERE e.active = 1 AND d.next_attempt_at <= $1) AS due,
             count(*) FILTER (WHERE e.active = 1 AND d.next_attempt_at > $1) AS scheduled,
             count(*) FILTER (WHERE e.active IS DISTINCT FROM 1) AS held,
             min(d.next_attempt_at) FILTER (WHERE e.active = 1 AND d.next_attempt_at <= $1) AS oldest_due_at
           FROM webhook_deliveries d LEFT JOIN webhook_endpoints e ON e.id = d.endpoint_id
           WHERE d.status = 'pending'`,
          [now],
        ),
        ctx.one<{ n: number }>("SELECT count(*) AS n FROM webhook_deliveries WHERE status = 'dead'"),
      ]);
      return {
        due: q?.due ?? 0,
        scheduled: q?.scheduled ?? 0,
        held: q?.held ?? 0,
        oldest_due_at: q?.oldest_due_at ?? null,
        dead: dead?.n ?? 0,
      };
    },

    async runs() {
      return runStats(
        await ctx.query<{ status: keyof RunStats; n: number }>(
          "SELECT status, count(*) AS n FROM runs WHERE status IN ('queued', 'running') GROUP BY status",
        ),
      );
    },
    async existingSessions(sessionIds) {
      if (sessionIds.length === 0) return [];
      const rows = await ctx.query<{ id: string }>("SELECT id FROM sessions WHERE id = ANY($1::text[])", [
        [...sessionIds],
      ]);
      return rows.map((r) => r.id);
    },
  };
}
