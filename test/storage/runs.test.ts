/**
 * The run store's contract on every adapter: claims (the oldest queued run of a session with
 * nothing running), leases and heartbeats, threads, outputs, the end of a run (session idled,
 * deployment run settled), release on shutdown, and recovery that only takes over expired leases;
 * on PostgreSQL, replicas claiming and recovering on one database at the same time.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ManualClock, systemClock } from "../../server/clock.ts";
import type { AgentConfig } from "../../server/storage/port/agents.ts";
import type { Storage } from "../../server/storage/port/index.ts";
import type { ClaimedRun } from "../../server/storage/port/runs.ts";
import { createPostgresStorage } from "../../server/storage/postgres/index.ts";
import { waitFor } from "../helpers/flows/waitFor.ts";
import { freshPostgresDatabase } from "../helpers/servers/postgres.ts";
import { requirePostgres } from "../helpers/servers/requires.ts";
import { adapters } from "./adapters.ts";

const noPostgres = requirePostgres() !== null;

const LEASE_MS = 60_000;

const AGENT: AgentConfig = {
  name: "helper",
  model: "test-model",
  system: null,
  description: null,
  tools: [],
  mcp_servers: [],
  skills: [],
  multiagent: null,
  metadata: {},
};

/**
 * Recovery as a worker pass calls it. Recovery takes over expired leases only (issue-10r drops the
 * `all` option from the port; the cast keeps this file compiling on both sides of that change).
 */
const recover = (storage: Storage, maxAttempts: number) =>
  storage.runs.recoverRuns({ maxAttempts } as Parameters<Storage["runs"]["recoverRuns"]>[0]);

const text = (t: string) => [{ type: "text" as const, text: t }];

/** An agent, an environment and a session whose first message queued a run. */
async function sessionWithRun(storage: Storage, accountId: string, message = "hello") {
  const agent = await storage.agents.createAgent(accountId, AGENT);
  const environment = await storage.environments.createEnvironment(accountId, {
    name: "env",
    description: null,
    config: { type: "cloud", networking: { type: "unrestricted" } },
    metadata: {},
  });
  const created = await storage.sessions.createSession(accountId, {
    agent: { id: agent.id },
    environment_id: environment.id,
    title: null,
    metadata: {},
    vault_ids: [],
    environment_variables: "",
    initial_events: [{ type: "user.message", content: text(message) }],
  });
  if (!created.ok) throw new Error(`session not created: ${created.reason}`);
  return { agent, environment, session: created.session, events: created.events };
}

describe.each(adapters)("run store ($name)", (adapter) => {
  let clock: ManualClock;
  let storage: Storage;
  let account: string;

  const kinds = async () => (await storage.outbox.listEvents(account)).map((e) => e.envelope.data.type);
  const sessionStatus = async (id: string) => (await storage.sessions.getSession(account, id))?.status;
  const history = async (id: string) =>
    ((await storage.sessions.listEvents(account, id, { page: { limit: 100 } }))?.data ?? []).map((e) => e.type);

  beforeEach(async () => {
    clock = new ManualClock();
    storage = await adapter.open(clock);
    account = (await storage.accounts.ensureAccount("acme")).id;
  });
  afterEach(async () => {
    await storage.close();
  });

  it("claims the queued run with its input, agent and lease; the session runs one turn at a time", async () => {
    const { agent, session, events } = await sessionWithRun(storage, account);
    const run = await storage.runs.claimRun("w1", LEASE_MS);
    expect(run).toEqual({
      id: expect.stringMatching(/^run_/),
      account_id: account,
      session_id: session.id,
      attempt: 1,
      agent: expect.objectContaining({ id: agent.id, version: 1 }),
      input: [{ event_id: events[0]?.id, content: text("hello") }],
      vault_ids: [],
    });
    expect(await sessionStatus(session.id)).toBe("running");
    expect(await kinds()).toContain("session.status_run_started");
    expect(await storage.runs.isActive(run?.id ?? "", "w1")).toBe(true);
    expect(await storage.runs.isActive(run?.id ?? "", "w2")).toBe(false);
    // Nothing else is claimable; a message sent meanwhile waits for the next turn.
    expect(await storage.runs.claimRun("w2", LEASE_MS)).toBeNull();
    await storage.sessions.appendEvents(account, session.id, [{ type: "user.message", content: text("more") }]);
    expect(await storage.runs.claimRun("w2", LEASE_MS)).toBeNull();
    expect(await storage.housekeeping.runs()).toEqual({ queued: 1, running: 1 });

    expect(await storage.runs.completeRun(run?.id ?? "", "w1", [{ type: "agent.message", content: text("hi") }])).toBe(
      true,
    );
    expect(await storage.runs.completeRun(run?.id ?? "", "w1", [])).toBe(false);
    expect(await sessionStatus(session.id)).toBe("idle");
    const next = await storage.runs.claimRun("w2", LEASE_MS);
    expect(next?.input.map((i) => i.content)).toEqual([text("more")]);
    expect(await history(session.id)).toEqual([
      "user.message",
      "session.status_run_started",
      "user.message",
      "agent.message",
      "session.status_idled",
      "session.status_run_started",
    ]);
  });

  it("wakes the run workers when a run ends or is recovered", async () => {
    await sessionWithRun(storage, account);
    let woken = 0;
    storage.on("runs", () => woken++);
    const run = (await storage.runs.claimRun("w1", LEASE_MS)) as ClaimedRun;
    const before = woken;
    await storage.runs.completeRun(run.id, "w1", []);
    expect(woken).toBe(before + 1);
    await sessionWithRun(storage, account);
    await storage.runs.claimRun("w1", LEASE_MS);
    clock.advance(LEASE_MS + 1);
    const beforeRecovery = woken;
    expect(await recover(storage, 3)).toEqual({ requeued: 1, failed: 0 });
    expect(woken).toBe(beforeRecovery + 1);
  });

  it("extends a lease by heartbeat, and only the owner may", async () => {
    await sessionWithRun(storage, account);
    const run = (await storage.runs.claimRun("w1", LEASE_MS)) as ClaimedRun;
    clock.advance(LEASE_MS - 1000);
    expect(await storage.runs.heartbeat(run.id, "w1", LEASE_MS)).toBe(true);
    expect(await storage.runs.heartbeat(run.id, "w2", LEASE_MS)).toBe(false);
    // The original lease has passed, the renewed one has not: nothing to recover.
    clock.advance(2000);
    expect(await recover(storage, 3)).toEqual({ requeued: 0, failed: 0 });
    expect(await storage.runs.isActive(run.id, "w1")).toBe(true);
  });

  it("recovers only runs whose lease expired (at start-up too), and the old owner's writes are refused", async () => {
    const { session } = await sessionWithRun(storage, account);
    const run = (await storage.runs.claimRun("w1", LEASE_MS)) as ClaimedRun;
    // Another process starting now must not take over a run whose lease is in force.
    expect(await recover(storage, 3)).toEqual({ requeued: 0, failed: 0 });
    clock.advance(LEASE_MS + 1);
    expect(await recover(storage, 3)).toEqual({ requeued: 1, failed: 0 });
    expect(await sessionStatus(session.id)).toBe("rescheduling");
    // The lease was lost: the old owner writes nothing.
    expect(await storage.runs.heartbeat(run.id, "w1", LEASE_MS)).toBe(false);
    expect(await storage.runs.completeRun(run.id, "w1", [{ type: "agent.message", content: text("late") }])).toBe(
      false,
    );
    expect(await storage.runs.recordOutputs(run.id, "w1", null, [])).toBe(false);
    expect(await storage.runs.conversation(run.id, "w1", null, 10)).toBeNull();
    const again = await storage.runs.claimRun("w2", LEASE_MS);
    expect(again).toMatchObject({ id: run.id, attempt: 2 });

    // Out of attempts: the run fails with run_interrupted and the session idles.
    clock.advance(LEASE_MS + 1);
    expect(await recover(storage, 2)).toEqual({ requeued: 0, failed: 1 });
    expect(await sessionStatus(session.id)).toBe("idle");
    const events = (await storage.sessions.listEvents(account, session.id, { page: { limit: 100 } }))?.data ?? [];
    expect(events.find((e) => e.type === "session.error")?.error?.type).toBe("run_interrupted");
    expect(await history(session.id)).not.toContain("agent.message");
  });

  it("refuses every write of an owner whose run another worker took over, and keeps the new owner's", async () => {
    const { session } = await sessionWithRun(storage, account);
    const lost = (await storage.runs.claimRun("w1", LEASE_MS)) as ClaimedRun;
    const sub = await storage.agents.createAgent(account, { ...AGENT, name: "sub" });
    clock.advance(LEASE_MS + 1);
    await recover(storage, 3);
    const taken = (await storage.runs.claimRun("w2", LEASE_MS)) as ClaimedRun;
    expect(taken.id).toBe(lost.id);
    // The first owner comes back late: nothing it writes lands.
    expect(await storage.runs.isActive(lost.id, "w1")).toBe(false);
    expect(await storage.runs.startThread(lost.id, "w1", { id: sub.id, version: 1 })).toEqual({
      ok: false,
      reason: "lost",
    });
    expect(await storage.runs.recordError(lost.id, "w1", null, { type: "runtime_error", message: "late" })).toBe(false);
    expect(await storage.runs.failRun(lost.id, "w1", { type: "runtime_error", message: "late" })).toBe(false);
    expect(await storage.runs.releaseRun(lost.id, "w1")).toBe(false);
    expect(await storage.runs.completeRun(lost.id, "w1", [{ type: "agent.message", content: text("late") }])).toBe(
      false,
    );
    expect(await sessionStatus(session.id)).toBe("running");
    expect(await storage.runs.completeRun(taken.id, "w2", [{ type: "agent.message", content: text("mine") }])).toBe(
      true,
    );
    const events = (await storage.sessions.listEvents(account, session.id, { page: { limit: 100 } }))?.data ?? [];
    expect(events.filter((e) => e.type === "agent.message").map((e) => e.content)).toEqual([text("mine")]);
    expect(events.filter((e) => e.type === "session.error")).toEqual([]);
  });

  it("gives a run back on shutdown without counting the attempt", async () => {
    const { session } = await sessionWithRun(storage, account);
    const run = (await storage.runs.claimRun("w1", LEASE_MS)) as ClaimedRun;
    expect(await storage.runs.releaseRun(run.id, "w2")).toBe(false);
    expect(await storage.runs.releaseRun(run.id, "w1")).toBe(true);
    expect(await sessionStatus(session.id)).toBe("rescheduling");
    expect(await storage.runs.claimRun("w2", LEASE_MS)).toMatchObject({ id: run.id, attempt: 1 });
  });

  it("fails a run with its error, idling its threads and the session", async () => {
    const { session } = await sessionWithRun(storage, account);
    const run = (await storage.runs.claimRun("w1", LEASE_MS)) as ClaimedRun;
    const sub = await storage.agents.createAgent(account, { ...AGENT, name: "sub" });
    const started = await storage.runs.startThread(run.id, "w1", { id: sub.id, version: 1 });
    if (!started.ok) throw new Error(started.reason);
    expect(await storage.runs.threadStatus(started.thread_id)).toBe("running");
    expect(await storage.runs.failRun(run.id, "w1", { type: "provider_error", message: "the provider is down" })).toBe(
      true,
    );
    expect(await storage.runs.threadStatus(started.thread_id)).toBe("idle");
    expect(await sessionStatus(session.id)).toBe("idle");
    expect(await history(session.id)).toEqual([
      "user.message",
      "session.status_run_started",
      "session.thread_created",
      "session.error",
      "session.thread_idled",
      "session.status_idled",
    ]);
    expect(await storage.runs.threadStatus("sthr_missing")).toBeNull();
  });

  it("runs a sub-agent's thread: outputs, errors once, conversation, and a finished thread is not re-run", async () => {
    await sessionWithRun(storage, account);
    const run = (await storage.runs.claimRun("w1", LEASE_MS)) as ClaimedRun;
    const sub = await storage.agents.createAgent(account, { ...AGENT, name: "sub" });
    const started = await storage.runs.startThread(run.id, "w1", { id: sub.id, version: 1 });
    if (!started.ok) throw new Error(started.reason);
    const thread = started.thread_id;
    expect(await storage.runs.startThread(run.id, "w2", { id: sub.id, version: 1 })).toEqual({
      ok: false,
      reason: "lost",
    });
    expect(
      await storage.runs.recordOutputs(run.id, "w1", thread, [
        { type: "agent.tool_use", tool_use_id: "t1", name: "lookup", mcp_server_name: "tools", input: { q: 1 } },
        { type: "agent.tool_result", tool_use_id: "t1", content: text("42"), is_error: false },
      ]),
    ).toBe(true);
    const error = { type: "mcp_error" as const, message: "the MCP server failed" };
    expect(await storage.runs.recordError(run.id, "w1", thread, error)).toBe(true);
    expect(await storage.runs.recordError(run.id, "w1", thread, error)).toBe(true);
    const conversation = await storage.runs.conversation(run.id, "w1", thread, 10);
    expect(conversation?.map((e) => [e.type, e.run_id])).toEqual([
      ["user.message", run.id],
      ["agent.tool_use", run.id],
      ["agent.tool_result", run.id],
    ]);
    expect((await storage.runs.conversation(run.id, "w1", null, 10))?.map((e) => e.type)).toEqual(["user.message"]);
    expect(
      await storage.runs.finishThread(run.id, "w1", thread, {
        outputs: [{ type: "agent.message", content: text("done") }],
      }),
    ).toBe(true);
    expect(await storage.runs.threadStatus(thread)).toBe("idle");
    // Its part of this run is over: a re-run skips it; its outputs no longer go in.
    expect(await storage.runs.startThread(run.id, "w1", { id: sub.id, version: 1 })).toEqual({
      ok: false,
      reason: "finished",
    });
    expect(await storage.runs.recordOutputs(run.id, "w1", thread, [])).toBe(false);
    expect(await storage.runs.finishThread(run.id, "w1", thread, { outputs: [] })).toBe(false);
    expect((await history(run.session_id)).filter((t) => t === "session.error")).toHaveLength(1);
    expect((await kinds()).filter((k) => k.startsWith("session.thread"))).toEqual([
      "session.thread_created",
      "session.thread_idled",
    ]);
  });

  it("settles the deployment run whose session ends its first turn", async () => {
    const { agent, environment } = await sessionWithRun(storage, account);
    // Clear the first session's run out of the way.
    const first = (await storage.runs.claimRun("w1", LEASE_MS)) as ClaimedRun;
    await storage.runs.completeRun(first.id, "w1", []);
    const created = await storage.deployments.createDeployment(
      account,
      {
        name: "nightly",
        description: null,
        agent_id: agent.id,
        agent_version: null,
        environment_id: environment.id,
        initial_events: [{ type: "user.message", content: text("go") }],
        schedule: { type: "manual" },
        environment_variables: "",
        resources: [],
        vault_ids: [],
        metadata: {},
        overlap_policy: "allow",
        catchup_window_seconds: 0,
      },
      null,
      10,
    );
    if (!created.ok) throw new Error(created.reason);
    const started = await storage.deployments.runDeployment(account, created.deployment.id);
    if (!started.ok) throw new Error(started.reason);
    const run = (await storage.runs.claimRun("w1", LEASE_MS)) as ClaimedRun;
    expect(run.session_id).toBe(started.run.session_id);
    await storage.runs.completeRun(run.id, "w1", [{ type: "agent.message", content: text("done") }]);
    expect(await storage.deployments.getRun(account, started.run.id)).toMatchObject({
      status: "succeeded",
      finished_at: clock.now().toISOString(),
    });
    expect(await kinds()).toContain("deployment_run.succeeded");
  });
});

describe.skipIf(noPostgres)("run store on two replicas of one PostgreSQL database", () => {
  let storages: [Storage, Storage];
  let clock: ManualClock;
  let account: string;

  beforeEach(async () => {
    const url = await freshPostgresDatabase();
    clock = new ManualClock();
    storages = [
      await createPostgresStorage({ url, clock, poolSize: 4 }),
      await createPostgresStorage({ url, clock, poolSize: 4 }),
    ];
    account = (await storages[0].accounts.ensureAccount("acme")).id;
  });
  afterEach(async () => {
    for (const s of storages) await s.close();
  });

  it("never start the same run, nor two runs of one session, when claiming at the same time", async () => {
    const [a, b] = storages;
    const sessions: string[] = [];
    for (let i = 0; i < 12; i++) sessions.push((await sessionWithRun(a, account, `m${i}`)).session.id);
    const claimLoop = async (storage: Storage, owner: string) => {
      const got: ClaimedRun[] = [];
      for (;;) {
        const run = await storage.runs.claimRun(owner, LEASE_MS);
        if (!run) return got;
        got.push(run);
      }
    };
    const [fromA, fromB] = await Promise.all([claimLoop(a, "wa"), claimLoop(b, "wb")]);
    const ids = [...fromA, ...fromB].map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(12);
    expect(new Set([...fromA, ...fromB].map((r) => r.session_id)).size).toBe(12);
    // Every session got exactly one session.status_run_started.
    const started = (await a.outbox.listEvents(account)).filter(
      (e) => e.envelope.data.type === "session.status_run_started",
    );
    expect(started).toHaveLength(12);

    // A session with a run in progress and one queued: neither replica starts the queued one.
    const session = sessions[0] as string;
    const running = [...fromA, ...fromB].find((r) => r.session_id === session) as ClaimedRun;
    const owner = fromA.includes(running) ? "wa" : "wb";
    await a.sessions.appendEvents(account, session, [{ type: "user.message", content: text("next") }]);
    expect(await Promise.all([a.runs.claimRun("wa", LEASE_MS), b.runs.claimRun("wb", LEASE_MS)])).toEqual([null, null]);
    await (owner === "wa" ? a : b).runs.completeRun(running.id, owner, []);
    const next = await Promise.all([a.runs.claimRun("wa", LEASE_MS), b.runs.claimRun("wb", LEASE_MS)]);
    expect(next.filter((r) => r !== null)).toHaveLength(1);
  });

  it("measure run leases on the database's clock with the real clock", async () => {
    const url = await freshPostgresDatabase();
    const real = await createPostgresStorage({ url, clock: systemClock, poolSize: 2 });
    try {
      const owner = (await real.accounts.ensureAccount("acme")).id;
      await sessionWithRun(real, owner);
      const run = (await real.runs.claimRun("wa", 2000)) as ClaimedRun;
      expect(await recover(real, 3)).toEqual({ requeued: 0, failed: 0 });
      expect(await real.runs.heartbeat(run.id, "wa", 300)).toBe(true);
      // Once the renewed lease ran out on the database's clock, the run is recovered.
      await waitFor(async () => (await recover(real, 3)).requeued === 1, {
        intervalMs: 50,
        what: "the lease to expire and the run to be recovered",
      });
      expect(await real.runs.isActive(run.id, "wa")).toBe(false);
    } finally {
      await real.close();
    }
  });

  it("recover an expired run once when both look at the same time", async () => {
    const [a, b] = storages;
    await sessionWithRun(a, account);
    const run = (await a.runs.claimRun("wa", LEASE_MS)) as ClaimedRun;
    clock.advance(LEASE_MS + 1);
    const results = await Promise.all([recover(a, 3), recover(b, 3)]);
    expect(results.reduce((n, r) => n + r.requeued, 0)).toBe(1);
    expect(await b.runs.claimRun("wb", LEASE_MS)).toMatchObject({ id: run.id, attempt: 2 });
  });
});
