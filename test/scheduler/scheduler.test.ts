/**
 * The scheduler with an injected clock: missed fires and the catch-up window, the misfire grace,
 * two schedulers on two connections to one database file, and how a run follows its session's
 * first turn when the turn fails.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "../../server/clock.ts";
import { loadConfig } from "../../server/config/loadConfig.ts";
import { createLogger } from "../../server/logger.ts";
import { DeploymentScheduler } from "../../server/scheduler/deploymentScheduler.ts";
import { openStorage } from "../../server/storage/open.ts";
import { createDeployment, passScheduler, runsOf, schedulerOf } from "../helpers/flows/deployments.ts";
import { envelopesSince } from "../helpers/flows/events.ts";
import { createAgent, createEnvironment } from "../helpers/flows/lifecycle.ts";
import { inProcess, type TestServer, waitFor } from "../helpers/servers/server.ts";
import { executeStatement, queryRows } from "../helpers/servers/testDatabase.ts";

const clock = new ManualClock("2026-11-21T12:00:30.000Z");
let server: TestServer;
let envId: string;
let agentId: string;

beforeAll(async () => {
  server = await inProcess({ clock });
  // The test passes the scheduler itself, so the clock can jump over fire times ("downtime").
  await schedulerOf(server).stop();
  envId = await createEnvironment(server);
  agentId = (await createAgent(server)).id;
});
afterAll(async () => {
  await server.stop();
});

const hourly = { type: "cron", expression: "0 * * * *", timezone: "UTC" };
const scheduledTimes = async (id: string) =>
  (await runsOf(server, id)).map((r) => [r.trigger_context.scheduled_at, r.created_at]);

describe("missed fires", () => {
  it("without a catch-up window nothing missed runs; with one, only the latest miss within it runs, once", async () => {
    clock.set("2026-11-21T12:00:30.000Z");
    const none = await createDeployment(server, agentId, envId, { schedule: hourly, overlap_policy: "allow" });
    const catchup = await createDeployment(server, agentId, envId, {
      schedule: hourly,
      overlap_policy: "allow",
      catchup_window_seconds: 3600,
    });
    // The server was down from before 13:00 until 15:20: 13:00, 14:00 and 15:00 were missed.
    clock.set("2026-11-21T15:20:00.000Z");
    const scheduler = schedulerOf(server);
    await passScheduler(scheduler);
    await passScheduler(scheduler);
    expect(await scheduledTimes(none.id)).toEqual([]);
    expect(await scheduledTimes(catchup.id)).toEqual([["2026-11-21T15:00:00.000Z", "2026-11-21T15:20:00.000Z"]]);
    // Both carry on from now.
    for (const d of [none, catchup]) {
      expect((await server.request("GET", `/deployments/${d.id}`)).body.schedule.upcoming_runs_at[0]).toBe(
        "2026-11-21T16:00:00.000Z",
      );
    }
    // A fire found late by less than the misfire grace (60 s) is not a miss.
    clock.set("2026-11-21T16:00:45.000Z");
    await passScheduler(scheduler);
    expect(await scheduledTimes(none.id)).toEqual([["2026-11-21T16:00:00.000Z", "2026-11-21T16:00:45.000Z"]]);
    // Beyond it, it is.
    clock.set("2026-11-21T17:01:30.000Z");
    await passScheduler(scheduler);
    expect((await scheduledTimes(none.id)).length).toBe(1);
    expect((await scheduledTimes(catchup.id)).map(([at]) => at)).toEqual([
      "2026-11-21T15:00:00.000Z",
      "2026-11-21T16:00:00.000Z",
      "2026-11-21T17:00:00.000Z",
    ]);
    // Each fire's lag reached /metrics: 15:00 at 15:20 (1200 s), 16:00 at 16:00:45 twice (45 s each),
    // 17:00 at 17:01:30 (90 s).
    const metrics = await (await fetch(`${server.url}/metrics`)).text();
    const sample = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, "m").exec(metrics)?.[1]);
    expect(sample("cloud_agents_deployment_fire_lag_seconds_count")).toBe(4);
    expect(sample("cloud_agents_deployment_fire_lag_seconds_sum")).toBe(1200 + 45 + 45 + 90);
  });

  it("sleeps until the next due time, and the longest sleep without any deployment due", async () => {
    const token = await server.tokenFor("sleepy");
    const env = await createEnvironment(server, token);
    const a = await createAgent(server, {}, token);
    clock.set("2026-11-22T08:59:59.000Z");
    const scheduler = schedulerOf(server);
    await passScheduler(scheduler);
    const soonest = (
      await createDeployment(server, a.id, env, { schedule: { type: "cron", expression: "0 9 * * *" } }, token)
    ).id;
    const result = await passScheduler(scheduler);
    expect(result).toEqual({ sleepMs: expect.any(Number) });
    const { sleepMs } = result as { sleepMs: number };
    expect(sleepMs).toBeGreaterThan(0);
    expect(sleepMs).toBeLessThanOrEqual(1000);
    await server.request("DELETE", `/deployments/${soonest}`, { token });
  });
});

describe("two schedulers on one database file", () => {
  it("fire each deployment once per fire time, whichever passes first", async () => {
    clock.set("2026-11-23T09:30:00.000Z");
    const deployments = [];
    for (let i = 0; i < 10; i++) {
      deployments.push(
        await createDeployment(server, agentId, envId, {
          schedule: { type: "cron", expression: "*/10 * * * *" },
          overlap_policy: "allow",
        }),
      );
    }
    // A second connection to the same database (a second server's storage).
    const other = await openStorage(server.service.deps.config, { clock, migrate: false });
    const config = loadConfig({}).scheduler;
    const second = new DeploymentScheduler({ storage: other, config, clock, logger: createLogger("silent") });
    const first = schedulerOf(server);
    try {
      for (const [t, order] of [
        ["2026-11-23T09:40:00.000Z", [second, first]],
        ["2026-11-23T09:50:00.250Z", [first, second, first]],
        ["2026-11-23T10:00:00.000Z", [second, second, first]],
      ] as const) {
        clock.set(t);
        for (const scheduler of order) await passScheduler(scheduler);
      }
    } finally {
      await other.close();
    }
    for (const d of deployments) {
      expect((await scheduledTimes(d.id)).map(([at]) => at)).toEqual([
        "2026-11-23T09:40:00.000Z",
        "2026-11-23T09:50:00.000Z",
        "2026-11-23T10:00:00.000Z",
      ]);
    }
    // The database itself refuses a second run for the same deployment and fire time.
    const [run] = await queryRows<Record<string, unknown>>(
      server.databaseUrl,
      "SELECT * FROM deployment_runs WHERE deployment_id = ? LIMIT 1",
      deployments[0].id,
    );
    await expect(
      executeStatement(
        server.databaseUrl,
        `INSERT INTO deployment_runs (id, account_id, deployment_id, agent_id, status, trigger_type, scheduled_at, created_at)
         VALUES ('drun_X', ?, ?, ?, 'running', 'schedule', ?, ?)`,
        run?.account_id,
        run?.deployment_id,
        run?.agent_id,
        run?.scheduled_at,
        run?.created_at,
      ),
    ).rejects.toThrow(/UNIQUE|unique/);
  });
});

describe("a run follows its session's first turn", () => {
  it("a turn that fails fails the run with the turn's error", async () => {
    const runs = server.service.workers.find((w) => w.name === "runs");
    await runs?.stop(); // this test executes the turn itself
    try {
      const d = await createDeployment(server, agentId, envId);
      const started = (await server.request("POST", `/deployments/${d.id}/run`)).body;
      const storage = server.service.deps.storage;
      // Runs of the test above may still be queued (the worker was stopped mid-way): this test
      // takes them too, and keeps the one of its own session.
      const claimed = await waitFor(async () => {
        const run = await storage.runs.claimRun("test-worker", 60_000);
        return run?.session_id === started.session_id ? run : null;
      });
      expect(claimed.session_id).toBe(started.session_id);
      const events = await envelopesSince(server);
      expect(
        await storage.runs.failRun(claimed.id, "test-worker", { type: "runtime_error", message: "the model failed" }),
      ).toBe(true);
      expect((await server.request("GET", `/deployment_runs/${started.id}`)).body).toMatchObject({
        status: "failed",
        session_id: started.session_id,
        error: { type: "runtime_error", message: "the model failed" },
      });
      expect((await events()).map((e) => e.data)).toEqual([
        { id: started.session_id, type: "session.status_idled", stop_reason: { type: "error" } },
        { id: started.id, type: "deployment_run.failed", deployment_id: d.id, session_id: started.session_id },
      ]);
      // A failed turn is not a permanent cause: the deployment stays active.
      expect((await server.request("GET", `/deployments/${d.id}`)).body.status).toBe("active");
    } finally {
      runs?.start();
    }
  });

  it("deleting the agent during the first turn fails the run", async () => {
    const a = await createAgent(server);
    const d = await createDeployment(server, a.id, envId);
    const runs = server.service.workers.find((w) => w.name === "runs");
    await runs?.stop(); // keep the session's run queued while the agent goes
    try {
      const started = (await server.request("POST", `/deployments/${d.id}/run`)).body;
      await server.request("DELETE", `/agents/${a.id}`);
      expect((await server.request("GET", `/deployment_runs/${started.id}`)).body).toMatchObject({
        status: "failed",
        error: { type: "agent_unavailable" },
      });
    } finally {
      runs?.start();
    }
  });
});
