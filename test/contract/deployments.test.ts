/**
 * Deployments through the public API: create (every validation rule of the interface and API.md),
 * get, list, update, pause, unpause, archive, delete, manual runs, scheduled fires driven by an
 * injected clock, the overlap policy, deployment runs and their filters, the nine events, and the
 * session a run creates (its agent version, environment variables, vaults, initial events and
 * webhooks).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Schema } from "../../server/api.ts";
import { ManualClock } from "../../server/clock.ts";
import { createDeployment as createDeploymentDirectly } from "../../server/domain/deployments.ts";
import { StorageBusyError } from "../../server/storage/port/index.ts";
import { type Receiver, startReceiver } from "../helpers/fakes/receiver.ts";
import { createDeployment, deploymentBody, passScheduler, runsOf, schedulerOf } from "../helpers/flows/deployments.ts";
import { envelopesSince } from "../helpers/flows/events.ts";
import { createAgent, createEnvironment, userMessage, waitForIdle } from "../helpers/flows/lifecycle.ts";
import { expectError, inProcess, type TestServer, waitFor } from "../helpers/servers/server.ts";

const START = "2026-11-21T12:00:00.000Z"; // a Saturday
const clock = new ManualClock(START);
let server: TestServer;
let envId: string;
let agent: any;

beforeAll(async () => {
  server = await inProcess({ clock });
  envId = await createEnvironment(server);
  agent = await createAgent(server, { name: "deployed" });
});
afterAll(async () => {
  await server.stop();
  await slowServer?.stop();
});

/**
 * A second server on its own clock whose runs stay in flight (the echo runtime answers after
 * 60 s), started once for the tests that need a run in flight.
 */
const slowClock = new ManualClock(START);
let slowServer: TestServer | undefined;
async function inFlightServer(): Promise<TestServer> {
  slowServer ??= await inProcess({ clock: slowClock, env: { ECHO_RUNTIME_DELAY_MS: "60000" } });
  return slowServer;
}

const cron = (expression: string, timezone?: string) => ({
  type: "cron",
  expression,
  ...(timezone ? { timezone } : {}),
});

async function createBad(extra: Record<string, unknown>, status = 400, type = "invalid_request_error") {
  const res = await server.request("POST", "/deployments", { body: deploymentBody(agent.id, envId, extra) });
  return expectError(res, status, type);
}

describe("create", () => {
  it("creates an active cron deployment with 5 upcoming fire times and emits deployment.created", async () => {
    clock.set(START);
    const events = await envelopesSince(server);
    const res = await server.request("POST", "/deployments", {
      body: deploymentBody(agent.id, envId, {
        name: "weekday digest",
        description: "every weekday",
        schedule: cron("0 9 * * 1-5", "Europe/Berlin"),
        metadata: { team: "platform" },
        resources: [{ type: "github_repository", url: "https://github.com/acme/api" }],
        overlap_policy: "allow",
        catchup_window_seconds: 600,
      }),
    });
    expect(res.status).toBe(200);
    const d = res.body;
    expect(d).toMatchObject({
      type: "deployment",
      name: "weekday digest",
      description: "every weekday",
      agent: { type: "agent", id: agent.id, version: null },
      environment_id: envId,
      status: "active",
      paused_reason: null,
      archived_at: null,
      environment_variables: "",
      vault_ids: [],
      metadata: { team: "platform" },
      resources: [{ type: "github_repository", url: "https://github.com/acme/api" }],
      overlap_policy: "allow",
      catchup_window_seconds: 600,
      initial_events: [userMessage("run")],
      created_at: START,
    });
    expect(d.id).toMatch(/^dep_[0-9A-Z]{26}$/);
    // 09:00 in Berlin is 08:00 UTC in winter; Monday to Friday only.
    expect(d.schedule).toEqual({
      type: "cron",
      expression: "0 9 * * 1-5",
      timezone: "Europe/Berlin",
      upcoming_runs_at: [
        "2026-11-23T08:00:00.000Z",
        "2026-11-24T08:00:00.000Z",
        "2026-11-25T08:00:00.000Z",
        "2026-11-26T08:00:00.000Z",
        "2026-11-27T08:00:00.000Z",
      ],
      last_run_at: null,
    });
    expect((await events()).map((e) => e.data)).toEqual([{ id: d.id, type: "deployment.created" }]);
    expect((await server.request("GET", `/deployments/${d.id}`)).body).toEqual(d);
  });

  it("defaults: manual when schedule is omitted, UTC when timezone is, skip and no catch-up", async () => {
    const manual = await createDeployment(server, agent.id, envId);
    expect(manual.schedule).toEqual({ type: "manual", upcoming_runs_at: [], last_run_at: null });
    expect(manual).toMatchObject({
      overlap_policy: "skip",
      catchup_window_seconds: 0,
      description: null,
      resources: [],
    });
    const explicit = await createDeployment(server, agent.id, envId, { schedule: { type: "manual" } });
    expect(explicit.schedule.upcoming_runs_at).toEqual([]);
    const utc = await createDeployment(server, agent.id, envId, { schedule: cron(" 30   1 * * * ") });
    expect(utc.schedule).toMatchObject({ expression: "30 1 * * *", timezone: "UTC" });
    expect(utc.schedule.upcoming_runs_at[0]).toBe("2026-11-22T01:30:00.000Z");
  });

  it("accepts the agent as an object and pins its version", async () => {
    const versioned = await createAgent(server, { name: "v1" });
    await server.request("POST", `/agents/${versioned.id}`, { body: { version: 1, name: "v2" } });
    const pinned = await createDeployment(server, { type: "agent", id: versioned.id, version: 1 }, envId);
    expect(pinned.agent).toEqual({ type: "agent", id: versioned.id, version: 1 });
    const latest = await createDeployment(server, { type: "agent", id: versioned.id }, envId);
    expect(latest.agent).toEqual({ type: "agent", id: versioned.id, version: null });
    const missing = await createBad({ agent: { type: "agent", id: versioned.id, version: 3 } }, 404, "not_found_error");
    expect(missing.param).toBe("agent.version");
  });

  it("returns the environment variables as one normalized string sorted by name", async () => {
    const d = await createDeployment(server, agent.id, envId, {
      environment_variables: "ZETA=last\r\n\nalpha=first=with=equals\nMIDDLE=\n",
    });
    expect(d.environment_variables).toBe("MIDDLE=\nZETA=last\nalpha=first=with=equals");
  });

  it.each([
    ["a name that does not match [A-Za-z_][A-Za-z0-9_]*", "1ABC=x", /1ABC.*invalid/],
    ["a name with a dash", "MY-VAR=x", /MY-VAR.*invalid/],
    ["a reserved name", "PATH=/bin", /reserved name/],
    ["a reserved name in another letter case", "home=/root", /reserved name/],
    ["a reserved prefix", "CLOUD_AGENTS_TOKEN=x", /reserved prefix CLOUD_AGENTS_/],
    ["the LD_ prefix", "LD_PRELOAD=/x.so", /reserved prefix LD_/],
    ["the DYLD_ prefix", "DYLD_INSERT_LIBRARIES=x", /reserved prefix DYLD_/],
    ["a duplicate name", "A=1\nA=2", /defined more than once/],
    ["names that differ only in letter case", "Token=1\nTOKEN=2", /duplicates/],
    ["a line without =", "JUSTANAME", /expected NAME=value/],
    ["a carriage return inside a value", "A=x\ry", /single line/],
    ["a NUL in a value", "A=x\u0000y", /single line/],
    ["a payload over 32 KiB", Array.from({ length: 40 }, (_, i) => `V${i}=${"x".repeat(1000)}`).join("\n"), /32 KiB/],
  ])("rejects %s in environment_variables", async (_what, variables, message) => {
    const err = await createBad({ environment_variables: variables });
    expect(err.param).toBe("environment_variables");
    expect(err.message).toMatch(message);
  });

  it.each([
    ["4 fields", "* * * *", /5 fields/],
    ["6 fields (seconds)", "0 0 9 * * *", /5 fields/],
    ["a macro", "@daily", /5 fields/],
    ["day names", "0 9 * * MON-FRI", /day-of-week field/],
    ["Quartz L", "0 9 L * *", /day-of-month field/],
    ["a minute out of range", "60 * * * *", /invalid/],
    ["an hour out of range", "0 24 * * *", /invalid/],
    ["a step of 0", "*/0 * * * *", /invalid/],
    ["a date that never exists", "0 0 30 2 *", /invalid/],
  ])("rejects a cron expression with %s", async (_what, expression, message) => {
    const err = await createBad({ schedule: cron(expression) });
    expect(err.param).toBe("schedule.expression");
    expect(err.message).toMatch(message);
  });

  it.each([
    ["an offset", "+02:00"],
    ["an unknown zone", "Mars/Olympus_Mons"],
    ["a name with spaces", "Europe/ Berlin"],
  ])("rejects a time zone that is %s", async (_what, timezone) => {
    const err = await createBad({ schedule: cron("0 9 * * *", timezone) });
    expect(err.param).toBe("schedule.timezone");
  });

  it("rejects bodies the schema refuses, naming the field", async () => {
    expect((await createBad({ initial_events: [] })).param).toBe("initial_events");
    expect(
      (await createBad({ initial_events: [{ type: "user.interrupt", session_thread_id: "sthr_x" }] })).param,
    ).toMatch(/^initial_events\[0\]/);
    expect((await createBad({ catchup_window_seconds: 86401 })).param).toBe("catchup_window_seconds");
    expect((await createBad({ catchup_window_seconds: -1 })).param).toBe("catchup_window_seconds");
    expect((await createBad({ overlap_policy: "queue" })).param).toBe("overlap_policy");
    expect((await createBad({ schedule: { type: "hourly" } })).param).toMatch(/^schedule/);
    expect((await createBad({ name: "" })).param).toBe("name");
    expect((await createBad({ environment_variables: { A: "1" } })).param).toBe("environment_variables");
    expect((await createBad({ unknown_field: 1 })).message).toMatch(/unknown_field/);
  });

  it("checks the agent, environment and vaults: 404 when unknown, 409 when archived", async () => {
    const unknownAgent = "agent_01JD3Q6M2B7X9R4T8V0W5Y1Z3K";
    expect((await createBad({ agent: unknownAgent }, 404, "not_found_error")).param).toBe("agent");
    const archived = await createAgent(server);
    await server.request("POST", `/agents/${archived.id}/archive`);
    expect((await createBad({ agent: archived.id }, 409, "conflict_error")).param).toBe("agent");
    expect((await createBad({ environment_id: "env_01JD3Q5E8C1QK4ZB2N7V0G6H9X" }, 404, "not_found_error")).param).toBe(
      "environment_id",
    );
    const oldEnv = await createEnvironment(server);
    await server.request("POST", `/environments/${oldEnv}/archive`);
    expect((await createBad({ environment_id: oldEnv }, 409, "conflict_error")).param).toBe("environment_id");
    const vault = (await server.request("POST", "/vaults", { body: { display_name: "v" } })).body;
    await server.request("POST", `/vaults/${vault.id}/archive`);
    const missingVault = "vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1";
    expect((await createBad({ vault_ids: [missingVault] }, 404, "not_found_error")).param).toBe("vault_ids[0]");
    expect((await createBad({ vault_ids: [vault.id] }, 409, "conflict_error")).param).toBe("vault_ids[0]");
  });

  it("a refused create writes nothing and emits nothing", async () => {
    const events = await envelopesSince(server);
    const before = (await server.request("GET", "/deployments?limit=100&include_archived=true")).body.data.length;
    await createBad({ schedule: cron("61 * * * *") });
    await createBad({ environment_variables: "PATH=x" });
    expect(await events()).toEqual([]);
    expect((await server.request("GET", "/deployments?limit=100&include_archived=true")).body.data.length).toBe(before);
  });

  it("holds at most 1,000 deployments per account that are not archived", async () => {
    const token = await server.tokenFor("limits");
    const env = await createEnvironment(server, token);
    const a = await createAgent(server, {}, token);
    const body = deploymentBody(a.id, env, { schedule: cron("0 3 * * *") });
    // The first 998 go through the service's own create (the code the route calls, without HTTP
    // and response validation around each); the last two and the refused one through the API.
    const account = await server.service.deps.storage.accounts.ensureAccount("limits");
    for (let i = 0; i < 998; ) {
      try {
        await createDeploymentDirectly(server.service.deps, account.id, body as Schema<"CreateDeploymentRequest">);
        i++;
      } catch (err) {
        // A worker thread holds the write lock: nothing was written; again once it lets go (as the API does).
        if (!(err instanceof StorageBusyError)) throw err;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    }
    let last: any;
    for (let i = 998; i < 1000; i++) {
      last = await server.request("POST", "/deployments", { body, token });
      if (last.status !== 200) throw new Error(`create ${i} failed: ${last.text}`);
    }
    const over = await server.request("POST", "/deployments", { body, token });
    expect(expectError(over, 409, "conflict_error").message).toMatch(/at most 1000 deployments/);
    // Archived deployments do not count.
    await server.request("POST", `/deployments/${last.body.id}/archive`, { token });
    expect((await server.request("POST", "/deployments", { body, token })).status).toBe(200);
    expectError(await server.request("POST", "/deployments", { body, token }), 409, "conflict_error");
  }, 120_000);
});

describe("read and list", () => {
  it("lists newest first with filters by agent, status and archive state", async () => {
    const token = await server.tokenFor("lists");
    const env = await createEnvironment(server, token);
    const a1 = await createAgent(server, {}, token);
    const a2 = await createAgent(server, {}, token);
    const d1 = await createDeployment(server, a1.id, env, {}, token);
    const d2 = await createDeployment(server, a2.id, env, {}, token);
    const d3 = await createDeployment(server, a1.id, env, {}, token);
    await server.request("POST", `/deployments/${d2.id}/pause`, { token });
    await server.request("POST", `/deployments/${d3.id}/archive`, { token });
    const ids = async (q: string) =>
      (await server.request("GET", `/deployments${q}`, { token })).body.data.map((d: any) => d.id);
    expect(await ids("")).toEqual([d2.id, d1.id]);
    expect(await ids("?include_archived=true")).toEqual([d3.id, d2.id, d1.id]);
    expect(await ids(`?agent_id=${a1.id}`)).toEqual([d1.id]);
    expect(await ids("?status=paused")).toEqual([d2.id]);
    expect(await ids("?status=active&include_archived=true")).toEqual([d3.id, d1.id]);
    const page1 = (await server.request("GET", "/deployments?limit=1&include_archived=true", { token })).body;
    expect(page1).toMatchObject({ has_more: true, next_page: d3.id, first_id: d3.id, last_id: d3.id });
    const page2 = (
      await server.request("GET", `/deployments?limit=2&page=${page1.next_page}&include_archived=true`, { token })
    ).body;
    expect(page2.data.map((d: any) => d.id)).toEqual([d2.id, d1.id]);
    expect(page2.has_more).toBe(false);
    expect((await server.request("GET", "/deployments?status=sleeping", { token })).status).toBe(400);
    expect((await server.request("GET", "/deployments?page=sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y", { token })).status).toBe(
      400,
    );
  });

  it("answers 404 for another account's deployment and run, exactly like an unknown id", async () => {
    const d = await createDeployment(server, agent.id, envId);
    const run = (await server.request("POST", `/deployments/${d.id}/run`)).body;
    const other = await server.tokenFor("intruder");
    for (const [method, path] of [
      ["GET", `/deployments/${d.id}`],
      ["POST", `/deployments/${d.id}/pause`],
      ["POST", `/deployments/${d.id}/run`],
      ["DELETE", `/deployments/${d.id}`],
      ["GET", `/deployment_runs/${run.id}`],
    ] as const) {
      expectError(await server.request(method, path, { token: other }), 404, "not_found_error");
    }
    expect((await server.request("GET", `/deployment_runs?deployment_id=${d.id}`, { token: other })).body.data).toEqual(
      [],
    );
    expectError(await server.request("GET", "/deployments/dep_01JD3QA1B2C3D4E5F6G7H8J9K0"), 404, "not_found_error");
  });
});

describe("update, pause, unpause, archive, delete", () => {
  it("updates only what changed, recomputes the next fire times from now, emits deployment.updated", async () => {
    clock.set(START);
    const d = await createDeployment(server, agent.id, envId, {
      schedule: cron("0 6 * * *"),
      metadata: { a: "1", b: "2" },
    });
    const events = await envelopesSince(server);
    const same = await server.request("POST", `/deployments/${d.id}`, { body: { name: d.name, metadata: { a: "1" } } });
    expect(same.body).toEqual(d);
    clock.set("2026-11-22T07:00:00.000Z");
    const res = await server.request("POST", `/deployments/${d.id}`, {
      body: {
        schedule: cron("30 7 * * *", "America/New_York"),
        metadata: { b: null, c: "3" },
        environment_variables: "B=2\nA=1",
        description: "moved",
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: d.name,
      description: "moved",
      metadata: { a: "1", c: "3" },
      environment_variables: "A=1\nB=2",
      updated_at: "2026-11-22T07:00:00.000Z",
    });
    expect(res.body.schedule.upcoming_runs_at.slice(0, 2)).toEqual([
      "2026-11-22T12:30:00.000Z",
      "2026-11-23T12:30:00.000Z",
    ]);
    expect((await events()).map((e) => e.data)).toEqual([{ id: d.id, type: "deployment.updated" }]);
    // The same rules as on create.
    expectError(
      await server.request("POST", `/deployments/${d.id}`, { body: { environment_variables: "LD_X=1" } }),
      400,
      "invalid_request_error",
    );
    expectError(
      await server.request("POST", `/deployments/${d.id}`, { body: { schedule: cron("0 9 * * *", "Nowhere/Else") } }),
      400,
      "invalid_request_error",
    );
    expectError(
      await server.request("POST", `/deployments/${d.id}`, { body: { agent: "agent_01JD3Q6M2B7X9R4T8V0W5Y1Z3K" } }),
      404,
      "not_found_error",
    );
    expectError(await server.request("POST", `/deployments/${d.id}`, { body: {} }), 400, "invalid_request_error");
  });

  it("pauses (no fire times, paused_reason manual) and unpauses from now, each emitting once", async () => {
    clock.set(START);
    const d = await createDeployment(server, agent.id, envId, { schedule: cron("0 * * * *") });
    expect(d.schedule.upcoming_runs_at[0]).toBe("2026-11-21T13:00:00.000Z");
    const events = await envelopesSince(server);
    const paused = await server.request("POST", `/deployments/${d.id}/pause`);
    expect(paused.body).toMatchObject({ status: "paused", paused_reason: { type: "manual" } });
    expect(paused.body.schedule.upcoming_runs_at).toEqual([]);
    expect((await server.request("POST", `/deployments/${d.id}/pause`)).body.status).toBe("paused");
    // Nothing fires while paused.
    clock.set("2026-11-21T15:30:00.000Z");
    await passScheduler(schedulerOf(server));
    expect(await runsOf(server, d.id)).toEqual([]);
    const resumed = await server.request("POST", `/deployments/${d.id}/unpause`);
    expect(resumed.body).toMatchObject({ status: "active", paused_reason: null });
    expect(resumed.body.schedule.upcoming_runs_at[0]).toBe("2026-11-21T16:00:00.000Z");
    expect((await server.request("POST", `/deployments/${d.id}/unpause`)).body.status).toBe("active");
    await passScheduler(schedulerOf(server));
    expect(await runsOf(server, d.id)).toEqual([]); // the fires missed while paused are not back-filled
    expect((await events()).map((e) => e.data)).toEqual([
      { id: d.id, type: "deployment.paused" },
      { id: d.id, type: "deployment.unpaused" },
    ]);
  });

  it("archives: hidden from the list, never fires, refuses changes and runs with 409", async () => {
    clock.set(START);
    const d = await createDeployment(server, agent.id, envId, { schedule: cron("*/5 * * * *") });
    const events = await envelopesSince(server);
    const archived = await server.request("POST", `/deployments/${d.id}/archive`);
    expect(archived.body.archived_at).toBe(START);
    expect(archived.body.schedule.upcoming_runs_at).toEqual([]);
    expect((await server.request("POST", `/deployments/${d.id}/archive`)).body.archived_at).toBe(START);
    for (const [path, body] of [
      [`/deployments/${d.id}`, { name: "x" }],
      [`/deployments/${d.id}/pause`, undefined],
      [`/deployments/${d.id}/unpause`, undefined],
      [`/deployments/${d.id}/run`, undefined],
    ] as const) {
      expectError(await server.request("POST", path, body ? { body } : {}), 409, "conflict_error");
    }
    clock.set("2026-11-21T12:10:00.000Z");
    await passScheduler(schedulerOf(server));
    expect(await runsOf(server, d.id)).toEqual([]);
    expect((await server.request("GET", `/deployments/${d.id}`)).body.archived_at).toBe(START);
    expect((await events()).map((e) => e.data)).toEqual([{ id: d.id, type: "deployment.archived" }]);
  });

  it("deletes the deployment and its runs, keeps their sessions, emits deployment.deleted", async () => {
    const d = await createDeployment(server, agent.id, envId);
    const run = (await server.request("POST", `/deployments/${d.id}/run`)).body;
    await waitForIdle(server, run.session_id);
    const events = await envelopesSince(server);
    const res = await server.request("DELETE", `/deployments/${d.id}`);
    expect(res.body).toEqual({ id: d.id, type: "deployment_deleted" });
    expectError(await server.request("GET", `/deployments/${d.id}`), 404, "not_found_error");
    expectError(await server.request("GET", `/deployment_runs/${run.id}`), 404, "not_found_error");
    expectError(await server.request("DELETE", `/deployments/${d.id}`), 404, "not_found_error");
    expect((await server.request("GET", `/sessions/${run.session_id}`)).status).toBe(200);
    expect((await events()).map((e) => e.data)).toEqual([{ id: d.id, type: "deployment.deleted" }]);
  });
});

describe("runs", () => {
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
  });

  it("a manual run creates the session with the deployment's agent version, variables, vaults and initial events, and its webhooks arrive", async () => {
    clock.set(START);
    const token = await server.tokenFor("runner");
    const env = await createEnvironment(server, token);
    const a = await createAgent(server, { name: "first" }, token);
    const vault = (await server.request("POST", "/vaults", { body: { display_name: "v" }, token })).body;
    const ep = await server.request("POST", "/webhook_endpoints", {
      body: {
        url: `${receiver.url}/runner`,
        events: ["deployment_run.started", "deployment_run.succeeded", "session.created", "session.status_idled"],
      },
      token,
    });
    expect(ep.status).toBe(201);
    const d = await createDeployment(
      server,
      a.id,
      env,
      {
        initial_events: [userMessage("first"), userMessage("second")],
        environment_variables: "REPO=acme/api\nCHANNEL=#ops",
        vault_ids: [vault.id],
      },
      token,
    );
    // The agent changes after the deployment was made: the run uses its latest version at fire time.
    await server.request("POST", `/agents/${a.id}`, { body: { version: 1, name: "second" }, token });
    const events = await envelopesSince(server, "runner");
    const res = await server.request("POST", `/deployments/${d.id}/run`, { token });
    expect(res.status).toBe(200);
    const run = res.body;
    expect(run).toMatchObject({
      type: "deployment_run",
      deployment_id: d.id,
      agent: { type: "agent", id: a.id, version: 2 },
      status: "running",
      error: null,
      trigger_context: { type: "manual" },
      created_at: START,
      finished_at: null,
    });
    const session = (await server.request("GET", `/sessions/${run.session_id}`, { token })).body;
    expect(session).toMatchObject({
      title: d.name,
      agent: { type: "agent", id: a.id, version: 2 },
      environment_id: env,
      vault_ids: [vault.id],
      environment_variables: { CHANNEL: "#ops", REPO: "acme/api" },
      metadata: { deployment_id: d.id, deployment_run_id: run.id },
    });
    const turn = await waitForIdle(server, run.session_id, 1, token);
    expect(turn.filter((e) => e.type === "user.message").map((e) => e.content[0].text)).toEqual(["first", "second"]);
    expect(turn.filter((e) => e.type === "agent.message").flatMap((e) => e.content.map((b: any) => b.text))).toEqual([
      "Echo: first",
      "Echo: second",
    ]);
    const done = await waitFor(async () => {
      const r = (await server.request("GET", `/deployment_runs/${run.id}`, { token })).body;
      return r.status === "succeeded" ? r : null;
    });
    expect(done.finished_at).not.toBeNull();
    const deployment = (await server.request("GET", `/deployments/${d.id}`, { token })).body;
    expect(deployment.schedule.last_run_at).toBe(START);
    const written = (await events()).map((e) => e.data);
    const mine = written.filter((e) => e.type.startsWith("deployment"));
    expect(mine).toEqual([
      { id: run.id, type: "deployment_run.started", deployment_id: d.id, session_id: run.session_id },
      { id: run.id, type: "deployment_run.succeeded", deployment_id: d.id, session_id: run.session_id },
    ]);
    // The session's own events come first: the run starts with its session.
    expect(written.findIndex((e) => e.type === "session.created")).toBeLessThan(
      written.findIndex((e) => e.type === "deployment_run.started"),
    );
    const received = await receiver.waitForRequests(4, { path: "/runner" });
    expect(received.map((r) => JSON.parse(r.body.toString()).data.type)).toEqual([
      "session.created",
      "deployment_run.started",
      "session.status_idled",
      "deployment_run.succeeded",
    ]);
    for (const r of received) expect(r.headers["webhook-signature"]).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
  });

  it("a run that cannot start fails with its error and pauses the deployment (permanent cause)", async () => {
    clock.set(START);
    const a = await createAgent(server);
    const d = await createDeployment(server, a.id, envId, { schedule: cron("0 13 * * *") });
    await server.request("POST", `/agents/${a.id}/archive`);
    const events = await envelopesSince(server);
    clock.set("2026-11-21T13:00:00.000Z");
    await passScheduler(schedulerOf(server));
    const [run] = await runsOf(server, d.id);
    expect(run).toMatchObject({
      status: "failed",
      session_id: null,
      agent: { type: "agent", id: a.id, version: null },
      error: { type: "agent_unavailable", message: expect.stringMatching(/archived/) },
      trigger_context: { type: "schedule", scheduled_at: "2026-11-21T13:00:00.000Z" },
      finished_at: "2026-11-21T13:00:00.000Z",
    });
    const paused = (await server.request("GET", `/deployments/${d.id}`)).body;
    expect(paused).toMatchObject({
      status: "paused",
      paused_reason: { type: "error", error: { type: "agent_unavailable" } },
    });
    expect(paused.schedule).toMatchObject({ upcoming_runs_at: [], last_run_at: "2026-11-21T13:00:00.000Z" });
    expect((await events()).map((e) => e.data)).toEqual([
      { id: run.id, type: "deployment_run.failed", deployment_id: d.id, session_id: null },
      { id: d.id, type: "deployment.paused" },
    ]);
    // A manual run of the paused deployment is still attempted; it fails the same way.
    const manual = await server.request("POST", `/deployments/${d.id}/run`);
    expect(manual.body).toMatchObject({ status: "failed", error: { type: "agent_unavailable" } });
    // The filters of the runs list.
    const list = async (q: string) =>
      (await server.request("GET", `/deployment_runs?deployment_id=${d.id}&${q}`)).body.data.map((r: any) => r.id);
    expect(await list("has_error=true")).toEqual([manual.body.id, run.id]);
    expect(await list("has_error=false")).toEqual([]);
    expect(await list("trigger_type=manual")).toEqual([manual.body.id]);
    expect(await list("trigger_type=schedule&status=failed")).toEqual([run.id]);
    expect(await list("status=running")).toEqual([]);
  });

  it("a manual run works while paused; a session that ends its first turn settles the run", async () => {
    const d = await createDeployment(server, agent.id, envId, { schedule: cron("0 0 1 1 *") });
    await server.request("POST", `/deployments/${d.id}/pause`);
    const run = (await server.request("POST", `/deployments/${d.id}/run`)).body;
    expect(run.status).toBe("running");
    await waitForIdle(server, run.session_id);
    await waitFor(async () => (await server.request("GET", `/deployment_runs/${run.id}`)).body.status === "succeeded");
    // Later turns of the same session do not change the run.
    await server.request("POST", `/sessions/${run.session_id}/events`, { body: { events: [userMessage("again")] } });
    await waitForIdle(server, run.session_id, 2);
    expect((await server.request("GET", `/deployment_runs/${run.id}`)).body.status).toBe("succeeded");
    expect((await server.request("GET", `/deployments/${d.id}`)).body.status).toBe("paused");
  });

  it("a run whose session is deleted during its first turn fails with session_deleted", async () => {
    // The deployment has no schedule: it never fires in the scheduler tests that share the server.
    const slow = await inFlightServer();
    const env = await createEnvironment(slow);
    const a = await createAgent(slow);
    const d = await createDeployment(slow, a.id, env);
    const run = (await slow.request("POST", `/deployments/${d.id}/run`)).body;
    await waitFor(async () => (await slow.request("GET", `/sessions/${run.session_id}`)).body.status === "running");
    const events = await envelopesSince(slow);
    await slow.request("DELETE", `/sessions/${run.session_id}`);
    expect((await slow.request("GET", `/deployment_runs/${run.id}`)).body).toMatchObject({
      status: "failed",
      session_id: run.session_id,
      error: { type: "session_deleted" },
    });
    expect((await events()).map((e) => e.data.type)).toEqual(["session.deleted", "deployment_run.failed"]);
  });
});

describe("scheduled fires and the overlap policy", () => {
  let slow: TestServer;
  beforeAll(async () => {
    // Runs stay in flight (the echo runtime answers after 60 s), so fires overlap them.
    slow = await inFlightServer();
  });

  it("skip: a fire while the previous run is running records a skipped run with no session and no event", async () => {
    slowClock.set(START);
    const env = await createEnvironment(slow);
    const a = await createAgent(slow);
    const skip = await createDeployment(slow, a.id, env, { schedule: cron("* * * * *") });
    const allow = await createDeployment(slow, a.id, env, { schedule: cron("* * * * *"), overlap_policy: "allow" });
    slowClock.set("2026-11-21T12:01:00.000Z");
    await passScheduler(schedulerOf(slow));
    const events = await envelopesSince(slow);
    slowClock.set("2026-11-21T12:02:00.000Z");
    await passScheduler(schedulerOf(slow));
    const skipRuns = await runsOf(slow, skip.id);
    expect(skipRuns.map((r) => [r.trigger_context.scheduled_at, r.status, r.session_id === null])).toEqual([
      ["2026-11-21T12:01:00.000Z", "running", false],
      ["2026-11-21T12:02:00.000Z", "skipped", true],
    ]);
    expect(skipRuns[1]).toMatchObject({ error: null, finished_at: "2026-11-21T12:02:00.000Z" });
    const allowRuns = await runsOf(slow, allow.id);
    expect(allowRuns.map((r) => r.status)).toEqual(["running", "running"]);
    // Only the allowed run emitted: skipped runs emit nothing.
    const kinds = (await events()).map((e) => e.data).filter((e) => e.type.startsWith("deployment_run"));
    expect(kinds).toEqual([
      {
        id: allowRuns[1].id,
        type: "deployment_run.started",
        deployment_id: allow.id,
        session_id: allowRuns[1].session_id,
      },
    ]);
    // Manual runs always start, whatever the policy.
    const manual = (await slow.request("POST", `/deployments/${skip.id}/run`)).body;
    expect(manual.status).toBe("running");
    // last_run_at is the last run that started; skipped ones do not count.
    expect((await slow.request("GET", `/deployments/${skip.id}`)).body.schedule.last_run_at).toBe(
      "2026-11-21T12:02:00.000Z",
    );
  });

  it("fires each due time once, however often the scheduler passes", async () => {
    slowClock.set(START);
    const env = await createEnvironment(slow);
    const a = await createAgent(slow);
    const d = await createDeployment(slow, a.id, env, { schedule: cron("*/15 * * * *"), overlap_policy: "allow" });
    const scheduler = schedulerOf(slow);
    for (const t of ["12:14:59.999", "12:15:00.000", "12:15:00.000", "12:20:00.000", "12:30:00.500", "12:30:30.000"]) {
      slowClock.set(`2026-11-21T${t}Z`);
      await passScheduler(scheduler);
      await passScheduler(scheduler);
    }
    const runs = await runsOf(slow, d.id);
    expect(runs.map((r) => [r.trigger_context.scheduled_at, r.created_at])).toEqual([
      ["2026-11-21T12:15:00.000Z", "2026-11-21T12:15:00.000Z"],
      ["2026-11-21T12:30:00.000Z", "2026-11-21T12:30:00.500Z"],
    ]);
    // The loop sleeps until the next due time instead of polling.
    expect(await passScheduler(scheduler)).toEqual({ sleepMs: expect.any(Number) });
    const { sleepMs } = (await passScheduler(scheduler)) as { sleepMs: number };
    expect(sleepMs).toBeLessThanOrEqual(14 * 60_000 + 30_000);
  });
});
