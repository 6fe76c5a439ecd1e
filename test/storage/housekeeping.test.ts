/**
 * The housekeeping store's contract on every adapter: the retention steps (settled delivery records
 * with their attempts, unreferenced events, finished runs and deployment runs, each in bounded
 * batches, what is still pending kept however old), the readiness check, and the /metrics figures
 * (the delivery queue, runs by state).
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ManualClock } from "../../server/clock.ts";
import { newId } from "../../server/ids.ts";
import type { ClaimedDelivery } from "../../server/storage/port/deliveryQueue.ts";
import type { Storage } from "../../server/storage/port/index.ts";
import { adapters } from "./adapters.ts";

const POLICY = { degradedThreshold: 100, autoDisableAfterMs: 0 };
const DAY = 86_400_000;

describe.each(adapters)("housekeeping store ($name)", (adapter) => {
  let clock: ManualClock;
  let storage: Storage;
  let account: string;

  const endpoint = async () => {
    const created = await storage.webhooks.createEndpoint(
      account,
      {
        id: newId("wep"),
        url: "https://receiver.example/hook",
        events: ["*"],
        description: null,
        metadata: {},
        signing_scheme: "webhook_signature",
        secret_sealed: "sealed",
      },
      100,
    );
    if (!created) throw new Error("endpoint not created");
    return created;
  };
  const claimAll = () =>
    storage.deliveryQueue.claimDue({ limit: 100, endpointConcurrency: 100, leaseMs: 60_000, leaseToken: "w.1" });
  const finish = (c: ClaimedDelivery, result: "succeeded" | "dead") =>
    storage.deliveryQueue.recordAttempt(
      {
        delivery_id: c.id,
        endpoint_id: c.endpoint_id,
        lease_token: c.lease_token,
        started_at: clock.now().toISOString(),
        duration_ms: 3,
        response_status: result === "succeeded" ? 200 : 500,
        error: null,
        result: { type: result },
        gone: false,
      },
      POLICY,
    );
  const batch = (table: string, limit = 100) =>
    storage.housekeeping.deleteRetentionBatch(table, new Date(clock.now().getTime() - DAY).toISOString(), limit);

  beforeEach(async () => {
    clock = new ManualClock();
    storage = await adapter.open(clock);
    account = (await storage.accounts.ensureAccount("acme")).id;
  });
  afterEach(async () => {
    await storage.close();
  });

  it("lists its steps, records before the events they reference", async () => {
    expect((await storage.housekeeping.retentionSteps()).map((s) => s.table)).toEqual([
      "webhook_deliveries",
      "events",
      "runs",
      "deployment_runs",
      "dreams",
    ]);
    await expect(storage.housekeeping.deleteRetentionBatch("sessions", clock.now().toISOString(), 10)).rejects.toThrow(
      /sessions/,
    );
  });

  it("deletes settled delivery records with their attempts, then their events, in batches; pending ones stay", async () => {
    const e = await endpoint();
    for (let i = 0; i < 5; i++) await storage.webhooks.sendTestEvent(account, e.id);
    const claimed = await claimAll();
    // Three succeed, one goes dead, one stays pending (leased, then released).
    for (const c of claimed.slice(0, 3)) await finish(c, "succeeded");
    await finish(claimed[3] as ClaimedDelivery, "dead");
    await storage.deliveryQueue.releaseLeases([claimed[4] as ClaimedDelivery]);

    // Nothing is older than a day yet.
    expect(await batch("webhook_deliveries")).toEqual({ webhook_deliveries: 0, webhook_attempts: 0 });
    clock.advance(DAY + 1);
    expect(await batch("webhook_deliveries", 3)).toEqual({ webhook_deliveries: 3, webhook_attempts: 3 });
    expect(await batch("webhook_deliveries", 3)).toEqual({ webhook_deliveries: 1, webhook_attempts: 1 });
    const left = await storage.webhooks.listDeliveries(account, { page: { limit: 10 } });
    expect(left.data.map((r) => [r.id, r.status])).toEqual([[claimed[4]?.id, "pending"]]);

    // The pending record keeps its event (the bytes it will send); the others' events go.
    expect(await batch("events", 2)).toEqual({ events: 2 });
    expect(await batch("events", 2)).toEqual({ events: 2 });
    expect(await batch("events", 2)).toEqual({ events: 0 });
    const events = await storage.outbox.listEvents(account);
    expect(events.map((ev) => ev.envelope.id)).toEqual([claimed[4]?.event_id]);
    expect((await claimAll()).map((c) => c.payload)).toEqual([events[0]?.payload]);
  });

  it("deletes finished runs and deployment runs, keeping queued and running ones", async () => {
    const agent = await storage.agents.createAgent(account, {
      name: "a",
      model: "m",
      system: null,
      description: null,
      tools: [],
      mcp_servers: [],
      skills: [],
      multiagent: null,
      metadata: {},
    });
    const environment = await storage.environments.createEnvironment(account, {
      name: "env",
      description: null,
      config: { type: "cloud", networking: { type: "unrestricted" } },
      metadata: {},
    });
    const session = async () => {
      const created = await storage.sessions.createSession(account, {
        agent: { id: agent.id },
        environment_id: environment.id,
        title: null,
        metadata: {},
        vault_ids: [],
        environment_variables: "",
        initial_events: [{ type: "user.message", content: [{ type: "text", text: "hi" }] }],
      });
      if (!created.ok) throw new Error(created.reason);
      return created.session;
    };
    await session();
    await session();
    await session();
    const done = await storage.runs.claimRun("w", 60_000);
    await storage.runs.completeRun(done?.id ?? "", "w", []);
    const failed = await storage.runs.claimRun("w", 60_000);
    await storage.runs.failRun(failed?.id ?? "", "w", { type: "runtime_error", message: "boom" });
    await storage.runs.claimRun("w", 60_000);
    expect(await storage.housekeeping.runs()).toEqual({ queued: 0, running: 1 });
    await session();
    expect(await storage.housekeeping.runs()).toEqual({ queued: 1, running: 1 });

    const deployment = await storage.deployments.createDeployment(
      account,
      {
        name: "d",
        description: null,
        agent_id: agent.id,
        agent_version: null,
        environment_id: environment.id,
        initial_events: [{ type: "user.message", content: [{ type: "text", text: "go" }] }],
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
    if (!deployment.ok) throw new Error(deployment.reason);
    const running = await storage.deployments.runDeployment(account, deployment.deployment.id);
    await storage.environments.archiveEnvironment(account, environment.id);
    const finished = await storage.deployments.runDeployment(account, deployment.deployment.id);

    clock.advance(DAY + 1);
    expect(await batch("runs", 1)).toEqual({ runs: 1 });
    expect(await batch("runs", 1)).toEqual({ runs: 1 });
    expect(await batch("runs", 1)).toEqual({ runs: 0 });
    // The fourth session's run and the deployment run's session's run wait; the third runs.
    expect(await storage.housekeeping.runs()).toEqual({ queued: 2, running: 1 });
    expect(await batch("deployment_runs")).toEqual({ deployment_runs: 1 });
    const left = await storage.deployments.listRuns(account, {
      deploymentId: undefined,
      triggerType: undefined,
      status: undefined,
      hasError: undefined,
      page: { limit: 10 },
    });
    expect(left.data.map((r) => r.id)).toEqual([running.ok ? running.run.id : ""]);
    expect(finished.ok && finished.run.status).toBe("failed");
  });

  it("deletes ended dreams a day after they ended, keeping pending ones", async () => {
    const store = await storage.memoryStores.createStore(account, { name: "notes", description: null, metadata: {} });
    if (!store.ok) throw new Error(store.reason);
    const agent = await storage.agents.createAgent(account, {
      name: "a",
      model: "echo",
      system: null,
      description: null,
      tools: [],
      mcp_servers: [],
      skills: [],
      multiagent: null,
      metadata: {},
    });
    const environment = await storage.environments.createEnvironment(account, {
      name: "e",
      description: null,
      config: { type: "cloud", networking: { type: "unrestricted" } },
      metadata: {},
    });
    const session = await storage.sessions.createSession(account, {
      agent: { id: agent.id, version: agent.version },
      environment_id: environment.id,
      title: null,
      metadata: {},
      vault_ids: [],
      environment_variables: "",
      initial_events: [],
    });
    if (!session.ok) throw new Error(session.reason);
    const dream = async () => {
      const made = await storage.dreams.createDream(account, {
        inputs: [
          { type: "memory_store", memory_store_id: store.store.id },
          { type: "sessions", session_ids: [session.session.id] },
        ],
        instructions: null,
        model: { id: "echo", speed: "standard" },
        output_behavior: { type: "create_new" },
        input_store_id: store.store.id,
        session_ids: [session.session.id],
      });
      if (!made.ok) throw new Error(made.reason);
      return made.dream.id;
    };
    const ended = await dream();
    const pending = await dream();
    expect(await storage.dreams.failDream(ended, { type: "inputs_unavailable", message: "gone" })).toBe(true);
    expect(await batch("dreams")).toEqual({ dreams: 0 });
    clock.advance(DAY + 1);
    expect(await batch("dreams")).toEqual({ dreams: 1 });
    expect(await storage.dreams.getDream(account, ended)).toBeNull();
    expect((await storage.dreams.getDream(account, pending))?.status).toBe("pending");
  });

  it("reports the delivery queue: due, scheduled, held, oldest due and dead", async () => {
    const empty = await storage.housekeeping.deliveryQueue(clock.now().toISOString());
    expect(empty).toEqual({ due: 0, scheduled: 0, held: 0, oldest_due_at: null, dead: 0, fanning_out: 0 });
    const active = await endpoint();
    const disabled = await endpoint();
    await storage.webhooks.sendTestEvent(account, active.id);
    clock.advance(1000);
    const second = clock.now().toISOString();
    for (let i = 0; i < 3; i++) await storage.webhooks.sendTestEvent(account, active.id);
    await storage.webhooks.sendTestEvent(account, disabled.id);
    await storage.webhooks.setEndpointActive(account, disabled.id, false);
    const claimed = (await claimAll()).filter((c) => c.endpoint_id === active.id);
    await finish(claimed[0] as ClaimedDelivery, "dead");
    await storage.deliveryQueue.recordAttempt(
      {
        delivery_id: claimed[1]?.id ?? "",
        endpoint_id: active.id,
        lease_token: "w.1",
        started_at: clock.now().toISOString(),
        duration_ms: 1,
        response_status: 503,
        error: null,
        result: { type: "retry", next_attempt_at: new Date(clock.now().getTime() + 60_000).toISOString() },
        gone: false,
      },
      POLICY,
    );
    const queue = await storage.housekeeping.deliveryQueue(clock.now().toISOString());
    // The active endpoint's five records (four tests and the other's webhook_endpoint.disabled): one
    // dead, one scheduled, three due (in flight); the disabled endpoint's record is held.
    expect(queue).toEqual({ due: 3, scheduled: 1, held: 1, oldest_due_at: second, dead: 1, fanning_out: 0 });
    // An event for every subscriber waits for its records until the engine's next pass.
    await storage.webhooks.setEndpointActive(account, active.id, false);
    expect((await storage.housekeeping.deliveryQueue(clock.now().toISOString())).fanning_out).toBe(1);
  });

  it("passes its readiness check on a migrated database", async () => {
    expect(await storage.housekeeping.check()).toEqual({ database: null, migrations: null });
  });
});
