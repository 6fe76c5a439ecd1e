/**
 * The scheduler across crashes, with real processes on one SQLite file and real time: the server
 * is SIGKILLed before a fire time and started again after it. Without a catch-up window the missed
 * fire never runs; with one it runs once. Killing the server right after it fired and starting it
 * again (and a second server beside it) never fires the same time twice, and the next fire still
 * comes, once.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { userMessage } from "../helpers/flows/lifecycle.ts";
import { killAllServers, processClient, serverProcess, waitFor } from "../helpers/servers/server.ts";

const dir = mkdtempSync(join(tmpdir(), "cas-scheduler-crash-"));
afterAll(async () => {
  await killAllServers();
  rmSync(dir, { recursive: true, force: true });
});

const GRACE_MS = 1000;
const env = { SCHEDULER_MISFIRE_GRACE_MS: String(GRACE_MS) };

/**
 * Waits for a wall-clock instant: the cron fire times under test are real times the server
 * processes read from their own clocks (no clock can be injected across processes), so the
 * condition is the instant itself.
 */
const sleepUntil = (t: number) => new Promise((r) => setTimeout(r, Math.max(0, t - Date.now())));

it("a fire missed while the server was down runs once with a catch-up window, never without, and nothing doubles", async () => {
  const dbPath = join(dir, "db.sqlite");
  const token = `test_${randomBytes(16).toString("hex")}`;
  const first = await serverProcess({ crashable: true, dbPath, token, env: env });
  let api = processClient(first, token);
  const envId = (await api("POST", "/environments", { name: "e" })).id;
  const agentId = (await api("POST", "/agents", { name: "a", model: "echo" })).id;
  const body = {
    agent: agentId,
    environment_id: envId,
    initial_events: [userMessage("tick")],
    schedule: { type: "cron", expression: "* * * * *", timezone: "UTC" },
    overlap_policy: "allow",
  };
  const none = await api("POST", "/deployments", { ...body, name: "no catch-up" });
  const catchup = await api("POST", "/deployments", { ...body, name: "catch-up", catchup_window_seconds: 3600 });
  // The fire time to crash across: the first one at least 2 s away, so the kill lands before it.
  const missed = (none.schedule.upcoming_runs_at as string[]).find((t) => Date.parse(t) - Date.now() > 2000);
  if (!missed) throw new Error("no upcoming fire time");
  expect(catchup.schedule.upcoming_runs_at).toContain(missed);
  await first.kill("SIGKILL");
  expect(Date.now()).toBeLessThan(Date.parse(missed));

  // Down across the fire time and beyond the misfire grace.
  await sleepUntil(Date.parse(missed) + GRACE_MS + 1000);
  const second = await serverProcess({ crashable: true, dbPath, token, env: env });
  api = processClient(second, token);
  const runsAt = async (id: string) =>
    ((await api("GET", `/deployment_runs?deployment_id=${id}&limit=100`)).data as any[])
      .map((r) => r.trigger_context.scheduled_at as string)
      .sort();
  await waitFor(async () => (await runsAt(catchup.id)).includes(missed), {
    what: "the catch-up run",
    timeoutMs: 15_000,
  });
  // Crash right after it fired, then start again: the restarted server must not fire it again.
  await second.kill("SIGKILL");
  const third = await serverProcess({ crashable: true, dbPath, token, env: env });
  const fourth = await serverProcess({ crashable: true, dbPath, token, env: env }); // a second server on the same file
  api = processClient(third, token);
  const next = new Date(Date.parse(missed) + 60_000).toISOString();
  // Wait for the next fire (both servers pass at it) and for its sessions to end their turn.
  await waitFor(async () => (await runsAt(none.id)).includes(next) && (await runsAt(catchup.id)).includes(next), {
    what: `the fire at ${next}`,
    timeoutMs: 90_000,
    intervalMs: 200,
  });
  // Every fire time from `next` on, once each (no gap, no double); the missed one only with the
  // catch-up window. The lists are read one after the other, so the second may hold one more fire.
  const noneRuns = await runsAt(none.id);
  const catchupRuns = await runsAt(catchup.id);
  expect(noneRuns[0]).toBe(next);
  noneRuns.forEach((t, i) => {
    if (i > 0) expect(Date.parse(t) - Date.parse(noneRuns[i - 1] ?? "")).toBe(60_000);
  });
  expect(noneRuns).not.toContain(missed);
  expect(catchupRuns.slice(0, noneRuns.length + 1)).toEqual([missed, ...noneRuns]);
  expect(catchupRuns.length).toBeLessThanOrEqual(noneRuns.length + 2);
  expect(new Set(catchupRuns).size).toBe(catchupRuns.length);
  const all = (await api("GET", "/deployment_runs?limit=100")).data as any[];
  for (const run of all) expect(["running", "succeeded"]).toContain(run.status);
  await third.kill("SIGTERM");
  await fourth.kill("SIGTERM");
}, 180_000);
