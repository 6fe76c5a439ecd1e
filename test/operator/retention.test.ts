import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "../../server/clock.ts";
import { ConfigError, loadConfig } from "../../server/config/loadConfig.ts";
import type { RetentionJob } from "../../server/housekeeping/retention.ts";
import { type Receiver, startReceiver } from "../helpers/fakes/receiver.ts";
import { createDeployment } from "../helpers/flows/deployments.ts";
import {
  createAgent,
  createEnvironment,
  createSession,
  history,
  sendMessage,
  waitForIdle,
} from "../helpers/flows/lifecycle.ts";
import { inProcess, type TestServer, waitFor } from "../helpers/servers/server.ts";
import { queryRows } from "../helpers/servers/testDatabase.ts";

const T0 = "2026-01-01T00:00:00.000Z";
const DAY = 86_400_000;

describe("retention", () => {
  let server: TestServer;
  let receiver: Receiver;
  const clock = new ManualClock(T0);

  beforeAll(async () => {
    server = await inProcess({
      clock,
      env: {
        RETENTION_DAYS: "30",
        RETENTION_BATCH_SIZE: "2",
        WEBHOOK_RETRY_BASE_MS: "1000",
        WEBHOOK_RETRY_FACTOR: "1",
        WEBHOOK_RETRY_JITTER: "0",
        WEBHOOK_POLL_INTERVAL_MS: "20",
      },
    });
    receiver = await startReceiver((req) => ({ status: req.path === "/fail" ? 500 : 200 }));
  });
  afterAll(async () => {
    await server.stop();
    await receiver.close();
  });

  const endpoint = async (path: string, events: string[]) => {
    const res = await server.request("POST", "/webhook_endpoints", { body: { url: `${receiver.url}${path}`, events } });
    expect(res.status).toBe(201);
    return res.body.id as string;
  };
  const records = async (endpointId: string) =>
    (await server.request("GET", `/webhook_events?endpoint_id=${endpointId}&limit=100`)).body.data as {
      status: string;
      created_at: string;
    }[];
  /** A query through a second connection to the server's database (either adapter). */
  const sql = <T>(query: string, ...params: unknown[]): Promise<T[]> =>
    queryRows<T>(server.databaseUrl, query, ...params);

  it("deletes settled records older than RETENTION_DAYS in bounded batches and keeps pending work and session history", async () => {
    const delivery = server.service.workers.find((w) => w.name === "webhook-delivery") as unknown as {
      notify(): void;
    };
    // --- On day 0: three deliveries that succeed, one that dies, one held by a disabled endpoint,
    // and a finished run.
    const ok = await endpoint("/ok", ["agent.created"]);
    const fail = await endpoint("/fail", ["agent.updated"]);
    const paused = await endpoint("/paused", ["agent.archived"]);
    expect((await server.request("POST", `/webhook_endpoints/${paused}/disable`)).status).toBe(200);
    const agents = [await createAgent(server), await createAgent(server), await createAgent(server)];
    await waitFor(async () => (await records(ok)).filter((r) => r.status === "succeeded").length === 3);
    const first = agents[0];
    const updated = await server.request("POST", `/agents/${first.id}`, { body: { version: 1, system: "changed" } });
    expect(updated.status).toBe(200);
    for (let attempt = 1; attempt <= 4; attempt++) {
      await waitFor(async () => {
        const res = await server.request("GET", `/webhook_events?endpoint_id=${fail}`);
        return res.body.data[0]?.attempt_count === attempt;
      });
      clock.advance(1001); // the next retry is due (retries are 1 s apart by the injected clock)
      delivery.notify();
    }
    await waitFor(async () => (await records(fail))[0]?.status === "dead");
    expect((await server.request("POST", `/agents/${agents[1].id}/archive`)).status).toBe(200);
    await waitFor(async () => (await records(paused)).length === 1);
    const env = await createEnvironment(server);
    const session = await createSession(server, first.id, env);
    await sendMessage(server, session.id, "old turn");
    await waitForIdle(server, session.id, 1);

    // --- On day 20: a delivery that succeeds and a finished run, both recent enough to stay.
    clock.set(new Date(Date.parse(T0) + 20 * DAY));
    await createAgent(server);
    await waitFor(async () => (await records(ok)).filter((r) => r.status === "succeeded").length === 4);
    await sendMessage(server, session.id, "recent turn");
    await waitForIdle(server, session.id, 2);
    const sessionHistory = await history(server, session.id);

    // --- On day 35 (cutoff: day 5), the job runs.
    clock.set(new Date(Date.parse(T0) + 35 * DAY));
    const cutoff = new Date(Date.parse(T0) + 5 * DAY).toISOString();
    const oldEvents = Number(
      (await sql<{ n: number }>("SELECT count(*) AS n FROM events WHERE created_at < ?", cutoff))[0]?.n ?? 0,
    );
    const newEvents = Number(
      (await sql<{ n: number }>("SELECT count(*) AS n FROM events WHERE created_at >= ?", cutoff))[0]?.n ?? 0,
    );
    expect(oldEvents).toBeGreaterThan(5);
    const job = server.service.workers.find((w) => w.name === "retention") as unknown as RetentionJob;
    const result = await job.runOnce();

    expect(result?.cutoff).toBe(cutoff);
    expect(result?.complete).toBe(true);
    // 3 succeeded + 1 dead records; 3 + 4 attempts; the old events nothing references any more
    // (all but the one the held record will still send); the old run.
    expect(result?.deleted).toEqual({
      webhook_deliveries: 4,
      webhook_attempts: 7,
      events: oldEvents - 1,
      runs: 1,
      deployment_runs: 0,
      dreams: 0,
    });
    // Batches of at most 2 rows, until one deletes fewer: records 2, 2, 0; events 2, ..., <2; runs 1;
    // deployment runs 0; dreams 0.
    expect(result?.batches).toBe(3 + (Math.floor((oldEvents - 1) / 2) + 1) + 1 + 1 + 1);

    // What stays: the recent delivery, the held one (and its event), the recent run, every
    // session event and every event since the cutoff.
    expect((await records(ok)).map((r) => r.status)).toEqual(["succeeded"]);
    expect(await records(fail)).toEqual([]);
    expect((await records(paused)).map((r) => r.status)).toEqual(["pending"]);
    expect(await sql("SELECT kind FROM events WHERE created_at < ?", cutoff)).toEqual([{ kind: "agent.archived" }]);
    expect(
      Number((await sql<{ n: number }>("SELECT count(*) AS n FROM events WHERE created_at >= ?", cutoff))[0]?.n),
    ).toBe(newEvents);
    expect(await sql("SELECT status, updated_at FROM runs")).toEqual([
      { status: "completed", updated_at: expect.stringMatching(/^2026-01-21T/) },
    ]);
    expect(await history(server, session.id)).toEqual(sessionHistory);
    expect(
      server.logs.some((l) => l.msg === "retention: deleted settled records" && l.batches === result?.batches),
    ).toBe(true);

    // Nothing more to do on a second run.
    const again = await job.runOnce();
    expect(again?.deleted).toEqual({
      webhook_deliveries: 0,
      webhook_attempts: 0,
      events: 0,
      runs: 0,
      deployment_runs: 0,
      dreams: 0,
    });
    // Retries, batches and waits on real deliveries: 18 s on PostgreSQL on a loaded 2-core machine.
  }, 90_000);

  it("deletes finished deployment runs older than RETENTION_DAYS and keeps recent and running ones and their sessions", async () => {
    const start = Date.parse(T0) + 100 * DAY;
    clock.set(new Date(start));
    const env = await createEnvironment(server);
    const agent = await createAgent(server);
    const deployment = await createDeployment(server, agent.id, env);
    const run = async () => {
      const res = await server.request("POST", `/deployments/${deployment.id}/run`);
      expect(res.status).toBe(200);
      return res.body as { id: string; session_id: string };
    };
    const settled = async (id: string) =>
      waitFor(async () => (await server.request("GET", `/deployment_runs/${id}`)).body.status === "succeeded");
    const old = await run();
    await settled(old.id);
    clock.set(new Date(start + 20 * DAY));
    const recent = await run();
    await settled(recent.id);
    clock.set(new Date(start + 35 * DAY));
    const job = server.service.workers.find((w) => w.name === "retention") as unknown as RetentionJob;
    const result = await job.runOnce();
    expect(result?.deleted.deployment_runs).toBe(1);
    expect((await server.request("GET", `/deployment_runs/${old.id}`)).status).toBe(404);
    expect((await server.request("GET", `/deployment_runs/${recent.id}`)).status).toBe(200);
    // The session an old run created is the user's and stays.
    expect((await server.request("GET", `/sessions/${old.session_id}`)).status).toBe(200);
  });
});

describe("retention schedule", () => {
  it("runs on the RETENTION_CRON schedule (node-cron)", async () => {
    const server = await inProcess({ env: { RETENTION_CRON: "* * * * * *" } }); // every second
    try {
      await waitFor(() => server.logs.some((l) => l.msg === "retention: deleted settled records"), {
        timeoutMs: 5000,
        what: "a scheduled retention run",
      });
    } finally {
      await server.stop();
    }
  });

  it.each([
    ["RETENTION_CRON", "every hour", /RETENTION_CRON must be a cron expression/],
    ["RETENTION_DAYS", "0", /RETENTION_DAYS must be between 1 and/],
    ["RATE_LIMIT_PER_MINUTE", "-1", /RATE_LIMIT_PER_MINUTE must be a whole number/],
    ["CORS_ORIGINS", "https://app.example.com/", /CORS_ORIGINS must be "\*" or comma-separated origins/],
    ["METRICS_TOKEN", "short", /METRICS_TOKEN must be 16 to 256/],
  ])("refuses %s=%s, naming the variable", (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });
});
