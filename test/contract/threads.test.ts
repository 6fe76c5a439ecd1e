import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createAgent,
  createEnvironment,
  createSession,
  history,
  outboxSince,
  sendMessage,
  waitForIdle,
} from "../helpers/flows/lifecycle.ts";
import { expectError, inProcess, type TestServer, waitFor } from "../helpers/servers/server.ts";

let server: TestServer;
let envId: string;
beforeAll(async () => {
  server = await inProcess();
  envId = await createEnvironment(server);
});
afterAll(async () => {
  await server.stop();
});

const interrupt = (s: TestServer, sessionId: string, threadId: string) =>
  s.request("POST", `/sessions/${sessionId}/events`, {
    body: { events: [{ type: "user.interrupt", session_thread_id: threadId }] },
  });

describe("a coordinator runs each sub-agent in its own thread", () => {
  let researcher: any;
  let writer: any;
  let session: any;
  let t1: string;
  let t2: string;

  beforeAll(async () => {
    researcher = await createAgent(server, { name: "researcher" });
    writer = await createAgent(server, { name: "writer" });
    await server.request("POST", `/agents/${writer.id}`, { body: { version: 1, system: "Write well." } });
    const coordinator = await createAgent(server, {
      name: "coordinator",
      multiagent: { type: "coordinator", agents: [researcher.id, { type: "agent", id: writer.id, version: 1 }] },
    });
    session = await createSession(server, coordinator.id, envId);
  });

  it("creates the threads on the first turn: thread_created and thread_idled for each, in order", async () => {
    const since = await outboxSince(server);
    await sendMessage(server, session.id, "hello");
    const events = await waitForIdle(server, session.id);
    const created = events.filter((e) => e.type === "session.thread_created").map((e) => e.session_thread_id);
    expect(created).toHaveLength(2);
    [t1, t2] = created as [string, string];
    expect(t1).toMatch(/^sthr_[0-9A-Z]{26}$/);
    expect(events.map((e) => [e.type, e.session_thread_id])).toEqual([
      ["user.message", null],
      ["session.status_run_started", null],
      ["session.thread_created", t1],
      ["agent.thread_message_sent", null],
      ["agent.message", t1],
      ["agent.thread_message_received", null],
      ["session.thread_idled", t1],
      ["session.thread_created", t2],
      ["agent.thread_message_sent", null],
      ["agent.message", t2],
      ["agent.thread_message_received", null],
      ["session.thread_idled", t2],
      ["agent.message", null],
      ["session.status_idled", null],
    ]);
    // The coordinator hands the turn's messages to each thread and receives its answer.
    const messages = events.filter((e) => e.type.startsWith("agent.thread_message_"));
    expect(messages.map((e) => [e.type, e.to_session_thread_id ?? e.from_session_thread_id, e.content])).toEqual([
      ["agent.thread_message_sent", t1, [{ type: "text", text: "hello" }]],
      ["agent.thread_message_received", t1, [{ type: "text", text: "Echo: hello" }]],
      ["agent.thread_message_sent", t2, [{ type: "text", text: "hello" }]],
      ["agent.thread_message_received", t2, [{ type: "text", text: "Echo: hello" }]],
    ]);
    expect(events.filter((e) => e.type === "agent.message").map((e) => e.content[0].text)).toEqual([
      "Echo: hello",
      "Echo: hello",
      "Echo: hello",
    ]);
    const s = session.id;
    expect(await since()).toEqual([
      { id: s, type: "session.status_run_started" },
      { id: s, type: "session.thread_created", session_thread_id: t1 },
      { id: s, type: "session.thread_idled", session_thread_id: t1 },
      { id: s, type: "session.thread_created", session_thread_id: t2 },
      { id: s, type: "session.thread_idled", session_thread_id: t2 },
      { id: s, type: "session.status_idled", stop_reason: { type: "end_turn" } },
    ]);
  });

  it("lists, gets and reads the threads", async () => {
    const list = await server.request("GET", `/sessions/${session.id}/threads`);
    expect(list.body.data.map((t: any) => t.id)).toEqual([t2, t1]);
    const one = await server.request("GET", `/sessions/${session.id}/threads/${t1}`);
    expect(one.body).toMatchObject({
      id: t1,
      type: "session_thread",
      session_id: session.id,
      agent: { type: "agent", id: researcher.id, version: 1 },
      status: "idle",
    });
    const pinned = await server.request("GET", `/sessions/${session.id}/threads/${t2}`);
    expect(pinned.body.agent).toEqual({ type: "agent", id: writer.id, version: 1 });
    const events = await history(server, session.id, t1);
    expect(events.map((e) => e.type)).toEqual(["session.thread_created", "agent.message", "session.thread_idled"]);
    expect(events.every((e) => e.session_thread_id === t1)).toBe(true);
    const page = await server.request("GET", `/sessions/${session.id}/threads/${t1}/events?limit=1`);
    expect(page.body).toMatchObject({ has_more: true, next_page: events[0].id });

    expectError(
      await server.request("GET", `/sessions/${session.id}/threads/sthr_01JD3Q9C7F2J5K8N0Q3S6V9X1Z`),
      404,
      "not_found_error",
    );
    expectError(
      await server.request("GET", `/sessions/${session.id}/threads/sthr_01JD3Q9C7F2J5K8N0Q3S6V9X1Z/events`),
      404,
      "not_found_error",
    );
    const other = await server.tokenFor("threads-other");
    for (const path of [
      `/sessions/${session.id}/threads`,
      `/sessions/${session.id}/threads/${t1}`,
      `/sessions/${session.id}/threads/${t1}/events`,
    ]) {
      expectError(await server.request("GET", path, { token: other }), 404, "not_found_error");
    }
  });

  it("reuses the threads on the next turn (no thread_created) and runs an unpinned sub-agent's latest version", async () => {
    await server.request("POST", `/agents/${researcher.id}`, { body: { version: 1, name: "researcher v2" } });
    const since = await outboxSince(server);
    await sendMessage(server, session.id, "again");
    await waitForIdle(server, session.id, 2);
    const s = session.id;
    expect(await since()).toEqual([
      { id: s, type: "session.status_run_started" },
      { id: s, type: "session.thread_idled", session_thread_id: t1 },
      { id: s, type: "session.thread_idled", session_thread_id: t2 },
      { id: s, type: "session.status_idled", stop_reason: { type: "end_turn" } },
    ]);
    expect((await server.request("GET", `/sessions/${s}/threads/${t1}`)).body.agent.version).toBe(2);
    expect((await server.request("GET", `/sessions/${s}/threads/${t2}`)).body.agent.version).toBe(1);
  });

  it("terminates a thread with user.interrupt; later turns skip it; interrupting again changes nothing", async () => {
    const since = await outboxSince(server);
    const res = await interrupt(server, session.id, t1);
    expect(res.status).toBe(202);
    expect(res.body.data).toEqual([
      expect.objectContaining({ type: "user.interrupt", session_id: session.id, session_thread_id: t1 }),
    ]);
    expect(await since()).toEqual([{ id: session.id, type: "session.thread_terminated", session_thread_id: t1 }]);
    expect((await server.request("GET", `/sessions/${session.id}/threads/${t1}`)).body.status).toBe("terminated");
    const threadEvents = await history(server, session.id, t1);
    expect(threadEvents.slice(-2).map((e) => e.type)).toEqual(["user.interrupt", "session.thread_terminated"]);

    const turn = await outboxSince(server);
    await sendMessage(server, session.id, "third");
    await waitForIdle(server, session.id, 3);
    expect(await turn()).toEqual([
      { id: session.id, type: "session.status_run_started" },
      { id: session.id, type: "session.thread_idled", session_thread_id: t2 },
      { id: session.id, type: "session.status_idled", stop_reason: { type: "end_turn" } },
    ]);
    expect((await server.request("GET", `/sessions/${session.id}/threads/${t1}`)).body.status).toBe("terminated");

    const again = await outboxSince(server);
    expect((await interrupt(server, session.id, t1)).status).toBe(202);
    expect(await again()).toEqual([]);
  });

  it("refuses to interrupt a thread of another session", async () => {
    const otherSession = await createSession(server, researcher.id, envId);
    const res = await interrupt(server, otherSession.id, t2);
    expect(expectError(res, 404, "not_found_error").param).toBe("events[0].session_thread_id");
    expect((await server.request("GET", `/sessions/${session.id}/threads/${t2}`)).body.status).toBe("idle");
  });

  it("records an error event for a sub-agent that was deleted, and still answers", async () => {
    const gone = await createAgent(server, { name: "gone" });
    const coordinator = await createAgent(server, { multiagent: { type: "coordinator", agents: [gone.id] } });
    const s = await createSession(server, coordinator.id, envId);
    await server.request("DELETE", `/agents/${gone.id}`);
    await sendMessage(server, s.id, "anyone?");
    const events = await waitForIdle(server, s.id);
    expect(events.map((e) => e.type)).toEqual([
      "user.message",
      "session.status_run_started",
      "session.error",
      "agent.message",
      "session.status_idled",
    ]);
    expect(events[2].error).toMatchObject({ type: "agent_unavailable" });
    expect(events[2].error.message).toContain(gone.id);
  });
});

describe("interrupting a thread during its run", () => {
  let slow: TestServer;
  beforeAll(async () => {
    // Each runtime call takes 1.5 s: long enough to interrupt the sub-agent while it runs.
    slow = await inProcess({ env: { ECHO_RUNTIME_DELAY_MS: "1500" } });
  });
  afterAll(async () => {
    await slow.stop();
  });

  it("discards the thread's output at once; the thread is terminated, never idled, and the turn completes", async () => {
    const env = await createEnvironment(slow);
    const sub = await createAgent(slow, { name: "sub" });
    const coordinator = await createAgent(slow, { multiagent: { type: "coordinator", agents: [sub.id] } });
    const session = await createSession(slow, coordinator.id, env);
    const since = await outboxSince(slow);
    await sendMessage(slow, session.id, "long task");
    const threadId = await waitFor(async () => {
      const list = await slow.request("GET", `/sessions/${session.id}/threads`);
      const t = list.body.data[0];
      return t?.status === "running" ? (t.id as string) : null;
    });
    expect((await interrupt(slow, session.id, threadId)).status).toBe(202);
    const events = await waitForIdle(slow, session.id);
    expect(events.map((e) => [e.type, e.session_thread_id])).toEqual([
      ["user.message", null],
      ["session.status_run_started", null],
      ["session.thread_created", threadId],
      ["agent.thread_message_sent", null],
      ["user.interrupt", threadId],
      ["session.thread_terminated", threadId],
      ["agent.message", null],
      ["session.status_idled", null],
    ]);
    expect(await since()).toEqual([
      { id: session.id, type: "session.status_run_started" },
      { id: session.id, type: "session.thread_created", session_thread_id: threadId },
      { id: session.id, type: "session.thread_terminated", session_thread_id: threadId },
      { id: session.id, type: "session.status_idled", stop_reason: { type: "end_turn" } },
    ]);
    expect((await slow.request("GET", `/sessions/${session.id}/threads/${threadId}`)).body.status).toBe("terminated");
  });
});
