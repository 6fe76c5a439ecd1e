/**
 * When a cron schedule fires: the one function behind both `schedule.upcoming_runs_at` and the
 * scheduler (API.md, Deployments), so what a deployment shows is what it does.
 *
 * cron-parser matches the 5-field expression against the zone's local wall-clock time; this
 * module maps each matching wall-clock time to an instant with the daylight-saving rule:
 * - a local time that occurs twice (fall-back) fires once, at its first occurrence;
 * - a local time that does not exist (spring-forward gap) fires once, at the first instant after
 *   the gap (`30 2 * * *` in America/New_York fires at 03:00 EDT on 2026-03-08);
 * - several local times that map to the same instant (every minute of a gap, and the first minute
 *   after it) fire once.
 * cron-parser's own `tz` option handles neither rule this way (it moves a time in the gap by the
 * size of the gap and fires repeated times twice for sub-hourly expressions), so it is only asked
 * about wall-clock times, in UTC, where no transition exists.
 */
import { CronExpressionParser } from "cron-parser";
import type { CronSchedule } from "../storage/port/deployments.ts";

/** A schedule the service refuses; `field` is `expression` or `timezone`. */
export class ScheduleError extends Error {
  constructor(
    readonly field: "expression" | "timezone",
    message: string,
  ) {
    super(message);
    this.name = "ScheduleError";
  }
}

const FIELD_NAMES = ["minute", "hour", "day-of-month", "month", "day-of-week"] as const;
/** Numbers, `*`, ranges, lists and steps: the portable 5-field subset. */
const FIELD_ITEM = /^(?:\*|\d{1,2}(?:-\d{1,2})?)(?:\/\d{1,2})?$/;

/** Checks the expression and returns it with single spaces between the fields. */
export function normalizeCronExpression(expression: string): string {
  const fields = expression.trim().split(/\s+/);
  if (fields.length !== 5) {
    throw new ScheduleError(
      "expression",
      `The cron expression must have 5 fields (minute hour day-of-month month day-of-week), got ${fields.length}: "${expression.slice(0, 80)}".`,
    );
  }
  fields.forEach((field, i) => {
    if (!field.split(",").every((item) => FIELD_ITEM.test(item))) {
      throw new ScheduleError(
        "expression",
        `The ${FIELD_NAMES[i]} field "${field.slice(0, 40)}" may only hold numbers, *, ranges a-b, lists a,b and steps /n (no names, macros or L/W/#/?).`,
      );
    }
  });
  const normalized = fields.join(" ");
  try {
    CronExpressionParser.parse(normalized, { tz: "UTC", strict: false });
  } catch (err) {
    throw new ScheduleError(
      "expression",
      `The cron expression "${normalized}" is invalid: ${err instanceof Error ? err.message : String(err)}.`,
    );
  }
  return normalized;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Checks an IANA time zone name (offsets and unknown names are refused). */
export function validateTimezone(timeZone: string): string {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/.test(timeZone)) {
    throw new ScheduleError(
      "timezone",
      `"${timeZone.slice(0, 64)}" is not an IANA time zone name such as UTC, Europe/Berlin or America/New_York (offsets are not accepted).`,
    );
  }
  try {
    formatter(timeZone);
  } catch {
    throw new ScheduleError(
      "timezone",
      `Unknown time zone "${timeZone.slice(0, 64)}": use an IANA name such as Europe/Berlin.`,
    );
  }
  return timeZone;
}

/** The local wall-clock time at instant `t` in `timeZone`, as epoch ms of the same fields in UTC. */
function wallClockAt(timeZone: string, t: number): number {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(t)) {
    if (p.type !== "literal") parts[p.type] = Number(p.value);
  }
  const ms = ((t % 1000) + 1000) % 1000;
  return (
    Date.UTC(
      parts.year ?? 1970,
      (parts.month ?? 1) - 1,
      parts.day ?? 1,
      parts.hour ?? 0,
      parts.minute ?? 0,
      parts.second ?? 0,
    ) + ms
  );
}

const DAY_MS = 86_400_000;

/**
 * The instant at which the local wall-clock time `wall` fires: its only occurrence, its first
 * occurrence when it happens twice, or the end of the gap when it does not exist.
 */
function instantOf(timeZone: string, wall: number): number {
  const offsetBefore = wallClockAt(timeZone, wall - DAY_MS) - (wall - DAY_MS);
  const offsetAfter = wallClockAt(timeZone, wall + DAY_MS) - (wall + DAY_MS);
  const candidates = [...new Set([wall - offsetBefore, wall - offsetAfter])]
    .filter((t) => wallClockAt(timeZone, t) === wall)
    .sort((a, b) => a - b);
  const first = candidates[0];
  if (first !== undefined) return first;
  // In a gap: the local clock jumps from before `wall` to after it. Find the first instant whose
  // local time is past `wall` (the transition), between the two offsets' readings.
  let lo = Math.min(wall - offsetBefore, wall - offsetAfter);
  let hi = Math.max(wall - offsetBefore, wall - offsetAfter);
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (wallClockAt(timeZone, mid) > wall) hi = mid;
    else lo = mid;
  }
  return hi;
}

/**
 * The fire times of a cron schedule strictly after `after` and at or before `until` (if given),
 * soonest first, at most `count`.
 */
export function fireTimes(schedule: CronSchedule, after: Date, count: number, until?: Date): Date[] {
  const { timezone } = schedule;
  const afterMs = after.getTime();
  const untilMs = until?.getTime() ?? Number.POSITIVE_INFINITY;
  const walls = CronExpressionParser.parse(schedule.expression, {
    currentDate: new Date(wallClockAt(timezone, afterMs)),
    tz: "UTC",
  });
  const out: number[] = [];
  // Local times in a repeated hour or a gap are skipped or merged: bound the walk anyway.
  for (let guard = 0; out.length < count && guard < count + 2000; guard++) {
    let wall: number;
    try {
      wall = walls.next().getTime();
    } catch {
      break; // no further match
    }
    const t = instantOf(timezone, wall);
    if (t > untilMs) break;
    const last = out[out.length - 1];
    if (t <= afterMs || (last !== undefined && t <= last)) continue;
    out.push(t);
  }
  return out.map((t) => new Date(t));
}

/** The latest fire time in (`after`, `until`], or null. */
export function latestFireTime(schedule: CronSchedule, after: Date, until: Date): Date | null {
  let latest: Date | null = null;
  let from = after;
  for (;;) {
    const batch = fireTimes(schedule, from, 500, until);
    const last = batch[batch.length - 1];
    if (!last) return latest;
    latest = last;
    if (batch.length < 500) return latest;
    from = last;
  }
}

interface CachedFires {
  computedAt: number;
  fires: Date[];
}

/** Up to 500 schedules' next fire times, valid until the first of them passes. */
const upcomingCache = new Map<string, CachedFires>();
const UPCOMING_CACHE_SIZE = 500;

/**
 * The next `count` (at most 5) fire times after `now`. Cached per schedule: the fires after any
 * instant before the first cached fire are the cached ones, so a page of 100 deployments costs
 * one computation per distinct schedule and fire period.
 */
export function upcomingFireTimes(schedule: CronSchedule, now: Date, count = 5): Date[] {
  const key = `${schedule.timezone}\u0000${schedule.expression}`;
  const t = now.getTime();
  const hit = upcomingCache.get(key);
  const first = hit?.fires[0];
  if (hit && first && hit.computedAt <= t && t < first.getTime()) return hit.fires.slice(0, count);
  const fires = fireTimes(schedule, now, 5);
  if (upcomingCache.size >= UPCOMING_CACHE_SIZE) {
    const oldest = upcomingCache.keys().next().value;
    if (oldest !== undefined) upcomingCache.delete(oldest);
  }
  upcomingCache.delete(key);
  upcomingCache.set(key, { computedAt: t, fires });
  return fires.slice(0, count);
}
