/**
 * The session events of the SDK's union that the server emits on /v1 (issue 38, part C), through
 * the official SDK with every response and streamed event checked against the /v1 document:
 * `agent.mcp_tool_use` / `agent.mcp_tool_result` for MCP calls, a coordinator's
 * `agent.thread_message_sent` / `_received`, a sub-agent's `always_ask` call surfaced on the
 * session with its `session_thread_id` and answered there, `session.error` in the SDK's error types
 * with `retry_status` and `session.status_rescheduled` (an interrupt during the back-off idles the
 * session), `session.status_terminated` when the agent is deleted, and `session.deleted` ending a
 * session's stream. The scripted model is msw (test/helpers/fakes/providers.ts); the MCP server is
 * real, on loopback.
 */
import Anthropic from "@anthropic-ai/sdk";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startMcpServer, type TestMcpServer } from "../helpers/fakes/mcpServer.ts";
import { listen, mockProviders, providerEnv } from "../helpers/fakes/providers.ts";
import { createAgent } from "../helpers/flows/lifecycle.ts";
import { inProcess, type TestServer, waitFor } from "../helpers/servers/server.ts";
import { V1SpecValidator } from "../helpers/spec/v1SpecValidator.ts";

const providers = mockProviders();
let server: TestServer;
let client: Anthropic;
let mcp: TestMcpServer;
const validator = new V1SpecValidator();

beforeAll(async () => {
  listen(providers);
  mcp = await startMcpServer();
  server = await inProcess({
    env: {
      ...providerEnv,
      // A retry waits ten minutes: only an interrupt ends its back-off within the test.
      RUN_PROVIDER_RETRY_BASE_MS: "600000",
      RUN_PROVIDER_RETRY_MAX_MS: "600000",
      RUN_POLL_INTERVAL_MS: "50",
      STREAM_HEARTBEAT_MS: "100",
    },
  });
  client = new Anthropic({ baseURL: server.url, apiKey: server.token, maxRetries: 0, fetch: validator.fetch() });
});
afterAll(async () => {
  await server?.stop();
  await mcp?.close();
  providers.server.close();
});
afterEach(() => {
  providers.openai.length = 0;
  mcp.calls.length = 0;
  expect(validator.failures.splice(0)).toEqual([]);
});

type Event = Anthropic.Beta.Sessions.BetaManagedAgentsSessionEvent;
type Streamed = Anthropic.Beta.Sessions.BetaManagedAgentsStreamSessionEvents;

async function events(sessionId: string): Promise<Event[]> {
  const out: Event[] = [];
  for await (const e of client.beta.sessions.events.list(sessionId)) out.push(e);
  return out;
}

/** Waits for the session's `n`th `session.status_idle` with the session idle; answers its events. */
const idled = (sessionId: string, n: number) =>
  waitFor(
    async () => {
      const list = await events(sessionId);
      if (list.filter((e) => e.type === "session.status_idle").length < n) return null;
      return (await client.beta.sessions.retrieve(sessionId)).status === "idle" ? list : null;
    },
    // A server's first model turn prepares the sandbox's runtime (seconds on a loaded machine).
    { what: `${n} idle turn(s)`, timeoutMs: 30_000 },
  );

const said = (text: string) => [{ type: "user.message" as const, content: [{ type: "text" as const, text }] }];

async function environment(): Promise<string> {
  return (await client.beta.environments.create({ name: "events" })).id;
}

describe("/v1 session events of the SDK's union", () => {
  it("a sub-agent's always_ask MCP call surfaces on the session and is answered there", async () => {
    const careful = await createAgent(server, {
      name: "careful adder",
      model: "openai/llama3.2",
      mcp_servers: [{ type: "url", name: "tickets", url: mcp.url }],
      tools: [
        {
          type: "mcp_toolset",
          mcp_server_name: "tickets",
          configs: [{ name: "add", permission_policy: "always_ask" }],
        },
      ],
    });
    const coordinator = await createAgent(server, {
      name: "coordinator",
      multiagent: { type: "coordinator", agents: [careful.id] },
    });
    const session = await client.beta.sessions.create({ agent: coordinator.id, environment_id: await environment() });
    providers.script("openai", [
      { tool_calls: [{ id: "m1", name: "tickets__add", input: { a: 2, b: 3 } }] },
      { text: "2 + 3 = 5." },
    ]);
    await client.beta.sessions.events.send(session.id, { events: said("Add 2 and 3.") });

    const first = await idled(session.id, 1);
    const created = first.find((e) => e.type === "session.thread_created");
    if (created?.type !== "session.thread_created") throw new Error("no thread");
    const threadId = created.session_thread_id;
    const use = first.find((e) => e.type === "agent.mcp_tool_use");
    if (use?.type !== "agent.mcp_tool_use") throw new Error("no agent.mcp_tool_use");
    expect(use).toMatchObject({
      name: "add",
      mcp_server_name: "tickets",
      input: { a: 2, b: 3 },
      session_thread_id: threadId,
    });
    const idle = first.find((e) => e.type === "session.status_idle");
    expect(idle).toMatchObject({ stop_reason: { type: "requires_action", event_ids: [use.id] } });
    expect(mcp.calls).toEqual([]);
    expect(first.find((e) => e.type === "agent.thread_message_sent")).toMatchObject({
      to_session_thread_id: threadId,
      to_agent_name: "careful adder",
      content: [{ type: "text", text: "Add 2 and 3." }],
    });

    // Answered on the session by the call's event id, as for the primary agent.
    await client.beta.sessions.events.send(session.id, {
      events: [{ type: "user.tool_confirmation", tool_use_id: use.id, result: "allow" }],
    });
    const second = await idled(session.id, 2);
    expect(second.filter((e) => e.type === "session.status_idle").at(-1)).toMatchObject({
      stop_reason: { type: "end_turn" },
    });
    expect(mcp.calls).toEqual([{ name: "add", args: { a: 2, b: 3 } }]);
    const confirmation = second.find((e) => e.type === "user.tool_confirmation");
    expect(confirmation).toMatchObject({ tool_use_id: use.id, result: "allow", session_thread_id: threadId });
    const result = second.find((e) => e.type === "agent.mcp_tool_result");
    if (result?.type !== "agent.mcp_tool_result") throw new Error("no agent.mcp_tool_result");
    expect(result.mcp_tool_use_id).toBe("m1");
    expect(result.is_error).toBe(false);
    expect(result.content?.map((b) => ("text" in b ? b.text : ""))).toEqual(["5"]);
    // The sub-agent's answer goes back to the coordinator, which answers last.
    expect(second.find((e) => e.type === "agent.thread_message_received")).toMatchObject({
      from_session_thread_id: threadId,
      from_agent_name: "careful adder",
      content: [{ type: "text", text: "2 + 3 = 5." }],
    });
    expect(second.filter((e) => e.type === "agent.message").at(-1)).toMatchObject({
      content: [{ type: "text", text: "Echo: Add 2 and 3." }],
    });
    // No agent.tool_use is left for an MCP call.
    expect(second.some((e) => e.type === "agent.tool_use" || e.type === "agent.tool_result")).toBe(false);
  }, 60_000);

  it("a rate-limited model request: model_rate_limited_error retrying, rescheduled, and an interrupt idles it", async () => {
    const agent = await createAgent(server, { name: "limited", model: "openai/llama3.2" });
    const session = await client.beta.sessions.create({ agent: agent.id, environment_id: await environment() });
    providers.script("openai", [{ status: 429, body: { error: { message: "Rate limit reached." } } }]);
    const stream = await client.beta.sessions.events.stream(session.id);
    await client.beta.sessions.events.send(session.id, { events: said("Hello?") });
    const seen: Streamed["type"][] = [];
    for await (const event of stream) {
      validator.event(event);
      seen.push(event.type);
      if (event.type === "session.error") {
        expect(event.error).toMatchObject({ type: "model_rate_limited_error", retry_status: { type: "retrying" } });
        expect(event.error.message).toContain("429");
      }
      if (event.type === "session.status_rescheduled") {
        expect((await client.beta.sessions.retrieve(session.id)).status).toBe("rescheduling");
        await client.beta.sessions.events.send(session.id, { events: [{ type: "user.interrupt" }] });
      }
      if (event.type === "session.status_idle") {
        // Closed here: the stream stays open (its session lives on) and the SDK's iterator waits for its next message.
        stream.controller.abort();
        expect(event.stop_reason).toEqual({ type: "interrupted" });
        break;
      }
    }
    expect(seen.filter((t) => !t.startsWith("span."))).toEqual([
      "user.message",
      "session.status_running",
      "session.error",
      "session.status_rescheduled",
      "user.interrupt",
      "session.status_idle",
    ]);
    expect((await client.beta.sessions.retrieve(session.id)).status).toBe("idle");
    expect(providers.openai).toHaveLength(1);
  }, 60_000);

  it("session.status_terminated when the agent is deleted; session.deleted ends the session's stream", async () => {
    const agent = await createAgent(server, { name: "short-lived" });
    const session = await client.beta.sessions.create({ agent: agent.id, environment_id: await environment() });
    expect((await server.request("DELETE", `/agents/${agent.id}`)).status).toBe(200);
    const list = await events(session.id);
    expect(list.map((e) => e.type)).toEqual(["session.status_terminated"]);
    expect((await client.beta.sessions.retrieve(session.id)).status).toBe("terminated");

    const stream = await client.beta.sessions.events.stream(session.id);
    const seen: Streamed[] = [];
    const reading = (async () => {
      for await (const event of stream) {
        validator.event(event);
        seen.push(event);
      }
    })();
    await waitFor(() => seen.length === 1, { what: "the history streamed" });
    await client.beta.sessions.delete(session.id);
    // The stream ends on its own, its last message session.deleted.
    await reading;
    expect(seen.map((e) => e.type)).toEqual(["session.status_terminated", "session.deleted"]);
    expect(seen.at(-1)).toMatchObject({ type: "session.deleted", id: expect.stringMatching(/^sevt_/) });
  });
});
