/**
 * What a deployment's schedule means at a given instant: its next fire time, its upcoming fire
 * times, and (for the scheduler) which due fire runs now. Pure functions over fireTimes.ts, so
 * `upcoming_runs_at` and firing cannot disagree.
 */
import type { CronSchedule, DeploymentRecord, FirePlan } from "../storage/port/deployments.ts";
import { fireTimes, latestFireTime, upcomingFireTimes } from "./fireTimes.ts";

/** The cron schedule of a deployment that can fire (active, not archived, cron), else null. */
function firingSchedule(d: Pick<DeploymentRecord, "schedule" | "status" | "archived_at">): CronSchedule | null {
  return d.schedule.type === "cron" && d.status === "active" && d.archived_at === null ? d.schedule : null;
}

/** The first fire time after `now`, or null when the deployment cannot fire. */
export function nextRunAt(d: Pick<DeploymentRecord, "schedule" | "status" | "archived_at">, now: Date): string | null {
  const schedule = firingSchedule(d);
  if (!schedule) return null;
  return upcomingFireTimes(schedule, now, 1)[0]?.toISOString() ?? null;
}

/** Up to 5 future fire times; empty for manual, paused and archived deployments. */
export function upcomingRunsAt(d: Pick<DeploymentRecord, "schedule" | "status" | "archived_at">, now: Date): string[] {
  const schedule = firingSchedule(d);
  return schedule ? upcomingFireTimes(schedule, now, 5).map((t) => t.toISOString()) : [];
}

/**
 * The scheduler's decision for a due deployment (`next_run_at <= now`):
 * - the fire to run is the latest fire time in [next_run_at, now] that is no older than the
 *   misfire grace or the deployment's catch-up window, whichever is longer; older fires were
 *   missed (the server was down) and are never back-filled;
 * - the next fire time is the first one after `now`.
 */
export function planFire(d: DeploymentRecord, now: Date, misfireGraceMs: number): FirePlan {
  const schedule = firingSchedule(d);
  if (!schedule || d.next_run_at === null) return { fireAt: null, nextRunAt: null };
  const windowMs = Math.max(misfireGraceMs, d.catchup_window_seconds * 1000);
  const due = Date.parse(d.next_run_at);
  const from = new Date(Math.max(due - 1, now.getTime() - windowMs - 1));
  const fireAt = from.getTime() < now.getTime() ? latestFireTime(schedule, from, now) : null;
  const next = fireTimes(schedule, now, 1)[0];
  return { fireAt: fireAt?.toISOString() ?? null, nextRunAt: next?.toISOString() ?? null };
}
