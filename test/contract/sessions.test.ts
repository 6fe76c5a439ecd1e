import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createAgent,
  createEnvironment,
  createSession,
  history,
  outboxSince,
  sendMessage,
  userMessage,
  waitForIdle,
} from "../helpers/flows/lifecycle.ts";
import { expectError, inProcess, type TestServer, waitFor } from "../helpers/servers/server.ts";
import { queryRows } from "../helpers/servers/testDatabase.ts";

let server: TestServer;
let envId: string;
let agent: any;
beforeAll(async () => {
  server = await inProcess();
  envId = await createEnvironment(server);
  agent = await createAgent(server);
});
afterAll(async () => {
  await server.stop();
});

describe("create a session", () => {
  it("is idle, pins the agent's latest version and emits session.created {id, type}", async () => {
    const since = await outboxSince(server);
    const res = await server.request("POST", "/sessions", {
      body: {
        agent: agent.id,
        environment_id: envId,
        title: "Ticket 1",
        metadata: { ticket: "1" },
        environment_variables: { TZ: "UTC", LOG_FORMAT: "json" },
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      type: "session",
      title: "Ticket 1",
      agent: { type: "agent", id: agent.id, version: 1 },
      environment_id: envId,
      status: "idle",
      metadata: { ticket: "1" },
      vault_ids: [],
      archived_at: null,
    });
    expect(Object.entries(res.body.environment_variables)).toEqual([
      ["LOG_FORMAT", "json"],
      ["TZ", "UTC"],
    ]);
    expect(res.body.id).toMatch(/^sess_[0-9A-Z]{26}$/);
    expect(await since()).toEqual([{ id: res.body.id, type: "session.created" }]);
    expect((await server.request("GET", `/sessions/${res.body.id}`)).body).toEqual(res.body);
  });

  it("runs the pinned version even after the agent is updated", async () => {
    const a = await createAgent(server, { name: "pinned" });
    await server.request("POST", `/agents/${a.id}`, { body: { version: 1, name: "v2" } });
    const latest = await createSession(server, a.id, envId);
    expect(latest.agent.version).toBe(2);
    const pinned = await createSession(server, { type: "agent", id: a.id, version: 1 }, envId);
    expect(pinned.agent.version).toBe(1);
    await server.request("POST", `/agents/${a.id}`, { body: { version: 2, name: "v3" } });
    expect((await server.request("GET", `/sessions/${pinned.id}`)).body.agent.version).toBe(1);
    const missing = await server.request("POST", "/sessions", {
      body: { agent: { type: "agent", id: a.id, version: 9 }, environment_id: envId },
    });
    expect(expectError(missing, 404, "not_found_error").param).toBe("agent.version");
  });

  it.each([
    ["a reserved name", { PATH: "/bin" }, "environment_variables.PATH"],
    ["a reserved prefix", { CLOUD_AGENTS_SECRET: "x" }, "environment_variables.CLOUD_AGENTS_SECRET"],
    ["LD_PRELOAD", { LD_PRELOAD: "/x.so" }, "environment_variables.LD_PRELOAD"],
    ["an invalid name", { "9X": "x" }, "environment_variables.9X"],
    ["a multi-line value", { NOTE: "a\nb" }, "environment_variables.NOTE"],
    ["a non-string value", { N: 1 }, "environment_variables.N"],
    ["names differing only in case", { Key: "a", KEY: "b" }, "environment_variables.KEY"],
    ["more than 32 KiB", { BIG: "x".repeat(33 * 1024) }, "environment_variables"],
  ])("rejects environment variables with %s (400 naming the variable), creating nothing", async (_w, vars, param) => {
    const since = await outboxSince(server);
    const res = await server.request("POST", "/sessions", {
      body: { agent: agent.id, environment_id: envId, environment_variables: vars },
    });
    const err = expectError(res, 400, "invalid_request_error");
    expect(err.param).toBe(param);
    expect(await since()).toEqual([]);
  });

  it("checks the vaults: unknown 404 and archived 409, naming the entry", async () => {
    const { body: ok } = await server.request("POST", "/vaults", { body: { display_name: "ok" } });
    const { body: old } = await server.request("POST", "/vaults", { body: { display_name: "old" } });
    await server.request("POST", `/vaults/${old.id}/archive`);
    const base = { agent: agent.id, environment_id: envId };
    const unknown = await server.request("POST", "/sessions", {
      body: { ...base, vault_ids: [ok.id, "vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1"] },
    });
    expect(expectError(unknown, 404, "not_found_error").param).toBe("vault_ids[1]");
    const archived = await server.request("POST", "/sessions", { body: { ...base, vault_ids: [old.id] } });
    expect(expectError(archived, 409, "conflict_error").param).toBe("vault_ids[0]");
    const good = await server.request("POST", "/sessions", { body: { ...base, vault_ids: [ok.id] } });
    expect(good.body.vault_ids).toEqual([ok.id]);
  });

  it.each([
    ["an unknown agent", { agent: "agent_01JD3Q6M2B7X9R4T8V0W5Y1Z3K" }, 404, "agent"],
    ["a malformed agent id", { agent: "nope" }, 400, "agent"],
    [
      "an agent object of the wrong type",
      { agent: { type: "bot", id: "agent_01JD3Q6M2B7X9R4T8V0W5Y1Z3K" } },
      400,
      "agent",
    ],
    ["an unknown environment", { environment_id: "env_01JD3Q5E8C1QK4ZB2N7V0G6H9X" }, 404, "environment_id"],
    ["a title over 255 characters", { title: "x".repeat(256) }, 400, "title"],
  ])("rejects %s", async (_what, patch, status, param) => {
    const since = await outboxSince(server);
    const res = await server.request("POST", "/sessions", {
      body: { agent: agent.id, environment_id: envId, ...patch },
    });
    const err = expectError(res, status, status === 404 ? "not_found_error" : "invalid_request_error");
    expect(err.param).toBe(param);
    expect(await since()).toEqual([]);
  });

  it("appends initial_events and answers them, and refuses the whole session when one is invalid", async () => {
    const session = await createSession(server, agent.id, envId, { initial_events: [userMessage("first")] });
    const events = await waitForIdle(server, session.id);
    expect(events.map((e) => e.type)).toEqual([
      "user.message",
      "session.status_run_started",
      "agent.message",
      "session.status_idled",
    ]);
    expect(events[2].content).toEqual([{ type: "text", text: "Echo: first" }]);

    const since = await outboxSince(server);
    const refused = await server.request("POST", "/sessions", {
      body: {
        agent: agent.id,
        environment_id: envId,
        initial_events: [
          userMessage("x"),
          { type: "user.interrupt", session_thread_id: "sthr_01JD3Q9C7F2J5K8N0Q3S6V9X1Z" },
        ],
      },
    });
    expect(expectError(refused, 404, "not_found_error").param).toBe("initial_events[1].session_thread_id");
    expect(await since()).toEqual([]); // not even session.created: the transaction rolled back
  });
});

describe("send events and read the history", () => {
  it("answers 202 at once with the stored events, then runs the turn in the background", async () => {
    const session = await createSession(server, agent.id, envId);
    const since = await outboxSince(server);
    const res = await server.request("POST", `/sessions/${session.id}/events`, {
      body: {
        events: [
          {
            type: "user.message",
            content: [
              { type: "text", text: "Hello" },
              { type: "text", text: "there" },
            ],
          },
        ],
      },
    });
    expect(res.status).toBe(202);
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0]).toMatchObject({
      type: "user.message",
      session_id: session.id,
      session_thread_id: null,
      content: [
        { type: "text", text: "Hello" },
        { type: "text", text: "there" },
      ],
    });
    expect(res.body.data[0].id).toMatch(/^sevt_/);

    const events = await waitForIdle(server, session.id);
    expect(events.map((e) => e.type)).toEqual([
      "user.message",
      "session.status_run_started",
      "agent.message",
      "session.status_idled",
    ]);
    expect(events[0]).toEqual(res.body.data[0]);
    expect(events[2]).toMatchObject({
      session_thread_id: null,
      content: [
        { type: "text", text: "Echo: Hello" },
        { type: "text", text: "Echo: there" },
      ],
    });
    expect(await since()).toEqual([
      { id: session.id, type: "session.status_run_started" },
      { id: session.id, type: "session.status_idled", stop_reason: { type: "end_turn" } },
    ]);
  });

  it("answers every message of a batch, and pages the history oldest first", async () => {
    const session = await createSession(server, agent.id, envId);
    const res = await server.request("POST", `/sessions/${session.id}/events`, {
      body: { events: [userMessage("one"), userMessage("two"), userMessage("three")] },
    });
    expect(res.body.data.map((e: any) => e.content[0].text)).toEqual(["one", "two", "three"]);
    const events = await waitForIdle(server, session.id);
    expect(events.filter((e) => e.type === "agent.message").map((e) => e.content[0].text)).toEqual([
      "Echo: one",
      "Echo: two",
      "Echo: three",
    ]);
    const first = await server.request("GET", `/sessions/${session.id}/events?limit=2`);
    expect(first.body.data.map((e: any) => e.id)).toEqual(events.slice(0, 2).map((e) => e.id));
    expect(first.body.has_more).toBe(true);
    const next = await server.request("GET", `/sessions/${session.id}/events?limit=2&page=${first.body.next_page}`);
    expect(next.body.data.map((e: any) => e.id)).toEqual(events.slice(2, 4).map((e) => e.id));
    const before = await server.request("GET", `/sessions/${session.id}/events?limit=2&before_id=${events[4].id}`);
    expect(before.body.data.map((e: any) => e.id)).toEqual(events.slice(2, 4).map((e) => e.id));
  });

  it("runs one turn after another for messages sent one by one", async () => {
    const session = await createSession(server, agent.id, envId);
    for (const text of ["a", "b", "c"]) await sendMessage(server, session.id, text);
    const events = await waitFor(async () => {
      const all = await history(server, session.id);
      return all.filter((e) => e.type === "agent.message").length === 3 && all.at(-1)?.type === "session.status_idled"
        ? all
        : null;
    });
    // Turns never overlap: every run_started is followed by its idled before the next starts.
    const statuses = events.filter((e) => e.type.startsWith("session.status_")).map((e) => e.type);
    for (let i = 0; i < statuses.length; i++) {
      expect(statuses[i]).toBe(i % 2 === 0 ? "session.status_run_started" : "session.status_idled");
    }
    expect(events.filter((e) => e.type === "agent.message").map((e) => e.content[0].text)).toEqual([
      "Echo: a",
      "Echo: b",
      "Echo: c",
    ]);
  });

  it.each([
    ["no events", { events: [] }],
    ["an unknown event type", { events: [{ type: "agent.message", content: [{ type: "text", text: "x" }] }] }],
    ["an empty text", { events: [{ type: "user.message", content: [{ type: "text", text: "" }] }] }],
    ["a message without content", { events: [{ type: "user.message", content: [] }] }],
    ["an interrupt with an empty thread id", { events: [{ type: "user.interrupt", session_thread_id: "" }] }],
    [
      "a custom tool result without content",
      { events: [{ type: "user.custom_tool_result", custom_tool_use_id: "sevt_x", content: [] }] },
    ],
    [
      "a confirmation with an unknown result",
      { events: [{ type: "user.tool_confirmation", tool_use_id: "sevt_x", result: "maybe" }] },
    ],
    ["51 events", { events: Array.from({ length: 51 }, () => userMessage("x")) }],
  ])("rejects %s with 400", async (_what, body) => {
    const session = await createSession(server, agent.id, envId);
    expectError(await server.request("POST", `/sessions/${session.id}/events`, { body }), 400, "invalid_request_error");
    expect((await server.request("GET", `/sessions/${session.id}/events`)).body.data).toEqual([]);
  });

  it("stores all events or none: an unknown thread refuses the whole batch", async () => {
    const session = await createSession(server, agent.id, envId);
    const since = await outboxSince(server);
    const res = await server.request("POST", `/sessions/${session.id}/events`, {
      body: {
        events: [
          userMessage("kept?"),
          { type: "user.interrupt", session_thread_id: "sthr_01JD3Q9C7F2J5K8N0Q3S6V9X1Z" },
        ],
      },
    });
    expect(expectError(res, 404, "not_found_error").param).toBe("events[1].session_thread_id");
    expect((await server.request("GET", `/sessions/${session.id}/events`)).body.data).toEqual([]);
    expect(await since()).toEqual([]);
    expect((await server.request("GET", `/sessions/${session.id}`)).body.status).toBe("idle");
  });
});

describe("update, archive, delete", () => {
  it("updates title and metadata (session.updated), and emits nothing for an update that changes nothing", async () => {
    const session = await createSession(server, agent.id, envId, { title: "t", metadata: { a: "1" } });
    const since = await outboxSince(server);
    const same = await server.request("POST", `/sessions/${session.id}`, {
      body: { title: "t", metadata: { a: "1" } },
    });
    expect(same.status).toBe(200);
    expect(same.body).toEqual(session);
    expect((await server.request("POST", `/sessions/${session.id}`, { body: {} })).body).toEqual(session);
    expect(await since()).toEqual([]);

    const changed = await server.request("POST", `/sessions/${session.id}`, {
      body: { title: null, metadata: { a: null, b: "2" } },
    });
    expect(changed.body).toMatchObject({ title: null, metadata: { b: "2" } });
    expect(await since()).toEqual([{ id: session.id, type: "session.updated" }]);
  });

  it("archives (session.archived once): no new events or updates (409), history still readable", async () => {
    const session = await createSession(server, agent.id, envId);
    await sendMessage(server, session.id, "before archive");
    const before = await waitForIdle(server, session.id);
    const since = await outboxSince(server);
    const archived = await server.request("POST", `/sessions/${session.id}/archive`);
    expect(archived.status).toBe(200);
    expect(archived.body.archived_at).not.toBeNull();
    expect((await server.request("POST", `/sessions/${session.id}/archive`)).body.archived_at).toBe(
      archived.body.archived_at,
    );
    expect(await since()).toEqual([{ id: session.id, type: "session.archived" }]);

    const refused = await server.request("POST", `/sessions/${session.id}/events`, {
      body: { events: [userMessage("after archive")] },
    });
    expect(expectError(refused, 409, "conflict_error").message).toContain("archived");
    expectError(
      await server.request("POST", `/sessions/${session.id}`, { body: { title: "x" } }),
      409,
      "conflict_error",
    );
    expect(await history(server, session.id)).toEqual(before);
    expect(await since()).toEqual([{ id: session.id, type: "session.archived" }]);

    const listed = await server.request("GET", "/sessions?limit=100");
    expect(listed.body.data.map((s: any) => s.id)).not.toContain(session.id);
    const all = await server.request("GET", "/sessions?limit=100&include_archived=true");
    expect(all.body.data.map((s: any) => s.id)).toContain(session.id);
  });

  it("deletes (200, session.deleted) and answers 404 afterwards everywhere", async () => {
    const session = await createSession(server, agent.id, envId);
    await sendMessage(server, session.id, "x");
    await waitForIdle(server, session.id);
    const since = await outboxSince(server);
    const res = await server.request("DELETE", `/sessions/${session.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: session.id, type: "session_deleted" });
    expect(await since()).toEqual([{ id: session.id, type: "session.deleted" }]);
    for (const [method, path] of [
      ["GET", `/sessions/${session.id}`],
      ["GET", `/sessions/${session.id}/events`],
      ["GET", `/sessions/${session.id}/threads`],
      ["POST", `/sessions/${session.id}/archive`],
      ["DELETE", `/sessions/${session.id}`],
    ] as const) {
      expectError(await server.request(method, path), 404, "not_found_error");
    }
    expectError(
      await server.request("POST", `/sessions/${session.id}/events`, { body: { events: [userMessage("x")] } }),
      404,
      "not_found_error",
    );
  });
});

describe("list sessions", () => {
  it("filters by statuses[] and agent_id, newest first, and isolates accounts", async () => {
    const token = await server.tokenFor("sessions-list");
    const env = await createEnvironment(server, token);
    const a1 = await createAgent(server, { name: "one" }, token);
    const a2 = await createAgent(server, { name: "two" }, token);
    const s1 = await createSession(server, a1.id, env, {}, token);
    const s2 = await createSession(server, a2.id, env, {}, token);
    const s3 = await createSession(server, a1.id, env, {}, token);
    await server.request("DELETE", `/agents/${a2.id}`, { token }); // s2 becomes terminated

    const ids = async (query: string) =>
      (await server.request("GET", `/sessions?${query}`, { token })).body.data.map((s: any) => s.id);
    expect(await ids("")).toEqual([s3.id, s2.id, s1.id]);
    expect(await ids(`agent_id=${a1.id}`)).toEqual([s3.id, s1.id]);
    expect(await ids("statuses[]=idle")).toEqual([s3.id, s1.id]);
    expect(await ids("statuses[]=terminated")).toEqual([s2.id]);
    expect(await ids("statuses[]=idle&statuses[]=terminated")).toEqual([s3.id, s2.id, s1.id]);
    expect(await ids(`statuses[]=terminated&agent_id=${a1.id}`)).toEqual([]);
    expect(await ids("statuses[]=running")).toEqual([]);
    expect(await ids("agent_id=agent_01JD3Q6M2B7X9R4T8V0W5Y1Z3K")).toEqual([]);
    expectError(await server.request("GET", "/sessions?statuses[]=sleeping", { token }), 400, "invalid_request_error");
    const page = await server.request("GET", "/sessions?limit=1", { token });
    expect(page.body).toMatchObject({ has_more: true, next_page: s3.id });

    expect(await ids("limit=100")).not.toContain(agent.id);
    expectError(await server.request("GET", `/sessions/${s1.id}`), 404, "not_found_error");
    expectError(
      await server.request("POST", `/sessions/${s1.id}/events`, { body: { events: [userMessage("x")] } }),
      404,
      "not_found_error",
    );
  });
});

describe("runs in flight", () => {
  let slow: TestServer;
  let slowEnv: string;
  let slowAgent: any;
  const dataDir = mkdtempSync(join(tmpdir(), "cas-sessions-slow-"));
  beforeAll(async () => {
    // A long echo delay keeps every run in flight until the test acts.
    slow = await inProcess({ dataDir, env: { ECHO_RUNTIME_DELAY_MS: "60000" } });
    slowEnv = await createEnvironment(slow);
    slowAgent = await createAgent(slow);
  });
  afterAll(async () => {
    await slow.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const waitRunning = (s: TestServer, id: string) =>
    waitFor(async () => (await s.request("GET", `/sessions/${id}`)).body.status === "running", { what: "running" });

  it("shows a session as running while its run is in flight, and lists it with statuses[]=running", async () => {
    const session = await createSession(slow, slowAgent.id, slowEnv);
    await sendMessage(slow, session.id, "slow");
    await waitRunning(slow, session.id);
    const running = await slow.request("GET", "/sessions?statuses[]=running");
    expect(running.body.data.map((s: any) => s.id)).toContain(session.id);
    // A message sent during the run is stored at once, while the run is still going (its reply
    // comes from a later run: see "runs one turn after another for messages sent one by one").
    const extra = await slow.request("POST", `/sessions/${session.id}/events`, {
      body: { events: [userMessage("more")] },
    });
    expect(extra.status).toBe(202);
    const types = (await history(slow, session.id)).map((e) =>
      e.type === "user.message" ? e.content[0].text : e.type,
    );
    expect(types).toEqual(["slow", "session.status_run_started", "more"]);
    expect((await slow.request("GET", `/sessions/${session.id}`)).body.status).toBe("running");
    await slow.request("DELETE", `/sessions/${session.id}`);
  });

  it("abandons the run of a deleted session at once: nothing more is written", async () => {
    const session = await createSession(slow, slowAgent.id, slowEnv);
    await sendMessage(slow, session.id, "doomed");
    await waitRunning(slow, session.id);
    const since = await outboxSince(slow);
    expect((await slow.request("DELETE", `/sessions/${session.id}`)).status).toBe(200);
    const worker = slow.service.workers.find((w) => w.name === "runs") as unknown as { activeRuns: number };
    await waitFor(() => worker.activeRuns === 0, { what: "the run to be abandoned" });
    expect(await since()).toEqual([{ id: session.id, type: "session.deleted" }]);
  });

  it("terminates the sessions of a deleted agent, even mid-run, ending the turn in progress with session.status_idled", async () => {
    const doomed = await createAgent(slow, { name: "doomed" });
    const session = await createSession(slow, doomed.id, slowEnv);
    await sendMessage(slow, session.id, "mid-run");
    await waitRunning(slow, session.id);
    const since = await outboxSince(slow);
    await slow.request("DELETE", `/agents/${doomed.id}`);
    const worker = slow.service.workers.find((w) => w.name === "runs") as unknown as { activeRuns: number };
    await waitFor(() => worker.activeRuns === 0, { what: "the run to be abandoned" });
    expect((await slow.request("GET", `/sessions/${session.id}`)).body.status).toBe("terminated");
    expect(await since()).toEqual([
      { id: session.id, type: "session.status_idled", stop_reason: { type: "interrupted" } },
      { id: session.id, type: "session.status_terminated" },
      { id: doomed.id, type: "agent.deleted", version: 1 },
    ]);
    expect((await history(slow, session.id)).map((e) => e.type)).toEqual([
      "user.message",
      "session.status_run_started",
      "session.status_idled",
      "session.status_terminated",
    ]);
  });

  it("gives a run in flight back on shutdown (rescheduling) and runs it again after a restart", async () => {
    const session = await createSession(slow, slowAgent.id, slowEnv);
    await sendMessage(slow, session.id, "survive the restart");
    await waitRunning(slow, session.id);
    await slow.stop();

    // Between the two servers: the run is queued again, its attempt not counted.
    const [row] = await queryRows<{ status: string }>(
      slow.databaseUrl,
      "SELECT status FROM sessions WHERE id = ?",
      session.id,
    );
    const [run] = await queryRows<{ status: string; attempts: number }>(
      slow.databaseUrl,
      "SELECT status, attempts FROM runs WHERE session_id = ?",
      session.id,
    );
    expect(row?.status).toBe("rescheduling");
    expect(run).toEqual({ status: "queued", attempts: 0 });

    slow = await inProcess({ dataDir, env: { ECHO_RUNTIME_DELAY_MS: "0" } });
    const events = await waitForIdle(slow, session.id);
    expect(events.map((e) => e.type)).toEqual([
      "user.message",
      "session.status_run_started",
      "session.status_rescheduled",
      "session.status_run_started",
      "agent.message",
      "session.status_idled",
    ]);
    expect(events[4].content[0].text).toBe("Echo: survive the restart");
  });
});
