/**
 * The deployment store's contract on every adapter: the lifecycle (create within the limit, list,
 * update, pause, unpause, archive, delete) with its events, manual runs (a session, or a failure
 * that pauses), and firing: due deployments fire once per fire time, `skip` overlaps are recorded,
 * and a fire time recorded already is never recorded again; on PostgreSQL, two replicas firing the
 * same due deployment at the same time write one run.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ManualClock } from "../../server/clock.ts";
import type { DeploymentFields, DeploymentRecord, FirePlan } from "../../server/storage/port/deployments.ts";
import type { Storage } from "../../server/storage/port/index.ts";
import { createPostgresStorage } from "../../server/storage/postgres/index.ts";
import { freshPostgresDatabase } from "../helpers/servers/postgres.ts";
import { requirePostgres } from "../helpers/servers/requires.ts";
import { adapters } from "./adapters.ts";

const noPostgres = requirePostgres() !== null;

const HOURLY = { type: "cron", expression: "0 * * * *", timezone: "UTC" } as const;
const START = "2026-11-21T12:00:00.000Z";
const NEXT = "2026-11-21T13:00:00.000Z";
const hourAfter = (iso: string) => new Date(Date.parse(iso) + 3_600_000).toISOString();

/** The scheduler's plan, reduced to what these tests need: fire at the due time, then an hour later. */
const fireAtDue = (d: DeploymentRecord): FirePlan => ({
  fireAt: d.next_run_at,
  nextRunAt: d.next_run_at === null ? null : hourAfter(d.next_run_at),
});

async function fixtures(storage: Storage, accountId: string) {
  const agent = await storage.agents.createAgent(accountId, {
    name: "helper",
    model: "test-model",
    system: null,
    description: null,
    tools: [],
    mcp_servers: [],
    skills: [],
    multiagent: null,
    metadata: {},
  });
  const environment = await storage.environments.createEnvironment(accountId, {
    name: "env",
    description: null,
    config: { type: "cloud", networking: { type: "unrestricted" } },
    metadata: {},
  });
  const fields = (extra: Partial<DeploymentFields> = {}): DeploymentFields => ({
    name: "nightly",
    description: null,
    agent_id: agent.id,
    agent_version: null,
    environment_id: environment.id,
    initial_events: [{ type: "user.message", content: [{ type: "text", text: "go" }] }],
    schedule: HOURLY,
    environment_variables: "",
    resources: [],
    vault_ids: [],
    metadata: {},
    overlap_policy: "allow",
    catchup_window_seconds: 0,
    ...extra,
  });
  return { agent, environment, fields };
}

describe.each(adapters)("deployment store ($name)", (adapter) => {
  let clock: ManualClock;
  let storage: Storage;
  let account: string;
  let fields: (extra?: Partial<DeploymentFields>) => DeploymentFields;
  let environmentId: string;

  const kinds = async () => (await storage.outbox.listEvents(account)).map((e) => e.envelope.data.type);
  const create = async (extra: Partial<DeploymentFields> = {}, nextRunAt: string | null = NEXT) => {
    const result = await storage.deployments.createDeployment(account, fields(extra), nextRunAt, 100);
    if (!result.ok) throw new Error(result.reason);
    return result.deployment;
  };

  beforeEach(async () => {
    clock = new ManualClock(START);
    storage = await adapter.open(clock);
    account = (await storage.accounts.ensureAccount("acme")).id;
    const made = await fixtures(storage, account);
    fields = made.fields;
    environmentId = made.environment.id;
  });
  afterEach(async () => {
    await storage.close();
  });

  it("wakes the schedulers on every change of when deployments fire", async () => {
    let woken = 0;
    storage.on("deployments", () => woken++);
    const wakes = async (what: () => Promise<unknown>) => {
      const before = woken;
      await what();
      return woken - before > 0;
    };
    let id = "";
    expect(
      await wakes(async () => {
        id = (await create()).id;
      }),
    ).toBe(true);
    expect(await wakes(() => storage.deployments.pauseDeployment(account, id))).toBe(true);
    expect(await wakes(() => storage.deployments.unpauseDeployment(account, id, () => NEXT))).toBe(true);
    expect(await wakes(() => storage.deployments.fireDue(NEXT, 10, fireAtDue))).toBe(true);
    expect(await wakes(() => storage.deployments.fireDue(START, 10, fireAtDue))).toBe(false);
    expect(await wakes(() => storage.deployments.archiveDeployment(account, id))).toBe(true);
    expect(await wakes(() => storage.deployments.deleteDeployment(account, id))).toBe(true);
  });

  it("creates within the limit, reads and lists deployments", async () => {
    const a = await create();
    expect(a).toMatchObject({
      ...fields(),
      account_id: account,
      status: "active",
      paused_reason: null,
      next_run_at: NEXT,
      last_run_at: null,
      archived_at: null,
      created_at: START,
      updated_at: START,
    });
    expect(await storage.deployments.getDeployment(account, a.id)).toEqual(a);
    expect(await storage.deployments.getDeployment("acct_other", a.id)).toBeNull();
    const b = await create({ name: "other" });
    expect(await storage.deployments.createDeployment(account, fields(), null, 2)).toEqual({
      ok: false,
      reason: "limit",
    });
    await storage.deployments.archiveDeployment(account, a.id);
    // Archived deployments do not count, and are listed only when asked for.
    expect((await storage.deployments.createDeployment(account, fields(), null, 2)).ok).toBe(true);
    const listed = await storage.deployments.listDeployments(account, {
      includeArchived: false,
      agentId: undefined,
      status: undefined,
      page: { limit: 10 },
    });
    expect(listed.data.map((d) => d.id)).not.toContain(a.id);
    expect(listed.data.map((d) => d.id)).toContain(b.id);
    const all = await storage.deployments.listDeployments(account, {
      includeArchived: true,
      agentId: fields().agent_id,
      status: "active",
      page: { limit: 2 },
    });
    expect(all.data).toHaveLength(2);
    expect(all.has_more).toBe(true);
    expect(await kinds()).toEqual([
      "agent.created",
      "environment.created",
      "deployment.created",
      "deployment.created",
      "deployment.archived",
      "deployment.created",
    ]);
  });

  it("updates, pauses, unpauses, archives and deletes, with their events", async () => {
    const d = await create();
    const same = await storage.deployments.updateDeployment(
      account,
      d.id,
      (cur) => ({ ...fields(), ...pick(cur) }),
      () => {
        throw new Error("not asked: the schedule did not change");
      },
    );
    expect(same).toMatchObject({ ok: true, changed: false });
    clock.advance(1000);
    const renamed = await storage.deployments.updateDeployment(
      account,
      d.id,
      (cur) => ({ ...pick(cur), name: "renamed", schedule: { ...HOURLY, expression: "30 * * * *" } }),
      () => "2026-11-21T12:30:00.000Z",
    );
    expect(renamed).toMatchObject({
      ok: true,
      changed: true,
      deployment: { name: "renamed", next_run_at: "2026-11-21T12:30:00.000Z", updated_at: clock.now().toISOString() },
    });
    const paused = await storage.deployments.pauseDeployment(account, d.id);
    expect(paused).toMatchObject({
      ok: true,
      changed: true,
      deployment: { status: "paused", paused_reason: { type: "manual" }, next_run_at: null },
    });
    expect(await storage.deployments.pauseDeployment(account, d.id)).toMatchObject({ ok: true, changed: false });
    expect(await storage.deployments.nextDueAt()).toBeNull();
    const unpaused = await storage.deployments.unpauseDeployment(account, d.id, (next) => {
      expect(next.status).toBe("active");
      return NEXT;
    });
    expect(unpaused).toMatchObject({ ok: true, changed: true, deployment: { status: "active", next_run_at: NEXT } });
    expect(await storage.deployments.nextDueAt()).toBe(NEXT);
    const archived = await storage.deployments.archiveDeployment(account, d.id);
    expect(archived).toMatchObject({ ok: true, changed: true, deployment: { archived_at: clock.now().toISOString() } });
    expect(await storage.deployments.archiveDeployment(account, d.id)).toMatchObject({ ok: true, changed: false });
    expect(await storage.deployments.pauseDeployment(account, d.id)).toEqual({ ok: false, reason: "archived" });
    expect(await storage.deployments.updateDeployment(account, d.id, pick, () => null)).toEqual({
      ok: false,
      reason: "archived",
    });
    expect(await storage.deployments.runDeployment(account, d.id)).toEqual({ ok: false, reason: "archived" });
    expect(await storage.deployments.deleteDeployment(account, d.id)).toBe(true);
    expect(await storage.deployments.deleteDeployment(account, d.id)).toBe(false);
    expect(await storage.deployments.pauseDeployment(account, d.id)).toEqual({ ok: false, reason: "not_found" });
    expect((await kinds()).filter((k) => k.startsWith("deployment"))).toEqual([
      "deployment.created",
      "deployment.updated",
      "deployment.paused",
      "deployment.unpaused",
      "deployment.archived",
      "deployment.deleted",
    ]);
  });

  it("starts a manual run with its session, or records the failure and pauses", async () => {
    const d = await create();
    const started = await storage.deployments.runDeployment(account, d.id);
    if (!started.ok) throw new Error(started.reason);
    expect(started.run).toMatchObject({
      deployment_id: d.id,
      status: "running",
      trigger_type: "manual",
      scheduled_at: null,
      agent_version: 1,
      error: null,
      finished_at: null,
    });
    const session = await storage.sessions.getSession(account, started.run.session_id ?? "");
    expect(session?.metadata).toEqual({ deployment_id: d.id, deployment_run_id: started.run.id });
    expect(await storage.deployments.getRun(account, started.run.id)).toEqual(started.run);
    expect((await storage.deployments.getDeployment(account, d.id))?.last_run_at).toBe(START);

    await storage.environments.archiveEnvironment(account, environmentId);
    const failed = await storage.deployments.runDeployment(account, d.id);
    if (!failed.ok) throw new Error(failed.reason);
    expect(failed.run).toMatchObject({
      status: "failed",
      session_id: null,
      error: { type: "environment_unavailable" },
      finished_at: START,
    });
    expect(await storage.deployments.getDeployment(account, d.id)).toMatchObject({
      status: "paused",
      paused_reason: { type: "error", error: { type: "environment_unavailable" } },
      next_run_at: null,
    });
    expect((await kinds()).filter((k) => k.startsWith("deployment"))).toEqual([
      "deployment.created",
      "deployment_run.started",
      "deployment_run.failed",
      "deployment.paused",
    ]);
    const failures = await storage.deployments.listRuns(account, {
      deploymentId: d.id,
      triggerType: "manual",
      status: undefined,
      hasError: true,
      page: { limit: 10 },
    });
    expect(failures.data.map((r) => r.id)).toEqual([failed.run.id]);
    expect(await storage.deployments.runDeployment(account, "dep_missing")).toEqual({ ok: false, reason: "not_found" });
  });

  it("fires what is due once per fire time, skips overlaps, and never records a fire time twice", async () => {
    const allow = await create({ name: "allow" });
    const skip = await create({ name: "skip", overlap_policy: "skip" });
    const later = await create({ name: "later" }, hourAfter(NEXT));
    expect(await storage.deployments.fireDue(START, 10, fireAtDue)).toEqual([]);
    expect(await storage.deployments.nextDueAt()).toBe(NEXT);

    const first = await storage.deployments.fireDue(NEXT, 10, fireAtDue);
    expect(first.map((o) => [o.deployment_id, o.due_at, o.run?.status, o.run?.scheduled_at])).toEqual([
      [allow.id, NEXT, "running", NEXT],
      [skip.id, NEXT, "running", NEXT],
    ]);
    expect((await storage.deployments.getDeployment(account, allow.id))?.next_run_at).toBe(hourAfter(NEXT));
    expect((await storage.deployments.getDeployment(account, later.id))?.next_run_at).toBe(hourAfter(NEXT));

    // An hour later the first runs still run: `skip` records a skipped run, `allow` starts another.
    const second = await storage.deployments.fireDue(hourAfter(NEXT), 10, fireAtDue);
    const byDeployment = Object.fromEntries(second.map((o) => [o.deployment_id, o.run?.status]));
    expect(byDeployment).toEqual({ [allow.id]: "running", [skip.id]: "skipped", [later.id]: "running" });

    // A process that did not see the fire move (its next_run_at set back to a fired time) records nothing.
    const back = await storage.deployments.updateDeployment(
      account,
      allow.id,
      (cur) => ({ ...pick(cur), schedule: { ...HOURLY, expression: "0 */1 * * *" } }),
      () => NEXT,
    );
    expect(back.ok && back.deployment.next_run_at).toBe(NEXT);
    const again = await storage.deployments.fireDue(hourAfter(NEXT), 10, fireAtDue);
    expect(again).toEqual([{ deployment_id: allow.id, due_at: NEXT, run: null }]);
    const runs = await storage.deployments.listRuns(account, {
      deploymentId: allow.id,
      triggerType: "schedule",
      status: undefined,
      hasError: undefined,
      page: { limit: 10 },
    });
    expect(runs.data.map((r) => r.scheduled_at)).toEqual([hourAfter(NEXT), NEXT]);
  });

  it("leaves a fire without a fire time (missed beyond the catch-up window) unrecorded", async () => {
    const d = await create();
    const outcomes = await storage.deployments.fireDue(NEXT, 10, () => ({ fireAt: null, nextRunAt: hourAfter(NEXT) }));
    expect(outcomes).toEqual([{ deployment_id: d.id, due_at: NEXT, run: null }]);
    expect((await storage.deployments.getDeployment(account, d.id))?.next_run_at).toBe(hourAfter(NEXT));
  });
});

/** The configuration of a record (what `update` returns unchanged). */
function pick(d: DeploymentRecord): DeploymentFields {
  return {
    name: d.name,
    description: d.description,
    agent_id: d.agent_id,
    agent_version: d.agent_version,
    environment_id: d.environment_id,
    initial_events: d.initial_events,
    schedule: d.schedule,
    environment_variables: d.environment_variables,
    resources: d.resources,
    vault_ids: d.vault_ids,
    metadata: d.metadata,
    overlap_policy: d.overlap_policy,
    catchup_window_seconds: d.catchup_window_seconds,
  };
}

describe.skipIf(noPostgres)("deployment store on two replicas of one PostgreSQL database", () => {
  let storages: [Storage, Storage];
  let account: string;

  beforeEach(async () => {
    const url = await freshPostgresDatabase();
    const clock = new ManualClock(START);
    storages = [
      await createPostgresStorage({ url, clock, poolSize: 4 }),
      await createPostgresStorage({ url, clock, poolSize: 4 }),
    ];
    account = (await storages[0].accounts.ensureAccount("acme")).id;
  });
  afterEach(async () => {
    for (const s of storages) await s.close();
  });

  it("fire a due deployment once when both fire it at the same time", async () => {
    const [a, b] = storages;
    const { fields } = await fixtures(a, account);
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) {
      const created = await a.deployments.createDeployment(account, fields({ name: `d${i}` }), NEXT, 100);
      if (created.ok) ids.push(created.deployment.id);
    }
    const outcomes = await Promise.all([
      a.deployments.fireDue(NEXT, 100, fireAtDue),
      b.deployments.fireDue(NEXT, 100, fireAtDue),
      a.deployments.fireDue(NEXT, 100, fireAtDue),
      b.deployments.fireDue(NEXT, 100, fireAtDue),
    ]);
    const fired = outcomes.flat().filter((o) => o.run !== null);
    expect(fired.map((o) => o.deployment_id).sort()).toEqual([...ids].sort());
    const runs = await a.deployments.listRuns(account, {
      deploymentId: undefined,
      triggerType: "schedule",
      status: undefined,
      hasError: undefined,
      page: { limit: 100 },
    });
    expect(runs.data).toHaveLength(8);
    // One session per run, one deployment_run.started per run.
    const started = (await a.outbox.listEvents(account)).filter(
      (e) => e.envelope.data.type === "deployment_run.started",
    );
    expect(started).toHaveLength(8);
  });
});
