/**
 * The multi-replica drill, shared by the SQLite and PostgreSQL runs (test/replicas/*.test.ts):
 * two server processes on one database behind a round-robin "load balancer" (the clients), 3
 * webhook endpoints subscribed to `agent.created`, a burst of 2,000 agent creations, 50
 * deployments firing every minute, and one replica SIGKILLed in the middle of the burst (while
 * the minute's runs execute) and started again. Afterwards: every acknowledged event reached every
 * endpoint (0 lost; duplicates counted, at-least-once), every delivery record settled, every
 * deployment fired exactly once per minute boundary it lived through (0 doubled, 0 missed), every
 * run settled.
 */
import { randomBytes } from "node:crypto";
import { join } from "node:path";
import { expect } from "vitest";
import { startReceiver } from "../helpers/fakes/receiver.ts";
import { userMessage } from "../helpers/flows/lifecycle.ts";
import { freePort, type ServerProcess, serverProcess, waitFor } from "../helpers/servers/server.ts";

export const EVENTS = 2000;
export const DEPLOYMENTS = 50;
const ENDPOINTS = 3;
const CLIENTS = 8;
const KILL_AT = 700;
const MINUTE = 60_000;

export interface DrillOptions {
  /** What the log line calls this run ("sqlite", "postgres"). */
  name: string;
  /** A data folder (the SQLite file lives there unless `env` sets DATABASE_URL). */
  dataDir: string;
  /** Extra environment of both replicas (DATABASE_URL for PostgreSQL). */
  env?: Record<string, string>;
}

export interface DrillReport {
  acknowledged: number;
  lost: number;
  duplicates: number;
  pending: number;
  runs: number;
  doubled: number;
  missed: number;
  unsettled: number;
  turnsRerun: number;
  /** Sessions whose turn was executed to the end twice (two answers to the one message): doubled work. */
  turnsDoubled: number;
}

/**
 * Waits for a wall-clock instant: the cron fire times under test are real times the server
 * processes read from their own clocks (no clock can be injected across processes), so the
 * condition is the instant itself.
 */
const sleepUntil = (t: number) => new Promise((r) => setTimeout(r, Math.max(0, t - Date.now())));

export async function runReplicaDrill(options: DrillOptions): Promise<DrillReport> {
  const token = `drill_${randomBytes(16).toString("hex")}`;
  const env = {
    WEBHOOK_RETRY_BASE_MS: "50",
    WEBHOOK_RETRY_FACTOR: "2",
    WEBHOOK_TIMEOUT_MS: "2000",
    // A killed replica's delivery leases expire after 6 s: the other one then sends those records.
    WEBHOOK_LEASE_MS: "6000",
    WEBHOOK_POLL_INTERVAL_MS: "100",
    // Each run's turn takes 8 s, so the kill and the restart land while the minute's runs execute;
    // a killed replica's runs are taken over once their 5 s lease expired.
    ECHO_RUNTIME_DELAY_MS: "8000",
    RUN_LEASE_MS: "5000",
    ...options.env,
  };
  const receiver = await startReceiver(() => ({ delayMs: 1 }));
  const ports = [await freePort(), await freePort()];
  const replicas: ServerProcess[] = [];
  const cleanup = async () => {
    for (const r of replicas) await r.kill("SIGKILL");
    await receiver.close();
  };
  try {
    for (const port of ports)
      replicas.push(
        await serverProcess({
          dbPath: join(options.dataDir, "db.sqlite"),
          token,
          port,
          env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: "true", ...env },
        }),
      );
    let turn = 0;
    const up = new Set([0, 1]);
    /** A request through the "load balancer": round robin over the replicas that are up. */
    const api = async (method: string, path: string, body?: unknown) => {
      const live = [...up];
      const index = live[turn++ % live.length] ?? 1;
      const replica = replicas[index] as ServerProcess;
      const res = await fetch(`${replica.url}/api/v1/cloud${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : null, text };
    };
    const ok = async (method: string, path: string, body?: unknown) => {
      const res = await api(method, path, body);
      if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${res.text}`);
      return res.body;
    };

    for (let i = 0; i < ENDPOINTS; i++) {
      await ok("POST", "/webhook_endpoints", { url: `${receiver.url}/e${i}`, events: ["agent.created"] });
    }
    const environmentId = (await ok("POST", "/environments", { name: "drill" })).id as string;
    const runner = (await ok("POST", "/agents", { name: "runner", model: "echo" })).id as string;
    const deployments: { id: string; createdAt: number }[] = [];
    for (let i = 0; i < DEPLOYMENTS; i++) {
      const d = await ok("POST", "/deployments", {
        name: `every minute ${i}`,
        agent: runner,
        environment_id: environmentId,
        initial_events: [userMessage("tick")],
        schedule: { type: "cron", expression: "* * * * *", timezone: "UTC" },
        overlap_policy: "allow",
      });
      deployments.push({ id: d.id, createdAt: Date.parse(d.created_at) });
    }
    // The burst starts just after a minute boundary: the kill lands while that minute's 50 runs execute.
    const firstFire = Math.ceil(Date.now() / MINUTE) * MINUTE;
    await sleepUntil(firstFire + 500);

    const acknowledged = new Set<string>();
    let cutOff = 0;
    let busy = 0;
    let killed = false;
    let restarting: Promise<void> | null = null;
    const killAndRestart = async () => {
      up.delete(0);
      await (replicas[0] as ServerProcess).kill("SIGKILL");
      replicas[0] = await serverProcess({
        dbPath: join(options.dataDir, "db.sqlite"),
        token,
        port: ports[0] as number,
        env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: "true", ...env },
      });
      up.add(0);
    };
    let created = 0;
    const client = async () => {
      while (created < EVENTS) {
        const n = created++;
        try {
          const res = await api("POST", "/agents", { name: `burst ${n}`, model: "echo" });
          if (res.status === 200 || res.status === 201) acknowledged.add(res.body.id as string);
          else if (res.status === 503) {
            // The database was busy past the wait (SQLite, two processes): not acknowledged, retried.
            busy++;
            created--;
          } else throw new Error(`POST /agents: ${res.status} ${res.text}`);
        } catch (err) {
          if (err instanceof Error && err.message.startsWith("POST /agents")) throw err;
          // The replica died under this request: not acknowledged (it may still be delivered).
          cutOff++;
          created--;
        }
        if (!killed && acknowledged.size >= KILL_AT) {
          killed = true;
          restarting = killAndRestart();
        }
      }
    };
    await Promise.all(Array.from({ length: CLIENTS }, client));
    if (restarting) await restarting;

    // Let the next minute fire on both replicas, then pause every deployment mid-minute (no fire
    // time near the pause), so the expected fire times are exact.
    const secondFire = firstFire + MINUTE;
    await sleepUntil(Math.max(secondFire + 20_000, Date.now()));
    const pausedAt = Date.now();
    expect(pausedAt % MINUTE, "the pause falls mid-minute").toBeLessThan(50_000);
    for (const d of deployments) await ok("POST", `/deployments/${d.id}/pause`);

    // Every acknowledged event at every endpoint, every record settled, every run settled.
    const receivedAt = (i: number) =>
      receiver.requests
        .filter((r) => r.path === `/e${i}`)
        .map((r) => (JSON.parse(r.body.toString("utf8")) as { data: { id: string } }).data.id);
    await waitFor(
      () => {
        for (let i = 0; i < ENDPOINTS; i++) {
          const got = new Set(receivedAt(i));
          for (const id of acknowledged) if (!got.has(id)) return false;
        }
        return true;
      },
      { timeoutMs: 180_000, intervalMs: 200, what: "every acknowledged event at every endpoint" },
    ).catch(() => undefined);
    const pendingNow = async () =>
      ((await ok("GET", "/webhook_events?status=pending&limit=100")).data as unknown[]).length;
    await waitFor(async () => (await pendingNow()) === 0, {
      timeoutMs: 120_000,
      intervalMs: 500,
      what: "no pending delivery record",
    }).catch(() => undefined);
    await waitFor(
      async () => ((await ok("GET", "/deployment_runs?status=running&limit=1")).data as unknown[]).length === 0,
      { timeoutMs: 120_000, intervalMs: 500, what: "no running deployment run" },
    ).catch(() => undefined);

    let lost = 0;
    let duplicates = 0;
    for (let i = 0; i < ENDPOINTS; i++) {
      const ids = receivedAt(i);
      const got = new Set(ids);
      duplicates += ids.length - got.size;
      for (const id of acknowledged) if (!got.has(id)) lost++;
    }
    let runs = 0;
    let doubled = 0;
    let missed = 0;
    let unsettled = 0;
    let turnsRerun = 0;
    let turnsDoubled = 0;
    for (const d of deployments) {
      const list = (await ok("GET", `/deployment_runs?deployment_id=${d.id}&limit=100`)).data as {
        status: string;
        session_id: string | null;
        trigger_context: { scheduled_at?: string };
      }[];
      runs += list.length;
      const times = list.map((r) => Date.parse(r.trigger_context.scheduled_at ?? ""));
      doubled += times.length - new Set(times).size;
      for (let t = Math.ceil(d.createdAt / MINUTE) * MINUTE; t < pausedAt; t += MINUTE) {
        if (!times.includes(t)) missed++;
      }
      for (const run of list) {
        if (run.status !== "succeeded") unsettled++;
        if (!run.session_id) continue;
        const events = (await ok("GET", `/sessions/${run.session_id}/events?limit=100`)).data as { type: string }[];
        const started = events.filter((e) => e.type === "session.status_run_started").length;
        if (started > 1) turnsRerun++;
        if (events.filter((e) => e.type === "agent.message").length > 1) turnsDoubled++;
      }
    }
    const pending = await pendingNow();
    const report: DrillReport = {
      acknowledged: acknowledged.size,
      lost,
      duplicates,
      pending,
      runs,
      doubled,
      missed,
      unsettled,
      turnsRerun,
      turnsDoubled,
    };
    console.log(
      `replica drill (${options.name}): ${acknowledged.size} events acknowledged to ${ENDPOINTS} endpoints across a SIGKILL ` +
        `and restart of one of 2 replicas (${cutOff} requests cut off, ${busy} answered 503 busy), ${lost} lost, ${duplicates} duplicate deliveries, ` +
        `${pending} records pending; ${DEPLOYMENTS} deployments: ${runs} runs, ${doubled} doubled, ${missed} missed, ` +
        `${unsettled} not succeeded, ${turnsRerun} sessions whose turn was started again (taken over from the killed replica), ` +
        `${turnsDoubled} turns answered twice`,
    );
    await Promise.all(replicas.map((r) => r.kill("SIGTERM")));
    for (const r of replicas) expect(r.child.exitCode, r.output().slice(-2000)).toBe(0);
    return report;
  } finally {
    await cleanup();
  }
}
