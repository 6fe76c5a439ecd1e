/**
 * Usage, budgets and live text (API.md, "Human in the loop, interrupts, usage and budgets") on
 * both model runtimes: the real service in-process, a real MCP server on loopback, and msw
 * standing in for the providers' streamed APIs with scripted token counts.
 */
import { afterAll, afterEach, beforeAll, describe, expect, expectTypeOf, it } from "vitest";
import { createCloudAgentsClient, type SessionEvent, type SessionEventDelta } from "../../client/index.ts";
import { startMcpServer, type TestMcpServer } from "../helpers/fakes/mcpServer.ts";
import { listen, mockProviders, providerEnv, type ScriptedUsage } from "../helpers/fakes/providers.ts";
import { agentWithMcp, sessionEvents, waitForTurns } from "../helpers/flows/agentRuns.ts";
import { createDeployment } from "../helpers/flows/deployments.ts";
import { createAgent, createEnvironment, createSession, waitForIdle } from "../helpers/flows/lifecycle.ts";
import { type SseConnection, streamsOf } from "../helpers/flows/sse.ts";
import { expectError, inProcess, type TestServer, waitFor } from "../helpers/servers/server.ts";

const MCP_TOKEN = "mcp-static-token-usage-5d1e09";
const providers = mockProviders();
let mcp: TestMcpServer;
let s: TestServer;
let streams: ReturnType<typeof streamsOf>;

beforeAll(async () => {
  listen(providers);
  mcp = await startMcpServer({ tokens: [MCP_TOKEN] });
  s = await inProcess({ env: { ...providerEnv, RUN_PROVIDER_RETRY_BASE_MS: "1" } });
  streams = streamsOf(s);
});
afterAll(async () => {
  streams.closeAll();
  await s.stop();
  await mcp.close();
  providers.server.close();
});
afterEach(() => {
  providers.openai.length = 0;
  providers.anthropic.length = 0;
});

const bearer = { type: "static_bearer", token: MCP_TOKEN };

async function say(sessionId: string, text: string) {
  return s.request("POST", `/sessions/${sessionId}/events`, {
    body: { events: [{ type: "user.message", content: [{ type: "text", text }] }] },
  });
}

const sum = (usages: ScriptedUsage[], provider: "anthropic" | "openai") => ({
  input_tokens: usages.reduce((n, u) => n + u.input_tokens, 0),
  output_tokens: usages.reduce((n, u) => n + u.output_tokens, 0),
  cache_read_input_tokens: usages.reduce((n, u) => n + (u.cache_read_input_tokens ?? 0), 0),
  // Chat Completions reports no cache writes.
  cache_creation_input_tokens:
    provider === "anthropic" ? usages.reduce((n, u) => n + (u.cache_creation_input_tokens ?? 0), 0) : 0,
});

/** The text of each delta run (an event_start and the event_delta messages after it), in order. */
function deltaTexts(connection: SseConnection): string[] {
  const out: string[] = [];
  for (const m of connection.messages) {
    if (m.event === "event_start") out.push("");
    else if (m.event === "event_delta") out[out.length - 1] += m.data.delta.text;
  }
  return out;
}

const RUNTIMES = [
  { provider: "anthropic" as const, model: "claude-test-usage", providerModel: "claude-test-usage" },
  { provider: "openai" as const, model: "openai/usage-model", providerModel: "usage-model" },
];

describe.each(RUNTIMES)("the $provider runtime", ({ provider, model, providerModel }) => {
  it("records a span around each request, sums the reported usage on the session, and streams the text live", async () => {
    const setup = await agentWithMcp(s, { model, mcpUrl: mcp.url, auth: bearer });
    const first: ScriptedUsage = {
      input_tokens: 120,
      output_tokens: 17,
      cache_read_input_tokens: 40,
      cache_creation_input_tokens: 9,
    };
    const second: ScriptedUsage = { input_tokens: 210, output_tokens: 33, cache_read_input_tokens: 5 };
    providers.script(provider, [
      {
        text: "Let me add those numbers for you.",
        tool_calls: [{ id: "call_u1", name: "tickets__add", input: { a: 2, b: 3 } }],
        usage: first,
      },
      { text: "The sum of 2 and 3 is 5, as the tool said.", usage: second },
    ]);
    const live = await streams.open(`/sessions/${setup.sessionId}/events/stream?event_deltas[]=agent.message`);
    const plain = await streams.open(`/sessions/${setup.sessionId}/events/stream`);
    // The SDK's iterator yields the deltas too, typed.
    const client = createCloudAgentsClient({ baseUrl: s.url, token: s.token });
    const sdkItems: (SessionEvent | SessionEventDelta)[] = [];
    let sdkOpen!: () => void;
    const opened = new Promise<void>((resolve) => {
      sdkOpen = resolve;
    });
    const sdkDone = (async () => {
      const iterator = client.streamSessionEvents(setup.sessionId, {
        eventDeltas: ["agent.message"],
        onOpen: () => sdkOpen(),
      });
      for await (const item of iterator) {
        expectTypeOf(item).toEqualTypeOf<SessionEvent | SessionEventDelta>();
        sdkItems.push(item);
        if (item.type === "session.status_idled") return;
      }
    })();
    await opened;
    expect((await say(setup.sessionId, "What is 2 + 3?")).status).toBe(202);
    const events = await waitForTurns(s, setup.sessionId);
    await sdkDone;
    const sdkTexts: string[] = [];
    for (const item of sdkItems) {
      if (item.type === "event_start") sdkTexts.push("");
      else if (item.type === "event_delta") sdkTexts[sdkTexts.length - 1] += item.delta?.text ?? "";
    }
    expect(sdkTexts).toEqual(events.filter((e) => e.type === "agent.message").map((e) => e.content[0].text as string));
    expect(sdkItems.filter((i) => !i.type.startsWith("event_")).map((i) => i.type)).toEqual(events.map((e) => e.type));

    expect(events.map((e) => e.type)).toEqual([
      "user.message",
      "session.status_run_started",
      "span.model_request_start",
      "span.model_request_end",
      "agent.message",
      "agent.tool_use",
      "agent.tool_result",
      "span.model_request_start",
      "span.model_request_end",
      "agent.message",
      "session.status_idled",
    ]);
    const ends = events.filter((e) => e.type === "span.model_request_end");
    expect(ends.map((e) => e.model_usage)).toEqual([sum([first], provider), sum([second], provider)]);
    for (const span of events.filter((e) => e.type.startsWith("span."))) {
      expect(span.model).toBe(providerModel);
      expect(span.session_thread_id).toBeNull();
    }
    for (const end of ends) expect(end.duration_ms).toBeGreaterThanOrEqual(0);

    const session = (await s.request("GET", `/sessions/${setup.sessionId}`)).body;
    expect(session.usage).toEqual(sum([first, second], provider));
    expect(session.stats).toMatchObject({ turns: 1, tool_calls: 1 });
    expect(session.stats.active_seconds).toBeGreaterThanOrEqual(0);
    expect(session.budget).toBeNull();

    // The deltas concatenate to each stored agent.message, and come before it.
    const messages = events.filter((e) => e.type === "agent.message");
    await waitFor(() => (live.messages.filter((m) => m.event === "session.status_idled").length === 1 ? true : null), {
      timeoutMs: 10_000,
      what: "the live stream to reach the idle event",
    });
    expect(deltaTexts(live)).toEqual(messages.map((m) => m.content[0].text));
    const storedAt = live.messages.findIndex((m) => m.id === messages[0].id);
    const firstStart = live.messages.findIndex((m) => m.event === "event_start");
    expect(firstStart).toBeGreaterThan(-1);
    expect(firstStart).toBeLessThan(storedAt);
    for (const m of live.messages.filter((m) => m.event.startsWith("event_"))) {
      expect(m.id).toBe("");
      expect(m.data).toMatchObject({ type: m.event, session_id: setup.sessionId, session_thread_id: null });
    }
    // Without the parameter, and on a replay from the start, no deltas.
    await waitFor(() => (plain.messages.length >= events.length ? true : null), {
      timeoutMs: 10_000,
      what: "the plain stream to catch up",
    });
    expect(plain.messages.map((m) => m.event)).toEqual(events.map((e) => e.type));
    const replay = await streams.open(`/sessions/${setup.sessionId}/events/stream?event_deltas[]=agent.message`, {
      "Last-Event-ID": events[0].id,
    });
    await replay.waitForMessages(events.length - 1);
    expect(replay.messages.map((m) => m.event)).toEqual(events.slice(1).map((e) => e.type));
    live.close();
    plain.close();
    replay.close();
  });

  it("stops the second turn at the budget, refuses messages over it, and resumes once it is raised", async () => {
    const setup = await agentWithMcp(s, { model, mcpUrl: mcp.url, auth: bearer });
    const updated = await s.request("POST", `/sessions/${setup.sessionId}`, {
      body: { budget: { max_total_tokens: 200 } },
    });
    expect(updated.body.budget).toEqual({ max_total_tokens: 200 });
    const usage: ScriptedUsage = { input_tokens: 100, output_tokens: 20 };
    providers.script(provider, [
      { text: "First answer.", usage },
      { tool_calls: [{ id: "call_b1", name: "tickets__add", input: { a: 1, b: 1 } }], usage },
      { text: "never asked for" },
    ]);
    await say(setup.sessionId, "First question");
    await waitForTurns(s, setup.sessionId, 1);
    // 120 of 200 tokens: the next message is taken; its first request brings the total to 240.
    expect((await say(setup.sessionId, "Second question")).status).toBe(202);
    const events = await waitForTurns(s, setup.sessionId, 2);
    const idled = events.filter((e) => e.type === "session.status_idled");
    expect(idled[1].stop_reason).toEqual({ type: "budget_reached" });
    expect(idled[0].stop_reason?.type ?? "end_turn").not.toBe("budget_reached");
    // The second request ran its tool; no third request was made.
    expect(providers[provider]).toHaveLength(2);
    const secondTurn = events.slice(events.indexOf(idled[0]) + 1).map((e) => e.type);
    expect(secondTurn).toEqual([
      "user.message",
      "session.status_run_started",
      "span.model_request_start",
      "span.model_request_end",
      "agent.tool_use",
      "agent.tool_result",
      "session.status_idled",
    ]);
    const stopped = (await s.request("GET", `/sessions/${setup.sessionId}`)).body;
    expect(stopped.usage).toMatchObject({ input_tokens: 200, output_tokens: 40 });
    expect(stopped.stats).toMatchObject({ turns: 2, tool_calls: 1 });

    const refused = expectError(await say(setup.sessionId, "Third question"), 409, "conflict_error");
    expect(refused.message).toContain("budget");
    expect(refused.message).toContain("240");

    providers.script(provider, [{ text: "Back at it.", usage }]);
    const raised = await s.request("POST", `/sessions/${setup.sessionId}`, {
      body: { budget: { max_total_tokens: 1000 } },
    });
    expect(raised.body.budget).toEqual({ max_total_tokens: 1000 });
    expect((await say(setup.sessionId, "Third question")).status).toBe(202);
    const after = await waitForTurns(s, setup.sessionId, 3);
    const last = after.filter((e) => e.type === "agent.message").at(-1);
    expect(last.content[0].text).toBe("Back at it.");
    expect(after.filter((e) => e.type === "session.status_idled")[2].stop_reason?.type).not.toBe("budget_reached");
    expect((await s.request("GET", `/sessions/${setup.sessionId}`)).body.usage.input_tokens).toBe(300);
  });
});

describe("live text of a retried request", () => {
  it("starts the retried attempt's text with a new event_start, so the last run of deltas is the stored message", async () => {
    const setup = await agentWithMcp(s, { model: "claude-test-retry", mcpUrl: mcp.url, auth: bearer });
    providers.script("anthropic", [
      { streamError: { type: "overloaded_error", message: "Overloaded" }, partialText: "Half an ans" },
      { text: "The whole answer." },
    ]);
    const live = await streams.open(`/sessions/${setup.sessionId}/events/stream?event_deltas[]=agent.message`);
    await say(setup.sessionId, "Hi");
    const events = await waitForTurns(s, setup.sessionId);
    await waitFor(() => (live.messages.some((m) => m.event === "session.status_idled") ? true : null), {
      timeoutMs: 10_000,
      what: "the live stream to reach the idle event",
    });
    expect(deltaTexts(live)).toEqual(["Half an ans", "The whole answer."]);
    expect(events.filter((e) => e.type === "agent.message").map((e) => e.content[0].text)).toEqual([
      "The whole answer.",
    ]);
    // One request as the API counts it: one span pair, retries inside it.
    expect(events.filter((e) => e.type === "span.model_request_end")).toHaveLength(1);
    live.close();
  });
});

describe("usage of threads, the echo runtime and deployments", () => {
  it("counts each thread's usage apart, and the session's over all of them", async () => {
    const sub = await createAgent(s, { name: "sub" });
    const coordinator = await createAgent(s, { multiagent: { type: "coordinator", agents: [sub.id] } });
    const env = await createEnvironment(s);
    const session = await createSession(s, coordinator.id, env);
    expect(session.usage).toEqual({
      input_tokens: 0,
      output_tokens: 0,
      cache_read_input_tokens: 0,
      cache_creation_input_tokens: 0,
    });
    expect(session.stats).toEqual({ turns: 0, tool_calls: 0, active_seconds: 0 });
    expect((await say(session.id, "three little words")).status).toBe(202);
    await waitForIdle(s, session.id);
    const threads = (await s.request("GET", `/sessions/${session.id}/threads`)).body.data;
    expect(threads).toHaveLength(1);
    // Echo counts a token per word: 3 read, 4 written ("Echo: three little words").
    expect(threads[0].usage).toMatchObject({ input_tokens: 3, output_tokens: 4 });
    expect(threads[0].stats).toMatchObject({ turns: 1, tool_calls: 0 });
    const thread = (await s.request("GET", `/sessions/${session.id}/threads/${threads[0].id}`)).body;
    expect(thread.usage).toEqual(threads[0].usage);
    const after = (await s.request("GET", `/sessions/${session.id}`)).body;
    expect(after.usage).toMatchObject({ input_tokens: 6, output_tokens: 8 });
    expect(after.stats).toMatchObject({ turns: 1, tool_calls: 0 });
    // The echo runtime makes no model request: no spans.
    expect((await sessionEvents(s, session.id)).some((e) => e.type.startsWith("span."))).toBe(false);
  });

  it("copies a deployment's budget into the session of its run, and takes it at create and update", async () => {
    const agent = await createAgent(s);
    const env = await createEnvironment(s);
    const deployment = await createDeployment(s, agent.id, env, { budget: { max_total_tokens: 5000 } });
    expect(deployment.budget).toEqual({ max_total_tokens: 5000 });
    const run = (await s.request("POST", `/deployments/${deployment.id}/run`)).body;
    const session = (await s.request("GET", `/sessions/${run.session_id}`)).body;
    expect(session.budget).toEqual({ max_total_tokens: 5000 });
    const changed = await s.request("POST", `/deployments/${deployment.id}`, { body: { budget: null } });
    expect(changed.body.budget).toBeNull();
    const created = await createSession(s, agent.id, env, { budget: { max_total_tokens: 7 } });
    expect(created.budget).toEqual({ max_total_tokens: 7 });
    expectError(
      await s.request("POST", "/sessions", {
        body: { agent: agent.id, environment_id: env, budget: { max_total_tokens: 0 } },
      }),
      400,
      "invalid_request_error",
    );
  });

  it("refuses a message on an echo session whose budget is reached, until it is raised", async () => {
    const agent = await createAgent(s);
    const env = await createEnvironment(s);
    const session = await createSession(s, agent.id, env, { budget: { max_total_tokens: 3 } });
    await say(session.id, "one two three");
    await waitForIdle(s, session.id);
    expectError(await say(session.id, "again"), 409, "conflict_error");
    await s.request("POST", `/sessions/${session.id}`, { body: { budget: null } });
    expect((await say(session.id, "again")).status).toBe(202);
    await waitForIdle(s, session.id, 2);
  });
});
