/**
 * The Anthropic runtime (`claude-*`) end to end: the real service in-process, a real MCP server
 * on loopback, and msw standing in for the Messages API (streamed answers, errors mid-stream).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startMcpServer, type TestMcpServer } from "../helpers/fakes/mcpServer.ts";
import { ANTHROPIC_API_KEY, listen, mockProviders, providerEnv } from "../helpers/fakes/providers.ts";
import { agentWithMcp, say, shape, waitForTurns } from "../helpers/flows/agentRuns.ts";
import { inProcess, type TestServer } from "../helpers/servers/server.ts";

const MCP_TOKEN = "mcp-static-token-anthropic-77c0e1";
const providers = mockProviders();
let mcp: TestMcpServer;
let s: TestServer;

beforeAll(async () => {
  listen(providers);
  mcp = await startMcpServer({ tokens: [MCP_TOKEN] });
  s = await inProcess({ env: { ...providerEnv, RUN_PROVIDER_RETRY_BASE_MS: "1", ANTHROPIC_MAX_TOKENS: "1024" } });
});
afterAll(async () => {
  await s.stop();
  await mcp.close();
  providers.server.close();
});
afterEach(() => {
  providers.anthropic.length = 0;
  mcp.calls.length = 0;
});

const bearer = { type: "static_bearer", token: MCP_TOKEN };

describe("the Anthropic runtime", () => {
  it("runs a two-round tool loop, with the tool results sent back as tool_result blocks", async () => {
    const setup = await agentWithMcp(s, { model: "claude-test-sonnet", mcpUrl: mcp.url, auth: bearer });
    providers.script("anthropic", [
      {
        text: "Looking it up.",
        tool_calls: [{ id: "toolu_1", name: "tickets__lookup_ticket", input: { number: 7 } }],
      },
      { tool_calls: [{ id: "toolu_2", name: "tickets__add", input: { a: 40, b: 2 } }] },
      { text: "Ticket 7 is open. The answer is 42." },
    ]);
    await say(s, setup.sessionId, "Ticket 7? And 40 + 2?");
    const recorded = await waitForTurns(s, setup.sessionId);
    // Each of the three requests is wrapped in its spans (test/runtime/usage.test.ts checks them).
    expect(recorded.filter((e) => e.type === "span.model_request_start")).toHaveLength(3);
    expect(recorded.filter((e) => e.type === "span.model_request_end")).toHaveLength(3);
    const events = recorded.filter((e) => !e.type.startsWith("span."));
    expect(shape(events).map((e) => e.type)).toEqual([
      "user.message",
      "session.status_run_started",
      "agent.message",
      "agent.tool_use",
      "agent.tool_result",
      "agent.tool_use",
      "agent.tool_result",
      "agent.message",
      "session.status_idled",
    ]);
    expect(events[3]).toMatchObject({ tool_use_id: "toolu_1", name: "lookup_ticket", input: { number: 7 } });
    expect(events[6]).toMatchObject({
      tool_use_id: "toolu_2",
      content: [{ type: "text", text: "42" }],
      is_error: false,
    });
    expect(events[7].content).toEqual([{ type: "text", text: "Ticket 7 is open. The answer is 42." }]);
    expect(mcp.calls.map((c) => c.name)).toEqual(["lookup_ticket", "add"]);

    expect(providers.anthropic).toHaveLength(3);
    const [first, , third] = providers.anthropic;
    // The SDK presents the key (as X-Api-Key or a bearer Authorization, depending on its version).
    const presented = first?.headers.get("x-api-key") ?? first?.headers.get("authorization")?.replace(/^Bearer /, "");
    expect(presented).toBe(ANTHROPIC_API_KEY);
    expect(first?.body).toMatchObject({
      model: "claude-test-sonnet",
      max_tokens: 1024,
      stream: true,
      system: "You answer questions about support tickets.",
      messages: [{ role: "user", content: [{ type: "text", text: "Ticket 7? And 40 + 2?" }] }],
    });
    expect(first?.body.tools.find((t: any) => t.name === "tickets__lookup_ticket")).toMatchObject({
      description: "Looks a ticket up by its number.",
      input_schema: { type: "object", properties: { number: { type: "integer" } } },
    });
    // Roles alternate; each round's results go back in one user message.
    expect(third?.body.messages).toEqual([
      { role: "user", content: [{ type: "text", text: "Ticket 7? And 40 + 2?" }] },
      {
        role: "assistant",
        content: [
          { type: "text", text: "Looking it up." },
          { type: "tool_use", id: "toolu_1", name: "tickets__lookup_ticket", input: { number: 7 } },
        ],
      },
      {
        role: "user",
        content: [
          {
            type: "tool_result",
            tool_use_id: "toolu_1",
            content: "Ticket 7: open, waiting for the customer.",
            is_error: false,
          },
        ],
      },
      {
        role: "assistant",
        content: [{ type: "tool_use", id: "toolu_2", name: "tickets__add", input: { a: 40, b: 2 } }],
      },
      { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_2", content: "42", is_error: false }] },
    ]);
    for (const r of providers.anthropic) expect(JSON.stringify(r.body)).not.toContain(MCP_TOKEN);
  });

  it("retries a 529 overload and an overloaded_error sent mid-stream, then answers", async () => {
    const setup = await agentWithMcp(s, { model: "claude-test-haiku", mcpUrl: mcp.url, auth: bearer });
    providers.script("anthropic", [
      { status: 529, body: { type: "error", error: { type: "overloaded_error", message: "Overloaded" } } },
      { streamError: { type: "overloaded_error", message: "Overloaded" } },
      { text: "Hello!" },
    ]);
    await say(s, setup.sessionId, "Hi");
    const events = await waitForTurns(s, setup.sessionId);
    expect(providers.anthropic).toHaveLength(3);
    // Each retried error is recorded as retrying (the session rescheduled meanwhile); none ended the turn.
    expect(events.filter((e) => e.type === "session.error").map((e) => e.error.retry_status.type)).toEqual([
      "retrying",
      "retrying",
    ]);
    expect(events.filter((e) => e.type === "session.status_rescheduled")).toHaveLength(2);
    expect(events.filter((e) => e.type === "agent.message").map((e) => e.content[0].text)).toEqual(["Hello!"]);
  });

  it("ends the turn with provider_error on an invalid request, at once", async () => {
    const setup = await agentWithMcp(s, { model: "claude-nonexistent", mcpUrl: mcp.url, auth: bearer });
    providers.script("anthropic", [
      {
        status: 404,
        body: { type: "error", error: { type: "not_found_error", message: "model: claude-nonexistent" } },
      },
    ]);
    await say(s, setup.sessionId, "Hi");
    const events = await waitForTurns(s, setup.sessionId);
    expect(providers.anthropic).toHaveLength(1);
    const error = events.find((e) => e.type === "session.error");
    expect(error.error).toMatchObject({ type: "provider_error" });
    expect(error.error.message).toContain("not_found_error");
    expect(error.error.message).not.toContain(ANTHROPIC_API_KEY);
  });
});
