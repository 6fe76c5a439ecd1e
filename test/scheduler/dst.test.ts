/**
 * The daylight-saving rule end to end, with an injected clock: deployments in America/New_York
 * across both 2026 transitions, the scheduler passing every minute of the window. What fires
 * must be exactly what `upcoming_runs_at` announced: nothing twice, nothing skipped.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "../../server/clock.ts";
import { createDeployment, passScheduler, runsOf, schedulerOf } from "../helpers/flows/deployments.ts";
import { createAgent, createEnvironment } from "../helpers/flows/lifecycle.ts";
import { inProcess, type TestServer } from "../helpers/servers/server.ts";

const clock = new ManualClock("2026-03-06T12:00:00.000Z");
let server: TestServer;
let envId: string;
let agentId: string;

beforeAll(async () => {
  server = await inProcess({ clock });
  // This test moves the clock back and forth while it sets up: it alone passes the scheduler.
  await schedulerOf(server).stop();
  envId = await createEnvironment(server);
  agentId = (await createAgent(server)).id;
});
afterAll(async () => {
  await server.stop();
});

const NY = "America/New_York";
const MINUTE = 60_000;

/** Creates a deployment at `at` (the clock is moved there) and returns its id and upcoming_runs_at. */
async function deployAt(at: string, expression: string): Promise<{ id: string; upcoming: string[] }> {
  clock.set(at);
  const d = await createDeployment(server, agentId, envId, {
    name: expression,
    schedule: { type: "cron", expression, timezone: NY },
    overlap_policy: "allow",
  });
  return { id: d.id, upcoming: d.schedule.upcoming_runs_at };
}

/**
 * Moves the clock minute by minute (plus a pass mid-minute) from `from` to `to`, passing the
 * scheduler each time. It yields to the event loop every simulated hour, so the server keeps
 * serving (and closing idle connections on time) while the sweep runs.
 */
async function sweep(from: string, to: string): Promise<void> {
  const scheduler = schedulerOf(server);
  for (let t = Date.parse(from); t <= Date.parse(to); t += MINUTE) {
    clock.set(new Date(t));
    await passScheduler(scheduler);
    clock.set(new Date(t + 30_000));
    await passScheduler(scheduler);
    if ((t / MINUTE) % 60 === 0) await new Promise((r) => setImmediate(r));
  }
}

async function firedAt(id: string): Promise<string[]> {
  const runs = await runsOf(server, id);
  for (const r of runs) expect(r.created_at).toBe(r.trigger_context.scheduled_at); // fired on the minute
  return runs.map((r) => r.trigger_context.scheduled_at);
}

describe("America/New_York", () => {
  it("spring forward, 2026-03-08: 02:30 fires once at 03:00 EDT; sub-hourly times in the gap collapse", async () => {
    const daily230 = await deployAt("2026-03-06T12:00:00.000Z", "30 2 * * *");
    const daily130 = await deployAt("2026-03-06T12:00:00.000Z", "30 1 * * *");
    const halfHourly = await deployAt("2026-03-08T05:50:00.000Z", "*/30 * * * *");
    const hourly15 = await deployAt("2026-03-08T04:50:00.000Z", "15 * * * *");
    expect(daily230.upcoming).toEqual([
      "2026-03-07T07:30:00.000Z",
      "2026-03-08T07:00:00.000Z",
      "2026-03-09T06:30:00.000Z",
      "2026-03-10T06:30:00.000Z",
      "2026-03-11T06:30:00.000Z",
    ]);
    expect(halfHourly.upcoming).toEqual([
      "2026-03-08T06:00:00.000Z",
      "2026-03-08T06:30:00.000Z",
      "2026-03-08T07:00:00.000Z",
      "2026-03-08T07:30:00.000Z",
      "2026-03-08T08:00:00.000Z",
    ]);
    expect(hourly15.upcoming).toEqual([
      "2026-03-08T05:15:00.000Z",
      "2026-03-08T06:15:00.000Z",
      "2026-03-08T07:00:00.000Z",
      "2026-03-08T07:15:00.000Z",
      "2026-03-08T08:15:00.000Z",
    ]);
    await sweep("2026-03-06T12:01:00.000Z", "2026-03-08T08:16:00.000Z");
    // The announced times for the part of the window swept.
    expect(await firedAt(daily230.id)).toEqual(daily230.upcoming.slice(0, 2));
    expect(await firedAt(daily130.id)).toEqual(["2026-03-07T06:30:00.000Z", "2026-03-08T06:30:00.000Z"]);
    expect(daily130.upcoming.slice(0, 2)).toEqual(["2026-03-07T06:30:00.000Z", "2026-03-08T06:30:00.000Z"]);
    expect(await firedAt(halfHourly.id)).toEqual(halfHourly.upcoming);
    expect(await firedAt(hourly15.id)).toEqual(hourly15.upcoming);
    // ~5,300 scheduler passes (see the sweep below).
  }, 120_000);

  it("fall back, 2026-11-01: 01:30 fires once, at its first occurrence; the repeated hour fires nothing", async () => {
    const daily130 = await deployAt("2026-10-30T12:00:00.000Z", "30 1 * * *");
    const daily230 = await deployAt("2026-10-30T12:00:00.000Z", "30 2 * * *");
    const halfHourly = await deployAt("2026-11-01T04:45:00.000Z", "*/30 * * * *");
    const hourly15 = await deployAt("2026-11-01T04:00:00.000Z", "15 * * * *");
    expect(daily130.upcoming.slice(0, 3)).toEqual([
      "2026-10-31T05:30:00.000Z",
      "2026-11-01T05:30:00.000Z",
      "2026-11-02T06:30:00.000Z",
    ]);
    expect(halfHourly.upcoming).toEqual([
      "2026-11-01T05:00:00.000Z",
      "2026-11-01T05:30:00.000Z",
      "2026-11-01T07:00:00.000Z",
      "2026-11-01T07:30:00.000Z",
      "2026-11-01T08:00:00.000Z",
    ]);
    expect(hourly15.upcoming).toEqual([
      "2026-11-01T04:15:00.000Z",
      "2026-11-01T05:15:00.000Z",
      "2026-11-01T07:15:00.000Z",
      "2026-11-01T08:15:00.000Z",
      "2026-11-01T09:15:00.000Z",
    ]);
    await sweep("2026-10-30T12:01:00.000Z", "2026-11-02T07:30:00.000Z");
    expect(await firedAt(daily130.id)).toEqual(daily130.upcoming.slice(0, 3));
    expect(await firedAt(daily230.id)).toEqual([
      "2026-10-31T06:30:00.000Z",
      "2026-11-01T07:30:00.000Z",
      "2026-11-02T07:30:00.000Z",
    ]);
    expect(daily230.upcoming.slice(0, 3)).toEqual(await firedAt(daily230.id));
    const half = await firedAt(halfHourly.id);
    expect(half.slice(0, 5)).toEqual(halfHourly.upcoming);
    // Every half hour up to the end of the sweep, with no fire inside the repeated hour (06:00Z-06:59Z).
    expect(half.filter((t) => t >= "2026-11-01T06:00:00.000Z" && t < "2026-11-01T07:00:00.000Z")).toEqual([]);
    expect(new Set(half).size).toBe(half.length);
    expect(half.length).toBe(
      2 + (Date.parse("2026-11-02T07:30:00.000Z") - Date.parse("2026-11-01T07:00:00.000Z")) / (30 * MINUTE) + 1,
    );
    const hourly = await firedAt(hourly15.id);
    expect(hourly.slice(0, 5)).toEqual(hourly15.upcoming);
    expect(new Set(hourly).size).toBe(hourly.length);
    // A sweep of ~5,600 scheduler passes: on PostgreSQL each is a round trip, 15-35 s on a loaded 2-core machine.
  }, 120_000);
});
