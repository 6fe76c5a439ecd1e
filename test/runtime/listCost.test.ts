/**
 * List-cost budgets: the operator's price table (MODEL_PRICES, checked at start-up), each model
 * request priced into the session's `list_cost`, and a `max_list_cost` enforced next to the token
 * budget, on both surfaces (the official SDK on /v1). The real service in-process, a real MCP
 * server on loopback, msw standing in for the provider.
 */
import Anthropic from "@anthropic-ai/sdk";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config/loadConfig.ts";
import { startMcpServer, type TestMcpServer } from "../helpers/fakes/mcpServer.ts";
import { listen, mockProviders, providerEnv } from "../helpers/fakes/providers.ts";
import { agentWithMcp, say, waitForTurns } from "../helpers/flows/agentRuns.ts";
import { createAgent, createEnvironment } from "../helpers/flows/lifecycle.ts";
import { expectError, inProcess, type TestServer } from "../helpers/servers/server.ts";
import { V1SpecValidator } from "../helpers/spec/v1SpecValidator.ts";

const MCP_TOKEN = "mcp-static-token-list-cost-41a9";
// US dollars per million tokens: 1 cent per input token, 2 per output token, 0.1 per cached one.
const PRICES = {
  "openai/priced-model": { input: 10_000, output: 20_000, cache_read: 1_000, cache_write: 0 },
};
const providers = mockProviders();
const validator = new V1SpecValidator();
let mcp: TestMcpServer;
let s: TestServer;
let client: Anthropic;

beforeAll(async () => {
  listen(providers);
  mcp = await startMcpServer({ tokens: [MCP_TOKEN] });
  s = await inProcess({ env: { ...providerEnv, MODEL_PRICES: JSON.stringify(PRICES) } });
  client = new Anthropic({ baseURL: s.url, apiKey: s.token, maxRetries: 0, fetch: validator.fetch() });
});
afterAll(async () => {
  await s.stop();
  await mcp.close();
  providers.server.close();
});
afterEach(() => {
  providers.openai.length = 0;
  expect(validator.failures.splice(0)).toEqual([]);
});

const limit = (cents: number) => ({ max_list_cost: { amount: String(cents), currency: "USD" } });

describe("list-cost budgets", () => {
  it("stops the turn once the list cost reaches max_list_cost, with the exact cost in usage", async () => {
    const setup = await agentWithMcp(s, {
      model: "openai/priced-model",
      mcpUrl: mcp.url,
      auth: { type: "static_bearer", token: MCP_TOKEN },
    });
    const set = await s.request("POST", `/sessions/${setup.sessionId}`, { body: { budget: limit(1000) } });
    expect(set.status, set.text).toBe(200);
    expect(set.body.budget).toEqual(limit(1000));
    expect(set.body.list_cost).toEqual({ amount: "0", currency: "USD" });
    // 300 × 1 + 200 × 2 + 100 × 0.1 = 710 cents.
    providers.script("openai", [
      { text: "First.", usage: { input_tokens: 300, output_tokens: 200, cache_read_input_tokens: 100 } },
    ]);
    await say(s, setup.sessionId, "One.");
    await waitForTurns(s, setup.sessionId, 1);
    let session = (await s.request("GET", `/sessions/${setup.sessionId}`)).body;
    expect(session.list_cost).toEqual({ amount: "710", currency: "USD" });
    // A tool round of 200 × 1 + 100 × 2 = 400 cents: 1110, past the limit; the next request never starts.
    providers.script("openai", [
      {
        tool_calls: [{ id: "call_c1", name: "tickets__add", input: { a: 1, b: 2 } }],
        usage: { input_tokens: 200, output_tokens: 100 },
      },
      { text: "never asked" },
    ]);
    await say(s, setup.sessionId, "Two.");
    const events = await waitForTurns(s, setup.sessionId, 2);
    expect(events.at(-1)).toMatchObject({ type: "session.status_idled", stop_reason: { type: "budget_reached" } });
    expect(providers.openai).toHaveLength(2);
    session = (await s.request("GET", `/sessions/${setup.sessionId}`)).body;
    expect(session.list_cost).toEqual({ amount: "1110", currency: "USD" });
    expect(session.usage).toEqual({
      input_tokens: 500,
      output_tokens: 300,
      cache_read_input_tokens: 100,
      cache_creation_input_tokens: 0,
    });
    // New messages wait for a raised budget.
    const refused = expectError(
      await s.request("POST", `/sessions/${setup.sessionId}/events`, {
        body: { events: [{ type: "user.message", content: [{ type: "text", text: "Three." }] }] },
      }),
      409,
      "conflict_error",
    );
    expect(refused.message).toContain("list cost is 1110 cents");
    // The SDK sees the budget and the cost in its shapes.
    const sdk = await client.beta.sessions.retrieve(setup.sessionId);
    expect(sdk.budget).toEqual({ type: "limit", ...limit(1000) });
    expect(sdk.usage.list_cost).toEqual({ amount: "1110", currency: "USD" });
    const raised = await client.beta.sessions.update(setup.sessionId, {
      budget: { type: "limit", ...limit(5000) },
    } as never);
    expect(raised.budget).toEqual({ type: "limit", ...limit(5000) });
    expect((await s.request("GET", `/sessions/${setup.sessionId}`)).body.budget).toEqual(limit(5000));
  });

  it("refuses a max_list_cost for a model without a list price, and a bad price table at start-up", async () => {
    const agent = await createAgent(s, { name: "unpriced", model: "openai/unpriced" });
    const env = await createEnvironment(s);
    const refused = expectError(
      await s.request("POST", "/sessions", { body: { agent: agent.id, environment_id: env, budget: limit(100) } }),
      400,
      "invalid_request_error",
    );
    expect(refused.message).toContain("openai/unpriced has no list price");
    expect(refused.param).toBe("budget.max_list_cost");
    // A token budget needs no price; the SDK's create takes the list-cost budget of a priced model.
    const priced = await createAgent(s, { name: "priced", model: "openai/priced-model" });
    const made = await client.beta.sessions.create({
      agent: priced.id,
      environment_id: env,
      budget: { type: "limit", ...limit(250) },
    } as never);
    expect(made.budget).toEqual({ type: "limit", ...limit(250) });
    expect(made.usage.list_cost).toEqual({ amount: "0", currency: "USD" });
    expect(() => loadConfig({ MODEL_PRICES: "{" })).toThrow(/MODEL_PRICES must be a JSON object/);
    expect(() => loadConfig({ MODEL_PRICES: '{"claude-*": {"input": 3, "output": 15}}' })).toThrow(
      /"claude-\*".cache_read must be a number/,
    );
    expect(() =>
      loadConfig({ MODEL_PRICES: '{"claude-*": {"input": 3.0001, "output": 15, "cache_read": 0, "cache_write": 0}}' }),
    ).toThrow(/at most three decimals/);
  });
});
