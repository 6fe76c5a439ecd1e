/**
 * GET /sessions/{id}/events/stream and GET /sessions/{id}/threads/{thread_id}/events/stream: a
 * real server on port 0, real HTTP clients reading the stream, the messages parsed with
 * eventsource-parser and compared with the history GET /sessions/{id}/events returns.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createAgent,
  createEnvironment,
  createSession,
  history,
  sendMessage,
  userMessage,
  waitForIdle,
} from "../helpers/flows/lifecycle.ts";
import { openStream, type RefusedStream, type SseConnection, streamsOf } from "../helpers/flows/sse.ts";
import { expectError, inProcess, type TestServer, waitFor } from "../helpers/servers/server.ts";

let server: TestServer;
let envId: string;
let agentId: string;

beforeAll(async () => {
  server = await inProcess({ env: { STREAM_HEARTBEAT_MS: "100" } });
  streams = streamsOf(server);
  envId = await createEnvironment(server);
  agentId = (await createAgent(server)).id;
});
afterAll(async () => {
  streams.closeAll();
  await server.stop();
});

let streams: ReturnType<typeof streamsOf>;
const stream = (path: string, headers: Record<string, string> = {}, token?: string) =>
  streams.open(path, headers, token);

/** Each message as the stream must carry it: the history event, its id and its type. */
const asMessages = (events: any[]) => events.map((e) => ({ id: e.id, event: e.type, raw: JSON.stringify(e) }));
const received = (c: SseConnection) => c.messages.map((m) => ({ id: m.id, event: m.event, raw: m.raw }));

describe("a session stream", () => {
  it("sends the history oldest first, then each new event live, exactly as GET /sessions/{id}/events returns it", async () => {
    const session = await createSession(server, agentId, envId, { initial_events: [userMessage("first")] });
    await waitForIdle(server, session.id);
    const before = await history(server, session.id);
    const c = await stream(`/sessions/${session.id}/events/stream`);
    expect(c.headers["content-type"]).toMatch(/^text\/event-stream/);
    expect(c.headers["cache-control"]).toContain("no-cache");
    expect(c.headers["request-id"]).toMatch(/^req_/);
    await c.waitForMessages(before.length);
    expect(received(c)).toEqual(asMessages(before));

    await sendMessage(server, session.id, "second");
    await waitForIdle(server, session.id, 2);
    const after = await history(server, session.id);
    await c.waitForMessages(after.length);
    expect(received(c)).toEqual(asMessages(after));
    expect(after.map((e) => e.type).slice(before.length)).toEqual([
      "user.message",
      "session.status_run_started",
      "agent.message",
      "session.status_idled",
    ]);
  });

  it("writes a `: ping` comment at every heartbeat", async () => {
    const session = await createSession(server, agentId, envId);
    const c = await stream(`/sessions/${session.id}/events/stream`);
    const comments = await c.waitForComments(3);
    expect(new Set(comments)).toEqual(new Set(["ping"]));
    expect(c.messages).toEqual([]);
  });

  it("sends every event exactly once to streams opened at any moment of a burst of concurrent commits", async () => {
    const session = await createSession(server, agentId, envId);
    // A long history (several read batches) that grows while streams open and replay it.
    for (let i = 0; i < 3; i++) {
      await server.request("POST", `/sessions/${session.id}/events`, {
        body: { events: Array.from({ length: 50 }, (_, k) => userMessage(`seed ${i}.${k}`)) },
      });
    }
    const streams: Promise<SseConnection>[] = [];
    const sends: Promise<unknown>[] = [];
    for (let i = 0; i < 40; i++) {
      sends.push(sendMessage(server, session.id, `burst ${i}`));
      if (i % 4 === 0) streams.push(stream(`/sessions/${session.id}/events/stream`));
    }
    await Promise.all(sends);
    const connections = await Promise.all(streams);
    // Every message answered: the burst's runs are over.
    const final = await waitFor(
      async () => {
        const events = await history(server, session.id);
        const session_ = await server.request("GET", `/sessions/${session.id}`);
        const answered = events.filter((e) => e.type === "agent.message").length;
        return session_.body.status === "idle" && answered === 150 + 40 ? events : null;
      },
      { timeoutMs: 30_000, what: "every message of the burst answered" },
    );
    for (const c of connections) {
      await c.waitForMessages(final.length);
      expect(received(c)).toEqual(asMessages(final));
    }
    // Nothing more arrives: no event was sent twice. A marker committed after the burst reaches each
    // stream after anything else it would still send (a stream sends in commit order).
    await server.request("POST", `/sessions/${session.id}/events`, { body: { events: [userMessage("marker")] } });
    for (const c of connections) {
      await c.waitForMessages(final.length + 1);
      expect(received(c).slice(0, final.length)).toEqual(asMessages(final));
      expect(c.messages[final.length]?.event).toBe("user.message");
      expect(c.messages[final.length]?.raw).toContain('"text":"marker"');
    }
  });

  it("resumes after a dropped connection from Last-Event-ID (or after_id) with no gap and no repeat", async () => {
    const session = await createSession(server, agentId, envId, { initial_events: [userMessage("one")] });
    await waitForIdle(server, session.id);
    const first = await stream(`/sessions/${session.id}/events/stream`);
    await first.waitForMessages(4);
    const last = first.messages[1]?.id ?? "";
    first.close();
    // Committed while the client is away.
    await sendMessage(server, session.id, "two");
    await waitForIdle(server, session.id, 2);
    const all = await history(server, session.id);
    const rest = all.slice(all.findIndex((e) => e.id === last) + 1);
    expect(rest.length).toBe(6);

    const byHeader = await stream(`/sessions/${session.id}/events/stream`, { "last-event-id": last });
    const byQuery = await stream(`/sessions/${session.id}/events/stream?after_id=${last}`);
    // A reconnecting client sends the header while its URL keeps the first after_id: the header wins.
    const both = await stream(`/sessions/${session.id}/events/stream?after_id=${all[0].id}`, { "last-event-id": last });
    for (const c of [byHeader, byQuery, both]) {
      await c.waitForMessages(rest.length);
      expect(received(c)).toEqual(asMessages(rest));
    }
    // Then live, still without a repeat.
    await sendMessage(server, session.id, "three");
    const next = (await waitForIdle(server, session.id, 3)).slice(all.length);
    for (const c of [byHeader, byQuery, both]) {
      await c.waitForMessages(rest.length + next.length);
      expect(received(c)).toEqual(asMessages([...rest, ...next]));
    }
    // Resuming after the newest event: nothing but what comes next.
    const atEnd = await stream(`/sessions/${session.id}/events/stream`, {
      "last-event-id": next[next.length - 1].id,
    });
    await atEnd.waitForComments(1);
    expect(atEnd.messages).toEqual([]);
  });

  it("sends only the types[] asked for, and moves its resume point past the others", async () => {
    const session = await createSession(server, agentId, envId, { initial_events: [userMessage("hi")] });
    await waitForIdle(server, session.id);
    const c = await stream(`/sessions/${session.id}/events/stream?types[]=agent.message&types[]=session.status_idled`);
    const single = await stream(`/sessions/${session.id}/events/stream?types=agent.message`);
    await sendMessage(server, session.id, "again");
    const all = await waitForIdle(server, session.id, 2);
    const wanted = all.filter((e) => e.type === "agent.message" || e.type === "session.status_idled");
    await c.waitForMessages(wanted.length);
    expect(received(c)).toEqual(asMessages(wanted));
    const messages = all.filter((e) => e.type === "agent.message");
    await single.waitForMessages(messages.length);
    expect(received(single)).toEqual(asMessages(messages));
  });

  it("refuses bad input before the stream starts, in the error envelope", async () => {
    const session = await createSession(server, agentId, envId, { initial_events: [userMessage("x")] });
    const other = await createSession(server, agentId, envId, { initial_events: [userMessage("y")] });
    await waitForIdle(server, other.id);
    const otherEvent = (await history(server, other.id))[0].id;
    const refused = async (path: string, headers: Record<string, string> = {}, token = server.token) => {
      const res = await openStream(server.url, path, { token, headers });
      expect(res.status, JSON.stringify((res as RefusedStream).body)).not.toBe(200);
      const r = res as RefusedStream;
      expect(r.body.request_id).toBe(r.headers["request-id"]);
      return { status: r.status, type: r.body.error.type, param: r.body.error.param, message: r.body.error.message };
    };
    const base = `/sessions/${session.id}/events/stream`;
    expect(await refused("/sessions/sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y/events/stream")).toMatchObject({
      status: 404,
      type: "not_found_error",
    });
    const stranger = await server.tokenFor("stranger");
    expect(await refused(base, {}, stranger)).toMatchObject({ status: 404, type: "not_found_error" });
    expect(await refused(base, {}, "not-a-token")).toMatchObject({ status: 401, type: "TOKEN_INVALID" });
    expect(await refused(`${base}?after_id=nope`)).toMatchObject({ status: 400, param: "after_id" });
    expect(await refused(`${base}?after_id=${otherEvent}`)).toMatchObject({ status: 400, param: "after_id" });
    expect(await refused(base, { "last-event-id": "garbage" })).toMatchObject({
      status: 400,
      param: "Last-Event-ID",
    });
    expect(await refused(base, { "last-event-id": otherEvent })).toMatchObject({
      status: 400,
      param: "Last-Event-ID",
    });
    expect((await refused(`${base}?types[]=agent.nonsense`)).status).toBe(400);
    expect((await refused(`${base}?types[]=agent.nonsense`)).param).toMatch(/^types/);
    expect(await refused(`${base}?limit=10`)).toMatchObject({ status: 400, type: "invalid_request_error" });
    expect(
      await refused(`/sessions/${session.id}/threads/sthr_01JD3Q9C7F2J5K8N0Q3S6V9X1Z/events/stream`),
    ).toMatchObject({ status: 404, type: "not_found_error" });
    // The same refusals through the JSON test client, which checks them against the spec.
    expectError(await server.request("GET", `${base}?after_id=nope`), 400, "invalid_request_error");
    expectError(
      await server.request("GET", "/sessions/sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y/events/stream"),
      404,
      "not_found_error",
    );
  });

  it("ends when the session is deleted, and when its token is revoked", async () => {
    const session = await createSession(server, agentId, envId);
    const c = await stream(`/sessions/${session.id}/events/stream`);
    expect((await server.request("DELETE", `/sessions/${session.id}`)).status).toBe(200);
    await c.closed;

    const token = await server.tokenFor("revoker");
    const env = await createEnvironment(server, token);
    const agent = await createAgent(server, {}, token);
    const own = await createSession(server, agent.id, env, {}, token);
    const d = await stream(`/sessions/${own.id}/events/stream`, {}, token);
    const storage = server.service.deps.storage;
    const tokenId = (await storage.accounts.listTokens()).find((t) => t.account_name === "revoker")?.id ?? "";
    expect(await storage.accounts.revokeToken(tokenId)).toBe(true);
    await d.closed;
  });
});

describe("a thread stream", () => {
  it("sends only the thread's events, history then live", async () => {
    const helper = await createAgent(server, { name: "helper" });
    const coordinator = await createAgent(server, {
      name: "coordinator",
      multiagent: { type: "coordinator", agents: [helper.id] },
    });
    const session = await createSession(server, coordinator.id, envId, { initial_events: [userMessage("go")] });
    const events = await waitForIdle(server, session.id);
    const threadId = events.find((e) => e.type === "session.thread_created")?.session_thread_id;
    const c = await stream(`/sessions/${session.id}/threads/${threadId}/events/stream`);
    const whole = await stream(`/sessions/${session.id}/events/stream`);
    const before = await history(server, session.id, threadId);
    await c.waitForMessages(before.length);
    expect(received(c)).toEqual(asMessages(before));

    await sendMessage(server, session.id, "again");
    await waitForIdle(server, session.id, 2);
    const after = await history(server, session.id, threadId);
    expect(after.length).toBeGreaterThan(before.length);
    await c.waitForMessages(after.length);
    expect(received(c)).toEqual(asMessages(after));
    // The session's stream carries the thread's events among the others.
    const all = await history(server, session.id);
    await whole.waitForMessages(all.length);
    expect(received(whole)).toEqual(asMessages(all));
  });
});
