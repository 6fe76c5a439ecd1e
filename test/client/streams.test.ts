/**
 * The SDK's stream iterators against the real server: history then live, reconnection with
 * Last-Event-ID after the server drops the connection (no gap, no repeat), AbortSignal, errors.
 */
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from "vitest";
import { CloudAgentsApiError, createCloudAgentsClient, type ReconnectInfo, type Schemas } from "../../client/index.ts";
import {
  createAgent,
  createEnvironment,
  createSession,
  history,
  sendMessage,
  userMessage,
  waitForIdle,
} from "../helpers/flows/lifecycle.ts";
import { mustOpen, type SseConnection } from "../helpers/flows/sse.ts";
import { inProcess, type TestServer, waitFor } from "../helpers/servers/server.ts";

let server: TestServer;
let envId: string;
let agentId: string;

beforeAll(async () => {
  server = await inProcess({ env: { MAX_STREAMS_PER_ACCOUNT: "4" } });
  envId = await createEnvironment(server);
  agentId = (await createAgent(server)).id;
});
afterAll(async () => {
  await server.stop();
});

const sdk = () =>
  createCloudAgentsClient({ baseUrl: server.url, token: server.token, retry: { baseDelayMs: 20, maxDelayMs: 200 } });
const hub = () => server.service.deps.streams;

/** Collects what an iterator yields, in the background. */
function collect<T>(iterator: AsyncGenerator<T>): { items: T[]; done: Promise<void> } {
  const items: T[] = [];
  const done = (async () => {
    for await (const item of iterator) items.push(item);
  })();
  return { items, done };
}

describe("client.streamSessionEvents", () => {
  it("yields the history, then each event as it is committed, typed as session events", async () => {
    const session = await createSession(server, agentId, envId, { initial_events: [userMessage("hello")] });
    await waitForIdle(server, session.id);
    const controller = new AbortController();
    const iterator = sdk().streamSessionEvents(session.id, { signal: controller.signal });
    expectTypeOf(iterator).toEqualTypeOf<AsyncGenerator<Schemas["SessionEvent"], void, undefined>>();
    const seen = collect(iterator);
    await sendMessage(server, session.id, "and again");
    const all = await waitForIdle(server, session.id, 2);
    await waitFor(() => seen.items.length === all.length, { what: "every event yielded" });
    expect(seen.items).toEqual(all);
    controller.abort();
    await seen.done;
    await waitFor(() => hub().size === 0, { what: "the stream closed after the abort" });
  });

  it("reconnects with Last-Event-ID when the server drops the connection, losing and repeating nothing", async () => {
    const session = await createSession(server, agentId, envId, { initial_events: [userMessage("one")] });
    await waitForIdle(server, session.id);
    const reconnects: ReconnectInfo[] = [];
    const controller = new AbortController();
    const seen = collect(
      createCloudAgentsClient({
        baseUrl: server.url,
        token: server.token,
        retry: { baseDelayMs: 400 },
      }).streamSessionEvents(session.id, { signal: controller.signal, onReconnect: (info) => reconnects.push(info) }),
    );
    await waitFor(() => seen.items.length === 4, { what: "the history" });
    // The server drops the client (as it does a slow one); events are committed meanwhile.
    for (const stream of hub().list()) stream.drop("slow_client");
    // One turn at a time: a message sent while the last is still queued joins its run (one idle).
    await sendMessage(server, session.id, "two");
    await waitForIdle(server, session.id, 2);
    await sendMessage(server, session.id, "three");
    const all = await waitForIdle(server, session.id, 3);
    await waitFor(() => seen.items.length >= all.length, { what: "the events after the reconnection" });
    expect(seen.items.map((e) => e.id)).toEqual(all.map((e) => e.id));
    expect(reconnects[0]).toMatchObject({ reason: "network_error", lastEventId: all[3].id, failures: 0 });
    // A server that ends the stream (a restart) is reconnected to as well.
    for (const stream of hub().list()) stream.end("shutdown");
    await sendMessage(server, session.id, "four");
    const more = await waitForIdle(server, session.id, 4);
    await waitFor(() => seen.items.length >= more.length, { what: "the events after the second reconnection" });
    expect(seen.items.map((e) => e.id)).toEqual(more.map((e) => e.id));
    expect(reconnects.map((r) => r.reason)).toEqual(["network_error", "ended"]);
    controller.abort();
    await seen.done;
  });

  it("filters by type and resumes after a given event", async () => {
    const session = await createSession(server, agentId, envId, { initial_events: [userMessage("x")] });
    const all = await waitForIdle(server, session.id);
    const controller = new AbortController();
    const iterator = sdk().streamSessionEvents(session.id, {
      types: ["agent.message"],
      after: all[0].id,
      signal: controller.signal,
    });
    for await (const event of iterator) {
      expectTypeOf(event).toEqualTypeOf<Schemas["SessionEventAgentMessage"]>();
      expect(event.content[0]?.text).toBe("Echo: x");
      break;
    }
    await waitFor(() => hub().size === 0, { what: "the stream closed when the loop was left" });
  });

  it("throws CloudAgentsApiError for a 4xx, and gives up on a full account after maxFailures", async () => {
    const missing = sdk().streamSessionEvents("sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y");
    const error = await missing.next().catch((err: unknown) => err);
    expect(error).toBeInstanceOf(CloudAgentsApiError);
    expect(error).toMatchObject({ status: 404, type: "not_found_error" });
    const session = await createSession(server, agentId, envId);
    await expect(sdk().streamSessionEvents(session.id, { after: "nope" }).next()).rejects.toMatchObject({
      status: 400,
      param: "Last-Event-ID",
    });

    const held: SseConnection[] = [];
    for (let i = 0; i < 4; i++) held.push(await mustOpen(server.url, "/events/stream", { token: server.token }));
    const reconnects: ReconnectInfo[] = [];
    await expect(
      sdk()
        .streamEvents({ maxFailures: 1, onReconnect: (info) => reconnects.push(info) })
        .next(),
    ).rejects.toMatchObject({ status: 429, type: "rate_limit_error" });
    expect(reconnects.map((r) => [r.reason, r.failures])).toEqual([["429", 1]]);
    for (const c of held) c.close();
  });
});

describe("client.streamEvents and client.streamThreadEvents", () => {
  it("yield the account's envelopes and a thread's events", async () => {
    await waitFor(() => hub().size === 0, { what: "earlier streams closed" });
    const controller = new AbortController();
    const envelopes = collect(sdk().streamEvents({ signal: controller.signal, types: ["agent.created"] }));
    await waitFor(() => hub().size === 1, { what: "the account stream open" });
    const helper = await createAgent(server, { name: "helper" });
    const coordinator = await createAgent(server, {
      name: "coordinator",
      multiagent: { type: "coordinator", agents: [helper.id] },
    });
    await waitFor(() => envelopes.items.length === 2, { what: "two agent.created envelopes" });
    expect(envelopes.items.map((e) => [e.data.type, e.data.id])).toEqual([
      ["agent.created", helper.id],
      ["agent.created", coordinator.id],
    ]);

    const session = await createSession(server, coordinator.id, envId, { initial_events: [userMessage("go")] });
    const events = await waitForIdle(server, session.id);
    const threadId = events.find((e) => e.type === "session.thread_created")?.session_thread_id;
    const thread = await history(server, session.id, threadId);
    const items = collect(sdk().streamThreadEvents(session.id, threadId, { signal: controller.signal }));
    await waitFor(() => items.items.length === thread.length, { what: "the thread's history" });
    expect(items.items).toEqual(thread);
    controller.abort();
    await Promise.all([envelopes.done, items.done]);
  });
});
