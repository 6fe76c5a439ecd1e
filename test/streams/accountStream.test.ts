/**
 * GET /events/stream: the account's envelopes as they are committed, byte for byte the bodies of
 * webhook deliveries. The server keeps the default 15 s heartbeat here, so live delivery is shown
 * to come from the commit wake-ups, not from the heartbeat's fallback read.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createAgent, createEnvironment } from "../helpers/flows/lifecycle.ts";
import { openStream, type RefusedStream, streamsOf } from "../helpers/flows/sse.ts";
import { inProcess, type TestServer, waitFor } from "../helpers/servers/server.ts";

let server: TestServer;

beforeAll(async () => {
  server = await inProcess({ env: { MAX_STREAMS_PER_ACCOUNT: "3", SHUTDOWN_GRACE_MS: "60000" } });
  streams = streamsOf(server);
});
afterAll(async () => {
  streams.closeAll();
  await server.stop();
});

let streams: ReturnType<typeof streamsOf>;
const stream = (path: string, headers: Record<string, string> = {}, token?: string) =>
  streams.open(path, headers, token);

/** The stored envelopes (exact bytes) of an account after a position. */
async function stored(account = "default") {
  const storage = server.service.deps.storage;
  const id = (await storage.accounts.findAccountByName(account))?.id ?? "";
  return await storage.outbox.listEvents(id, { limit: 100_000 });
}

describe("the streams' loop while nobody listens", () => {
  it("costs writes no query: the positions are looked up when a stream opens", async () => {
    const { storage, streams: hub } = server.service.deps;
    expect(hub.size).toBe(0);
    const latest = vi.spyOn(storage.streams, "latest");
    const changes = vi.spyOn(storage.streams, "changesSince");
    try {
      for (let i = 0; i < 3; i++) {
        const before = hub.health().lastPassAt ?? 0;
        await createEnvironment(server);
        // The commit woke the loop: its pass has run once the time of its last pass moves on.
        await waitFor(() => (hub.health().lastPassAt ?? 0) > before);
      }
      expect(latest).not.toHaveBeenCalled();
      expect(changes).not.toHaveBeenCalled();
      // A stream opened now still gets what is committed after it opened.
      const c = await stream("/events/stream");
      await createEnvironment(server);
      const [message] = await c.waitForMessages(1);
      expect(message?.raw).toBe((await stored()).at(-1)?.payload);
      expect(latest).toHaveBeenCalled();
      c.close();
    } finally {
      latest.mockRestore();
      changes.mockRestore();
    }
  });
});

describe("the account stream", () => {
  it("sends the envelopes committed from the moment it opens, as stored, and nothing of other accounts", async () => {
    await createEnvironment(server);
    const before = (await stored()).length;
    const c = await stream("/events/stream");
    const stranger = await server.tokenFor("stranger-1");
    await createAgent(server, { name: "stranger's" }, stranger);
    await createEnvironment(server);
    await createAgent(server, { name: "mine" });
    const expected = (await stored()).slice(before);
    expect(expected.map((e) => e.envelope.data.type)).toEqual(["environment.created", "agent.created"]);
    await c.waitForMessages(2);
    expect(c.messages.map((m) => ({ id: m.id, event: m.event, raw: m.raw }))).toEqual(
      expected.map((e) => ({ id: e.envelope.id, event: e.envelope.data.type, raw: e.payload })),
    );
  });

  it("replays every envelope after Last-Event-ID (or after_id), then goes on live, with types[] filtering", async () => {
    const before = await stored();
    const from = before[before.length - 1]?.envelope.id ?? "";
    const agent = await createAgent(server, { name: "to archive" });
    await server.request("POST", `/agents/${agent.id}/archive`);
    const missed = (await stored()).slice(before.length);
    expect(missed.map((e) => e.envelope.data.type)).toEqual(["agent.created", "agent.archived"]);

    const resumed = await stream("/events/stream", { "last-event-id": from });
    const byQuery = await stream(`/events/stream?after_id=${from}&types[]=agent.archived&types[]=environment.created`);
    await resumed.waitForMessages(2);
    expect(resumed.messages.map((m) => m.raw)).toEqual(missed.map((e) => e.payload));
    await byQuery.waitForMessages(1);
    expect(byQuery.messages.map((m) => m.event)).toEqual(["agent.archived"]);

    await createEnvironment(server);
    const live = (await stored()).slice(before.length + 2);
    await resumed.waitForMessages(3);
    expect(resumed.messages.map((m) => m.raw)).toEqual([...missed, ...live].map((e) => e.payload));
    await byQuery.waitForMessages(2);
    expect(byQuery.messages.map((m) => m.raw)).toEqual([missed[1]?.payload, live[0]?.payload]);
    for (const c of [resumed, byQuery]) c.close();
  });

  it("refuses a resume point that is not an event of the account", async () => {
    const stranger = await server.tokenFor("stranger-2");
    await createEnvironment(server, stranger);
    const theirs = (await stored("stranger-2"))[0]?.envelope.id ?? "";
    for (const [headers, query, param] of [
      [{}, `?after_id=${theirs}`, "after_id"],
      [{}, "?after_id=evt_01JD3QB2C3D4E5F6G7H8J9K0M1", "after_id"],
      [{ "last-event-id": "sevt_01JD3QA1B2C3D4E5F6G7H8J9K2" }, "", "Last-Event-ID"],
    ] as const) {
      const res = (await openStream(server.url, `/events/stream${query}`, {
        token: server.token,
        headers,
      })) as RefusedStream;
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ type: "invalid_request_error", param });
    }
  });

  it("holds at most MAX_STREAMS_PER_ACCOUNT open streams per account (429 beyond), and frees a slot when one closes", async () => {
    streams.closeAll();
    await waitFor(() => server.service.deps.streams.size === 0, { what: "the earlier streams released" });
    const held = await Promise.all([1, 2, 3].map(() => stream("/events/stream")));
    const refused = (await openStream(server.url, "/events/stream", { token: server.token })) as RefusedStream;
    expect(refused.status).toBe(429);
    expect(refused.body.error.type).toBe("rate_limit_error");
    expect(refused.body.error.message).toContain("MAX_STREAMS_PER_ACCOUNT");
    // Another account is not affected.
    await stream("/events/stream", {}, await server.tokenFor("stranger-3"));
    held[0]?.close();
    await waitFor(
      async () => (await openStream(server.url, "/events/stream", { token: server.token })).status === 200,
      { what: "a slot freed by the closed stream" },
    );
  });
});

describe("shutdown", () => {
  it("ends every open stream cleanly instead of waiting out the grace period", async () => {
    const c = await stream("/events/stream", {}, await server.tokenFor("stranger-4"));
    await server.stop();
    await c.closed;
    const messages = server.logs.map((l) => l.msg);
    expect(messages).toContain("shutdown: ended the open streams");
    expect(messages).not.toContain("shutdown: closed the connections still open after the grace period");
  });
});
