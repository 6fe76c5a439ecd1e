/**
 * Every row of the interface's "States and transitions" table for sessions, session threads and
 * agents, driven through the public API, with the outbox rows each one leaves: kind, exact data
 * fields, order, and the envelope shape (checked against the spec's `webhooks:` schemas).
 * A change that fails leaves no event.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EVENT_KINDS } from "../../server/storage/port/outbox.ts";
import { envelopesSince, specWebhooks, webhookSchema } from "../helpers/flows/events.ts";
import {
  createAgent,
  createEnvironment,
  createSession,
  history,
  sendMessage,
  userMessage,
  waitForIdle,
} from "../helpers/flows/lifecycle.ts";
import { expectError, inProcess, type TestServer, waitFor, workerPasses } from "../helpers/servers/server.ts";

let server: TestServer;
let envId: string;
beforeAll(async () => {
  server = await inProcess();
  envId = await createEnvironment(server);
});
afterAll(async () => {
  await server.stop();
});

describe("the webhooks section of the spec", () => {
  it("documents every event kind and webhook.test, each with its envelope schema", () => {
    expect(Object.keys(specWebhooks()).sort()).toEqual([...EVENT_KINDS, "webhook.test"].sort());
    const ok = webhookSchema("agent.updated");
    expect(
      ok({
        id: "evt_01JD3QC3D4E5F6G7H8J9K0M1N2",
        created_at: "2026-11-21T12:34:56.789Z",
        type: "event",
        data: { id: "agent_01JD3Q6M2B7X9R4T8V0W5Y1Z3K", type: "agent.updated", version: 2 },
      }),
    ).toBe(true);
    // The kind's data schema is enforced: an agent event without version, or of another kind, fails.
    expect(
      ok({
        id: "evt_01JD3QC3D4E5F6G7H8J9K0M1N2",
        created_at: "2026-11-21T12:34:56.789Z",
        type: "event",
        data: { id: "agent_01JD3Q6M2B7X9R4T8V0W5Y1Z3K", type: "agent.updated" },
      }),
    ).toBe(false);
    expect(
      ok({
        id: "evt_01JD3QC3D4E5F6G7H8J9K0M1N2",
        created_at: "2026-11-21T12:34:56.789Z",
        type: "event",
        data: { id: "sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y", type: "session.created" },
      }),
    ).toBe(false);
  });
});

describe("agent rows", () => {
  it("none → created (version 1) → updated (version +1, only on change) → archived → deleted", async () => {
    const events = await envelopesSince(server);
    const agent = await createAgent(server, { name: "lifecycle" });
    await server.request("POST", `/agents/${agent.id}`, { body: { version: 1, name: "lifecycle" } }); // no change
    await server.request("POST", `/agents/${agent.id}`, { body: { version: 1, description: "v2" } });
    await server.request("POST", `/agents/${agent.id}`, { body: { version: 2, description: "v3" } });
    await server.request("POST", `/agents/${agent.id}/archive`);
    await server.request("POST", `/agents/${agent.id}/archive`); // already archived
    await server.request("DELETE", `/agents/${agent.id}`);
    const written = await events();
    expect(written.map((e) => e.data)).toEqual([
      { id: agent.id, type: "agent.created", version: 1 },
      { id: agent.id, type: "agent.updated", version: 2 },
      { id: agent.id, type: "agent.updated", version: 3 },
      { id: agent.id, type: "agent.archived", version: 3 },
      { id: agent.id, type: "agent.deleted", version: 3 },
    ]);
    for (const e of written) {
      expect(e.type).toBe("event");
      expect(e.id).toMatch(/^evt_[0-9A-Z]{26}$/);
      expect(e.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    }
    expect(new Set(written.map((e) => e.id)).size).toBe(written.length);
  });

  it("any → deleted straight from active", async () => {
    const events = await envelopesSince(server);
    const agent = await createAgent(server);
    await server.request("DELETE", `/agents/${agent.id}`);
    expect((await events()).map((e) => e.data)).toEqual([
      { id: agent.id, type: "agent.created", version: 1 },
      { id: agent.id, type: "agent.deleted", version: 1 },
    ]);
  });

  it("a failing change writes no event", async () => {
    const agent = await createAgent(server);
    await server.request("POST", `/agents/${agent.id}/archive`);
    const events = await envelopesSince(server);
    expectError(
      await server.request("POST", `/agents/${agent.id}`, { body: { version: 1, name: "x" } }),
      409,
      "conflict_error",
    );
    expectError(
      await server.request("POST", "/agents", { body: { name: "x", model: "no-such-model" } }),
      400,
      "invalid_request_error",
    );
    expectError(await server.request("DELETE", "/agents/agent_01JD3Q6M2B7X9R4T8V0W5Y1Z3K"), 404, "not_found_error");
    expectError(
      await server.request("POST", "/sessions", { body: { agent: agent.id, environment_id: envId } }),
      409,
      "conflict_error",
    );
    expect(await events()).toEqual([]);
  });
});

describe("session rows", () => {
  it("none → created → running (run started) → idle (turn completes) → archived → deleted", async () => {
    const agent = await createAgent(server);
    const events = await envelopesSince(server);
    const session = await createSession(server, agent.id, envId);
    await sendMessage(server, session.id, "hi");
    await waitForIdle(server, session.id);
    await server.request("POST", `/sessions/${session.id}`, { body: { title: "renamed" } });
    await server.request("POST", `/sessions/${session.id}`, { body: { title: "renamed" } }); // no change
    await server.request("POST", `/sessions/${session.id}/archive`);
    await server.request("POST", `/sessions/${session.id}/archive`); // already archived
    await server.request("DELETE", `/sessions/${session.id}`);
    const s = session.id;
    expect((await events()).map((e) => e.data)).toEqual([
      { id: s, type: "session.created" },
      { id: s, type: "session.status_run_started" },
      { id: s, type: "session.status_idled", stop_reason: { type: "end_turn" } },
      { id: s, type: "session.updated" },
      { id: s, type: "session.archived" },
      { id: s, type: "session.deleted" },
    ]);
  });

  it("running → idle: when session.status_idled is in the outbox, the latest output is already readable", async () => {
    const agent = await createAgent(server);
    const session = await createSession(server, agent.id, envId);
    const storage = server.service.deps.storage;
    const account = await storage.accounts.findAccountByName("default");
    // Subscribed to the post-commit signal: look at the history the moment the event is committed.
    let seenOnIdle: string[] | null = null;
    // Both reads are made in the listener's call (the SQLite adapter runs them at once): what they
    // return is the database as of that commit.
    const off = storage.on("commit", () => {
      const outbox = storage.outbox.listEvents(account?.id ?? "", { limit: 100_000 });
      const history = storage.sessions.listEvents(account?.id ?? "", session.id, { page: { limit: 100 } });
      void Promise.all([outbox, history]).then(([events, page]) => {
        const idled = events.some(
          (e) => e.envelope.data.id === session.id && e.envelope.data.type === "session.status_idled",
        );
        if (idled && !seenOnIdle) seenOnIdle = page?.data.map((e) => e.type) ?? [];
      });
    });
    try {
      await sendMessage(server, session.id, "read me");
      await waitForIdle(server, session.id);
    } finally {
      off();
    }
    expect(seenOnIdle).toEqual(["user.message", "session.status_run_started", "agent.message", "session.status_idled"]);
  });

  it("any → deleted and any → archived from a fresh session, each once", async () => {
    const agent = await createAgent(server);
    const events = await envelopesSince(server);
    const a = await createSession(server, agent.id, envId);
    await server.request("DELETE", `/sessions/${a.id}`);
    const b = await createSession(server, agent.id, envId);
    await server.request("POST", `/sessions/${b.id}/archive`);
    expect((await events()).map((e) => e.data)).toEqual([
      { id: a.id, type: "session.created" },
      { id: a.id, type: "session.deleted" },
      { id: b.id, type: "session.created" },
      { id: b.id, type: "session.archived" },
    ]);
  });

  it("a failing change writes no event: archived sessions take no events, unknown sessions nothing", async () => {
    const agent = await createAgent(server);
    const session = await createSession(server, agent.id, envId);
    await server.request("POST", `/sessions/${session.id}/archive`);
    const events = await envelopesSince(server);
    expectError(
      await server.request("POST", `/sessions/${session.id}/events`, { body: { events: [userMessage("x")] } }),
      409,
      "conflict_error",
    );
    expectError(
      await server.request("POST", `/sessions/${session.id}`, { body: { title: "x" } }),
      409,
      "conflict_error",
    );
    expectError(await server.request("DELETE", "/sessions/sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y"), 404, "not_found_error");
    expect(await events()).toEqual([]);
    expect(await history(server, session.id)).toEqual([]);
  });
});

describe("thread rows", () => {
  it("none → created → (running →) idle → terminated, never idle again", async () => {
    const sub = await createAgent(server, { name: "sub" });
    const coordinator = await createAgent(server, { multiagent: { type: "coordinator", agents: [sub.id] } });
    const session = await createSession(server, coordinator.id, envId);
    const events = await envelopesSince(server);
    await sendMessage(server, session.id, "one");
    await waitForIdle(server, session.id);
    const thread = (await server.request("GET", `/sessions/${session.id}/threads`)).body.data[0].id as string;
    await server.request("POST", `/sessions/${session.id}/events`, {
      body: { events: [{ type: "user.interrupt", session_thread_id: thread }] },
    });
    await sendMessage(server, session.id, "two");
    await waitForIdle(server, session.id, 2);
    const s = session.id;
    expect((await events()).map((e) => e.data)).toEqual([
      { id: s, type: "session.status_run_started" },
      { id: s, type: "session.thread_created", session_thread_id: thread },
      { id: s, type: "session.thread_idled", session_thread_id: thread },
      { id: s, type: "session.status_idled", stop_reason: { type: "end_turn" } },
      { id: s, type: "session.thread_terminated", session_thread_id: thread },
      { id: s, type: "session.status_run_started" },
      { id: s, type: "session.status_idled", stop_reason: { type: "end_turn" } },
    ]);
  });
});

describe("rows that need a run in flight", () => {
  let slow: TestServer;
  beforeAll(async () => {
    // Long enough that the archive lands while the first turn runs, however slow the machine.
    // The run worker's pass every 50 ms (not 1 s): the two passes the test waits for come sooner.
    slow = await inProcess({ env: { ECHO_RUNTIME_DELAY_MS: "5000", RUN_POLL_INTERVAL_MS: "50" } });
  });
  afterAll(async () => {
    await slow.stop();
  });

  it("session any → archived while running: its running and queued turns end first (status_idled), then session.archived, and nothing after", async () => {
    const env = await createEnvironment(slow);
    const agent = await createAgent(slow);
    const session = await createSession(slow, agent.id, env);
    const events = await envelopesSince(slow);
    await sendMessage(slow, session.id, "finish me");
    await waitFor(async () => (await slow.request("GET", `/sessions/${session.id}`)).body.status === "running");
    // A second message while the first runs: it waits in a queued run.
    await sendMessage(slow, session.id, "queued behind it");
    const archived = await slow.request("POST", `/sessions/${session.id}/archive`);
    expect(archived.body).toMatchObject({ status: "idle" });
    expect(archived.body.archived_at).not.toBeNull();
    const worker = slow.service.workers.find((w) => w.name === "runs") as unknown as { activeRuns: number };
    await waitFor(() => worker.activeRuns === 0, { what: "the run in flight to be abandoned" });
    // Give the worker every chance to (wrongly) start the queued run: two passes after the abandon.
    await workerPasses(slow, "runs");
    expect((await events()).map((e) => e.data)).toEqual([
      { id: session.id, type: "session.status_run_started" },
      { id: session.id, type: "session.status_idled", stop_reason: { type: "interrupted" } },
      { id: session.id, type: "session.archived" },
    ]);
    expect((await history(slow, session.id)).map((e) => e.type)).toEqual([
      "user.message",
      "session.status_run_started",
      "user.message",
      "session.status_idled",
    ]);
    expect((await slow.request("GET", `/sessions/${session.id}`)).body.status).toBe("idle");
  });
});
