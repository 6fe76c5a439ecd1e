#!/usr/bin/env node
/**
 * Preview the fire times of a 5-field cron expression in an IANA time zone, before you put it
 * on a deployment. Node 18+, no dependencies.
 *
 *   node next-runs.mjs "0 9 * * 1-5" Europe/Berlin
 *   node next-runs.mjs "30 2 * * *" America/New_York --from 2026-03-06T00:00:00Z --count 5
 *
 * Semantics (the same as the Cloud Agents Service): the expression is matched against the zone's
 * local wall-clock time. A local time that occurs twice (the repeated hour in autumn) fires once,
 * at its first occurrence; a local time skipped by the spring change fires once, at the first
 * instant after the gap (`30 2 * * *` in New York fires at 03:00 EDT on 2026-03-08), and several
 * skipped times fire once together. The deployment's `schedule.upcoming_runs_at` is the
 * reference. When both day-of-month and day-of-week are restricted, a day matches when either
 * matches (classic cron).
 */
import { pathToFileURL } from "node:url";

const FIELDS = [
  { name: "minute", min: 0, max: 59 },
  { name: "hour", min: 0, max: 23 },
  { name: "day of month", min: 1, max: 31 },
  { name: "month", min: 1, max: 12 },
  { name: "day of week", min: 0, max: 7 },
];
const MINUTE = 60_000;
const BLOCK_MINUTES = 15; // UTC offsets and their changes fall on quarter hours
const HORIZON_YEARS = 5;

function parseField(text, field) {
  const values = new Set();
  for (const item of text.split(",")) {
    const m = /^(?:(\*)|(\d+)(?:-(\d+))?)(?:\/(\d+))?$/.exec(item);
    if (!m) {
      throw new Error(`${field.name}: "${item}" is not a number, a range a-b, a list a,b, * or a step */n`);
    }
    const lo = m[1] ? field.min : Number(m[2]);
    const hi = m[1] ? field.max : m[3] !== undefined ? Number(m[3]) : m[4] !== undefined ? field.max : lo;
    const step = m[4] !== undefined ? Number(m[4]) : 1;
    if (lo < field.min || hi > field.max || lo > hi) {
      throw new Error(`${field.name}: "${item}" is outside ${field.min}-${field.max}`);
    }
    if (step < 1) throw new Error(`${field.name}: the step in "${item}" must be at least 1`);
    for (let v = lo; v <= hi; v += step) values.add(v);
  }
  return { values, restricted: !text.startsWith("*") };
}

/** Parses `minute hour day-of-month month day-of-week`; throws an Error naming the field. */
export function parseCron(expression) {
  const parts = String(expression).trim().split(/\s+/);
  if (parts.length !== 5) {
    throw new Error(
      `expected 5 fields (minute hour day-of-month month day-of-week), got ${parts.length}: "${expression}"`,
    );
  }
  const [minute, hour, dom, month, dow] = parts.map((p, i) => parseField(p, FIELDS[i]));
  if (dow.values.delete(7)) dow.values.add(0); // 7 is Sunday too
  return { minute, hour, dom, month, dow };
}

function matches(cron, wall) {
  if (!cron.minute.values.has(wall.getUTCMinutes())) return false;
  if (!cron.hour.values.has(wall.getUTCHours())) return false;
  if (!cron.month.values.has(wall.getUTCMonth() + 1)) return false;
  const domOk = cron.dom.values.has(wall.getUTCDate());
  const dowOk = cron.dow.values.has(wall.getUTCDay());
  return cron.dom.restricted && cron.dow.restricted ? domOk || dowOk : domOk && dowOk;
}

/** Local wall-clock time at `instant` in `timeZone`, encoded as a UTC date (for field access). */
function wallClock(formatter, instant) {
  const p = Object.fromEntries(formatter.formatToParts(new Date(instant)).map((x) => [x.type, x.value]));
  return Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour) % 24, Number(p.minute));
}

/**
 * The next `count` fire times after `from`, as `{ at: Date, local: string, offsetMinutes }`.
 * Throws a RangeError for an unknown time zone.
 */
export function nextRuns(expression, timeZone = "UTC", { count = 10, from = new Date() } = {}) {
  const cron = parseCron(expression);
  const formatter = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  });
  const runs = [];
  let instant = Math.floor(from.getTime() / MINUTE) * MINUTE + MINUTE; // strictly after `from`
  const end = from.getTime() + HORIZON_YEARS * 366 * 24 * 60 * MINUTE;
  // The latest local time already reached: a local time at or before it is a repeat (fall back).
  let reached = -Infinity;
  for (let back = instant - 3 * 60 * MINUTE; back < instant; back += MINUTE) {
    reached = Math.max(reached, wallClock(formatter, back));
  }
  while (runs.length < count && instant < end) {
    // One time-zone lookup per quarter hour; the offset is constant inside it.
    const blockEnd = (Math.floor(instant / (BLOCK_MINUTES * MINUTE)) + 1) * BLOCK_MINUTES * MINUTE;
    const offset = wallClock(formatter, instant) - instant;
    for (; instant < blockEnd && runs.length < count; instant += MINUTE) {
      const wall = instant + offset;
      if (wall <= reached) continue; // the repeated hour: these local times already fired
      // Local times the clock jumped over (spring forward) fire now, at the first instant after the gap.
      let fires = matches(cron, new Date(wall));
      for (let skipped = reached + MINUTE; !fires && skipped < wall && wall - reached <= 3 * 60 * MINUTE; skipped += MINUTE) {
        fires = matches(cron, new Date(skipped));
      }
      reached = wall;
      if (fires) {
        runs.push({ at: new Date(instant), local: new Date(wall).toISOString().slice(0, 16).replace("T", " "), offsetMinutes: offset / MINUTE });
      }
    }
  }
  return runs;
}

function formatOffset(minutes) {
  const sign = minutes < 0 ? "-" : "+";
  const abs = Math.abs(minutes);
  return `UTC${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
}

/** Whether the zone changes its UTC offset during the year after `from` (observes DST). */
function observesDst(timeZone, from) {
  const formatter = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" });
  const offsets = new Set();
  for (let month = 0; month < 12; month++) {
    const date = new Date(from.getTime() + month * 31 * 24 * 60 * MINUTE);
    offsets.add(formatter.formatToParts(date).find((p) => p.type === "timeZoneName")?.value);
  }
  return offsets.size > 1;
}

function main(args) {
  const option = (name) => {
    const i = args.indexOf(name);
    if (i < 0) return undefined;
    const [value] = args.splice(i, 2).slice(1);
    return value;
  };
  const count = Number(option("--count") ?? 10);
  const fromText = option("--from");
  const from = fromText ? new Date(fromText) : new Date();
  const [expression, timeZone = "UTC"] = args;
  if (!expression || Number.isNaN(from.getTime()) || !(count > 0)) {
    process.stderr.write('usage: node next-runs.mjs "<min> <hour> <dom> <month> <dow>" [IANA zone] [--count N] [--from ISO]\n');
    return 2;
  }
  let runs;
  try {
    runs = nextRuns(expression, timeZone, { count, from });
  } catch (err) {
    process.stderr.write(`${err instanceof RangeError ? `unknown time zone "${timeZone}"` : err.message}\n`);
    return 1;
  }
  const cron = parseCron(expression);
  if (cron.dom.restricted && cron.dow.restricted) {
    process.stdout.write("note: day-of-month and day-of-week are both restricted: a day matches when EITHER matches.\n");
  }
  if (observesDst(timeZone, from) && [...cron.hour.values].some((h) => h <= 3)) {
    process.stdout.write(
      `note: ${timeZone} observes daylight saving time and the schedule runs between 00:00 and 03:59 local time:\n` +
        "      on change days a skipped time fires at the end of the gap and a repeated time fires once. Prefer other hours, or UTC.\n",
    );
  }
  let previous;
  for (const run of runs) {
    const changed = previous !== undefined && previous !== run.offsetMinutes ? "   <- UTC offset changed (DST)" : "";
    process.stdout.write(`${run.at.toISOString()}   ${run.local} ${formatOffset(run.offsetMinutes)}${changed}\n`);
    previous = run.offsetMinutes;
  }
  if (runs.length < count) process.stdout.write(`only ${runs.length} fire time(s) in the next ${HORIZON_YEARS} years\n`);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = main(process.argv.slice(2));
}
