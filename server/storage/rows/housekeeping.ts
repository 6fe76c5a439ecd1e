/**
 * The retention rules and the figures housekeeping reports, one copy for both adapters; each
 * adapter supplies the batch delete of every step in its dialect.
 */
import type { RetentionStep, RunStats } from "../port/housekeeping.ts";

/** The tables a retention step deletes from. */
export type RetentionTable = "webhook_deliveries" | "events" | "runs" | "deployment_runs" | "dreams";

/** The retention steps, in order: records before the events they reference. */
export const RETENTION_STEPS = [
  {
    table: "webhook_deliveries",
    description: "settled delivery records (succeeded, dead, discarded) and their attempts, by last update",
  },
  { table: "events", description: "outbox events no delivery record references any more, by creation" },
  { table: "runs", description: "completed and failed runs, by last update" },
  {
    table: "deployment_runs",
    description: "finished deployment runs (succeeded, failed, skipped), by finish time; their sessions stay",
  },
  {
    table: "dreams",
    description: "ended dreams (completed, failed, canceled), by end time; their sessions and output stores stay",
  },
] as const satisfies readonly (RetentionStep & { table: RetentionTable })[];

/** The message of a caught error (readiness checks report it). */
export const errorMessage = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** Queued and running runs from `SELECT status, count(*) AS n ... GROUP BY status`. */
export function runStats(rows: { status: keyof RunStats; n: number }[]): RunStats {
  const out: RunStats = { queued: 0, running: 0 };
  for (const r of rows) out[r.status] = r.n;
  return out;
}
