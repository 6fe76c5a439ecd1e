/**
 * Thinking (`agent.thinking`): an Anthropic model's extended thinking (asked with
 * ANTHROPIC_THINKING_BUDGET_TOKENS, its signed blocks sent back in the next round) and an
 * OpenAI-compatible server's reasoning summary (`reasoning_content`), recorded and shown on both
 * surfaces; and an outcome defined through the official SDK on /v1. The real service in-process,
 * a real MCP server on loopback, msw standing in for the providers.
 */
import Anthropic from "@anthropic-ai/sdk";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startMcpServer, type TestMcpServer } from "../helpers/fakes/mcpServer.ts";
import { listen, mockProviders, providerEnv } from "../helpers/fakes/providers.ts";
import { agentWithMcp, say, waitForTurns } from "../helpers/flows/agentRuns.ts";
import { createAgent, createEnvironment, createSession, waitForIdle } from "../helpers/flows/lifecycle.ts";
import { inProcess, type TestServer } from "../helpers/servers/server.ts";
import { V1SpecValidator } from "../helpers/spec/v1SpecValidator.ts";

const MCP_TOKEN = "mcp-static-token-thinking-77c2";
const providers = mockProviders();
const validator = new V1SpecValidator();
let mcp: TestMcpServer;
let s: TestServer;
let client: Anthropic;

beforeAll(async () => {
  listen(providers);
  mcp = await startMcpServer({ tokens: [MCP_TOKEN] });
  s = await inProcess({
    env: { ...providerEnv, ANTHROPIC_THINKING_BUDGET_TOKENS: "2048", ANTHROPIC_MAX_TOKENS: "8192" },
  });
  client = new Anthropic({ baseURL: s.url, apiKey: s.token, maxRetries: 0, fetch: validator.fetch() });
});
afterAll(async () => {
  await s.stop();
  await mcp.close();
  providers.server.close();
});
afterEach(() => {
  providers.openai.length = 0;
  providers.anthropic.length = 0;
  expect(validator.failures.splice(0)).toEqual([]);
});

describe.each([
  { provider: "anthropic" as const, model: "claude-test-thinking" },
  { provider: "openai" as const, model: "openai/reasoner" },
])("the $provider runtime's thinking", ({ provider, model }) => {
  it("records agent.thinking before the round's message and tool call, on both surfaces", async () => {
    const setup = await agentWithMcp(s, { model, mcpUrl: mcp.url, auth: { type: "static_bearer", token: MCP_TOKEN } });
    providers.script(provider, [
      {
        thinking: "The add tool gives the sum exactly.",
        text: "Adding.",
        tool_calls: [{ id: "call_t1", name: "tickets__add", input: { a: 2, b: 3 } }],
      },
      { thinking: "The tool said 5.", text: "2 + 3 = 5." },
    ]);
    await say(s, setup.sessionId, "What is 2 + 3?");
    const events = await waitForTurns(s, setup.sessionId);
    const kinds = events.map((e) => e.type).filter((t) => !t.startsWith("span."));
    expect(kinds).toEqual([
      "user.message",
      "session.status_run_started",
      "agent.thinking",
      "agent.message",
      "agent.tool_use",
      "agent.tool_result",
      "agent.thinking",
      "agent.message",
      "session.status_idled",
    ]);
    expect(events.filter((e) => e.type === "agent.thinking").map((e) => e.thinking)).toEqual([
      "The add tool gives the sum exactly.",
      "The tool said 5.",
    ]);
    const calls = providers[provider];
    expect(calls).toHaveLength(2);
    if (provider === "anthropic") {
      // Thinking was asked for, and the signed block went back first in the assistant turn.
      expect(calls[0]?.body.thinking).toEqual({ type: "enabled", budget_tokens: 2048 });
      const assistant = calls[1]?.body.messages.find((m: { role: string }) => m.role === "assistant");
      expect(assistant.content[0]).toEqual({
        type: "thinking",
        thinking: "The add tool gives the sum exactly.",
        signature: "sig-35",
      });
    }
    // The signature is the provider's, never shown.
    expect(JSON.stringify(events)).not.toContain("sig-");
    // The SDK reads them as BetaManagedAgentsAgentThinkingEvent.
    const listed = [];
    for await (const e of client.beta.sessions.events.list(setup.sessionId)) listed.push(e);
    const thinking = listed.filter((e) => e.type === "agent.thinking");
    expect(thinking).toHaveLength(2);
    for (const e of thinking) {
      expect(typeof e.id).toBe("string");
      expect(typeof e.processed_at).toBe("string");
    }
  });
});

describe("outcomes through the official SDK", () => {
  it("defines an outcome with events.send and reads the evaluations as the SDK types them", async () => {
    const agent = await createAgent(s, { name: "sdk worker", model: "openai/outcome-sdk" });
    const session = await createSession(s, agent.id, await createEnvironment(s));
    providers.script("openai", [
      { text: "Draft." },
      { text: JSON.stringify({ result: "satisfied", explanation: "Good." }) },
    ]);
    const sent = await client.beta.sessions.events.send(session.id, {
      events: [
        {
          type: "user.define_outcome",
          description: "Write a draft.",
          rubric: { type: "text", content: "Any draft will do." },
          max_iterations: 4,
        },
      ],
    });
    const echo = sent.data?.[0];
    expect(echo?.type).toBe("user.define_outcome");
    if (echo?.type !== "user.define_outcome") throw new Error("no echo");
    expect(echo.outcome_id).toMatch(/^outc_/);
    expect(echo.max_iterations).toBe(4);
    await waitForIdle(s, session.id);
    const listed = [];
    for await (const e of client.beta.sessions.events.list(session.id)) listed.push(e);
    const end = listed.find((e) => e.type === "span.outcome_evaluation_end");
    if (end?.type !== "span.outcome_evaluation_end") throw new Error("no evaluation end");
    expect(end).toMatchObject({ outcome_id: echo.outcome_id, iteration: 0, result: "satisfied", explanation: "Good." });
    const start = listed.find((e) => e.type === "span.outcome_evaluation_start");
    expect(end.outcome_evaluation_start_id).toBe(start?.id);
    expect(end.usage).toMatchObject({ input_tokens: 10, output_tokens: 5 });
  });
});
