/** The fire-time function behind both upcoming_runs_at and firing: cron fields, time zones, daylight saving. */
import { describe, expect, it } from "vitest";
import {
  fireTimes,
  latestFireTime,
  normalizeCronExpression,
  ScheduleError,
  upcomingFireTimes,
  validateTimezone,
} from "../../server/domain/fireTimes.ts";

const cron = (expression: string, timezone = "UTC") => ({ type: "cron" as const, expression, timezone });
const iso = (dates: Date[]) => dates.map((d) => d.toISOString());
const firesAfter = (schedule: ReturnType<typeof cron>, from: string, count: number) =>
  iso(fireTimes(schedule, new Date(from), count));

describe("daylight saving in America/New_York", () => {
  it("spring forward (2026-03-08): a local time in the gap fires once, at 03:00 EDT", () => {
    expect(firesAfter(cron("30 2 * * *", "America/New_York"), "2026-03-06T12:00:00Z", 4)).toEqual([
      "2026-03-07T07:30:00.000Z", // 02:30 EST
      "2026-03-08T07:00:00.000Z", // 02:30 does not exist: 03:00 EDT, the first instant after the gap
      "2026-03-09T06:30:00.000Z", // 02:30 EDT
      "2026-03-10T06:30:00.000Z",
    ]);
    // 02:00, 02:30 and 03:00 all land on 03:00 EDT: one fire.
    expect(firesAfter(cron("*/30 * * * *", "America/New_York"), "2026-03-08T05:50:00Z", 5)).toEqual([
      "2026-03-08T06:00:00.000Z",
      "2026-03-08T06:30:00.000Z",
      "2026-03-08T07:00:00.000Z",
      "2026-03-08T07:30:00.000Z",
      "2026-03-08T08:00:00.000Z",
    ]);
    expect(firesAfter(cron("15 * * * *", "America/New_York"), "2026-03-08T04:50:00Z", 5)).toEqual([
      "2026-03-08T05:15:00.000Z",
      "2026-03-08T06:15:00.000Z",
      "2026-03-08T07:00:00.000Z", // 02:15 does not exist
      "2026-03-08T07:15:00.000Z", // 03:15 EDT
      "2026-03-08T08:15:00.000Z",
    ]);
    // A time before the gap is untouched.
    expect(firesAfter(cron("30 1 * * *", "America/New_York"), "2026-03-07T12:00:00Z", 2)).toEqual([
      "2026-03-08T06:30:00.000Z",
      "2026-03-09T05:30:00.000Z",
    ]);
  });

  it("fall back (2026-11-01): a local time that occurs twice fires once, at its first occurrence", () => {
    expect(firesAfter(cron("30 1 * * *", "America/New_York"), "2026-10-30T12:00:00Z", 4)).toEqual([
      "2026-10-31T05:30:00.000Z",
      "2026-11-01T05:30:00.000Z", // 01:30 EDT; 01:30 EST (06:30Z) does not fire
      "2026-11-02T06:30:00.000Z",
      "2026-11-03T06:30:00.000Z",
    ]);
    expect(firesAfter(cron("*/30 * * * *", "America/New_York"), "2026-11-01T04:45:00Z", 5)).toEqual([
      "2026-11-01T05:00:00.000Z", // 01:00 EDT
      "2026-11-01T05:30:00.000Z", // 01:30 EDT
      "2026-11-01T07:00:00.000Z", // 02:00 EST: the repeated 01:00 and 01:30 EST are skipped
      "2026-11-01T07:30:00.000Z",
      "2026-11-01T08:00:00.000Z",
    ]);
    // Asked from inside the repeated hour, the next fire is after it.
    expect(firesAfter(cron("*/30 * * * *", "America/New_York"), "2026-11-01T06:10:00Z", 1)).toEqual([
      "2026-11-01T07:00:00.000Z",
    ]);
  });

  it("other zones: Berlin moves with its own dates, Kolkata has none, Lord Howe shifts by 30 minutes", () => {
    expect(firesAfter(cron("0 9 * * 1-5", "Europe/Berlin"), "2026-03-26T00:00:00Z", 4)).toEqual([
      "2026-03-26T08:00:00.000Z",
      "2026-03-27T08:00:00.000Z",
      "2026-03-30T07:00:00.000Z",
      "2026-03-31T07:00:00.000Z",
    ]);
    expect(firesAfter(cron("0 9 * * *", "Asia/Kolkata"), "2026-03-07T00:00:00Z", 2)).toEqual([
      "2026-03-07T03:30:00.000Z",
      "2026-03-08T03:30:00.000Z",
    ]);
    // 2026-10-04 02:00 → 02:30 local: 02:15 fires at the end of the 30-minute gap.
    expect(firesAfter(cron("15 2 * * *", "Australia/Lord_Howe"), "2026-10-02T00:00:00Z", 3)).toEqual([
      "2026-10-02T15:45:00.000Z",
      "2026-10-03T15:30:00.000Z",
      "2026-10-04T15:15:00.000Z",
    ]);
  });
});

describe("cron fields", () => {
  it("ORs day of month and day of week when both are restricted (classic cron)", () => {
    expect(firesAfter(cron("0 9 1 * 1"), "2026-11-23T12:00:00Z", 3)).toEqual([
      "2026-11-30T09:00:00.000Z", // Monday
      "2026-12-01T09:00:00.000Z", // the 1st (a Tuesday)
      "2026-12-07T09:00:00.000Z",
    ]);
  });

  it("accepts 7 as Sunday, steps, ranges and lists; normalizes whitespace", () => {
    expect(normalizeCronExpression("  0   9 * *   1-5 ")).toBe("0 9 * * 1-5");
    expect(firesAfter(cron("0 12 * * 7"), "2026-11-23T00:00:00Z", 1)).toEqual(["2026-11-29T12:00:00.000Z"]);
    expect(firesAfter(cron("0 8-18/4,22 * * *"), "2026-11-23T00:00:00Z", 5)).toEqual([
      "2026-11-23T08:00:00.000Z",
      "2026-11-23T12:00:00.000Z",
      "2026-11-23T16:00:00.000Z",
      "2026-11-23T22:00:00.000Z",
      "2026-11-24T08:00:00.000Z",
    ]);
  });

  it.each([
    "* * * *",
    "0 0 0 * * *",
    "@hourly",
    "0 9 * * MON",
    "0 9 ? * *",
    "0 9 L * *",
    "0 9 1W * *",
    "0 9 * * 1#2",
    "60 * * * *",
    "0 0 30 2 *",
    "*/0 * * * *",
    "0 9 * JAN *",
  ])("refuses %s", (expression) => {
    expect(() => normalizeCronExpression(expression)).toThrow(ScheduleError);
  });

  it("refuses offsets and unknown zones, accepts IANA names", () => {
    for (const zone of ["UTC", "Europe/Berlin", "America/Argentina/Buenos_Aires", "Etc/GMT+5"]) {
      expect(validateTimezone(zone)).toBe(zone);
    }
    for (const zone of ["+02:00", "UTC+2", "Mars/Olympus", "", "Europe//Berlin"]) {
      expect(() => validateTimezone(zone)).toThrow(ScheduleError);
    }
  });

  it("finds the latest fire time in a window, across more than one batch", () => {
    const everyMinute = cron("* * * * *");
    expect(
      latestFireTime(everyMinute, new Date("2026-11-23T00:00:00Z"), new Date("2026-11-23T23:59:30Z"))?.toISOString(),
    ).toBe("2026-11-23T23:59:00.000Z");
    expect(
      latestFireTime(cron("0 0 1 1 *"), new Date("2026-11-23T00:00:00Z"), new Date("2026-11-24T00:00:00Z")),
    ).toBeNull();
  });

  it("caches upcoming fire times only while they are still all in the future", () => {
    const s = cron("0 * * * *");
    expect(iso(upcomingFireTimes(s, new Date("2026-11-23T10:30:00Z"), 2))).toEqual([
      "2026-11-23T11:00:00.000Z",
      "2026-11-23T12:00:00.000Z",
    ]);
    expect(iso(upcomingFireTimes(s, new Date("2026-11-23T10:59:59.999Z"), 1))).toEqual(["2026-11-23T11:00:00.000Z"]);
    expect(iso(upcomingFireTimes(s, new Date("2026-11-23T11:00:00Z"), 1))).toEqual(["2026-11-23T12:00:00.000Z"]);
    // Going back in time (an injected clock) never reads a stale entry.
    expect(iso(upcomingFireTimes(s, new Date("2026-11-23T09:10:00Z"), 1))).toEqual(["2026-11-23T10:00:00.000Z"]);
  });
});
