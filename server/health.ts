/**
 * Readiness: can this process do its job now? The database answers (through a fresh
 * connection too), every migration is applied, and every background worker is running and has
 * had a good pass recently. Each failed check is named, with the reason.
 */
import type { BackgroundWorker } from "./background/backgroundWorker.ts";
import type { Storage } from "./storage/port/index.ts";

export interface ReadinessReport {
  status: "ready" | "not_ready";
  /** The names of the failed checks, e.g. `["database"]`, `["loop:webhook-delivery"]`. */
  failed: string[];
  /** Every check: "ok" or why it failed. */
  checks: Record<string, string>;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Why a worker is not healthy, or null. */
export function workerProblem(worker: BackgroundWorker, now: number = Date.now()): string | null {
  const h = worker.health();
  if (!h.running) return "stopped";
  if (h.staleAfterMs === null || h.lastPassAt === null) return null;
  const age = now - h.lastPassAt;
  if (age <= h.staleAfterMs) return null;
  const why = h.lastError ? `; last error: ${h.lastError}` : "";
  return `no good pass for ${seconds(age)} (limit ${seconds(h.staleAfterMs)})${why}`;
}

export async function checkReadiness(storage: Storage, workers: readonly BackgroundWorker[]): Promise<ReadinessReport> {
  const checks: Record<string, string> = {};
  let storageCheck: { database: string | null; migrations: string | null };
  try {
    storageCheck = await storage.housekeeping.check();
  } catch (err) {
    storageCheck = { database: err instanceof Error ? err.message : String(err), migrations: "not checked" };
  }
  checks.database = storageCheck.database ?? "ok";
  checks.migrations = storageCheck.migrations ?? "ok";
  if (workers.length === 0) checks.loops = "the background loops have not started";
  for (const worker of workers) checks[`loop:${worker.name}`] = workerProblem(worker) ?? "ok";
  const failed = Object.entries(checks)
    .filter(([, v]) => v !== "ok")
    .map(([k]) => k);
  return { status: failed.length ? "not_ready" : "ready", failed, checks };
}
