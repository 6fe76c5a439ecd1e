import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
/**
 * The OpenAI-compatible runtime (`openai/<model>`) end to end: the real service in-process, a
 * real MCP server on loopback serving the tools (authenticated with the session's vault
 * credential), and msw standing in for the provider's Chat Completions API (streamed answers).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "../../server/clock.ts";
import { startMcpServer, type TestMcpServer } from "../helpers/fakes/mcpServer.ts";
import { listen, mockProviders, OPENAI_API_KEY, providerEnv } from "../helpers/fakes/providers.ts";
import { agentWithMcp, say, sessionEvents, shape, waitForTurns } from "../helpers/flows/agentRuns.ts";
import { createAgent, outboxSince } from "../helpers/flows/lifecycle.ts";
import { expectError, inProcess, type TestServer, waitFor } from "../helpers/servers/server.ts";
import { databaseText } from "../helpers/servers/testDatabase.ts";

const MCP_TOKEN = "mcp-static-token-4f9a7c21d3e8b605";
const providers = mockProviders();
let mcp: TestMcpServer;
let s: TestServer;
/**
 * A second server with low limits: 2 tool rounds, and 1 provider retry after 1 ms. The two tests
 * that need it each reach only one of the limits, so they share it (a server's first requests
 * are the slow ones).
 */
let limitedServer: TestServer | undefined;
async function limited(): Promise<TestServer> {
  limitedServer ??= await inProcess({
    env: { ...providerEnv, RUN_MAX_TOOL_ROUNDS: "2", RUN_PROVIDER_MAX_RETRIES: "1", RUN_PROVIDER_RETRY_BASE_MS: "1" },
  });
  return limitedServer;
}

beforeAll(async () => {
  listen(providers);
  mcp = await startMcpServer({ tokens: [MCP_TOKEN] });
  s = await inProcess({ env: providerEnv });
});
afterAll(async () => {
  await limitedServer?.stop();
  await s.stop();
  await mcp.close();
  providers.server.close();
});
afterEach(() => {
  providers.openai.length = 0;
  mcp.calls.length = 0;
  mcp.authorizations.length = 0;
});

const bearer = { type: "static_bearer", token: MCP_TOKEN };

describe("the OpenAI-compatible runtime", () => {
  it("runs a two-round tool loop over the MCP server and records every step", async () => {
    const setup = await agentWithMcp(s, { model: "openai/llama3.2", mcpUrl: mcp.url, auth: bearer });
    providers.script("openai", [
      { tool_calls: [{ id: "call_1", name: "tickets__lookup_ticket", input: { number: 4711 } }] },
      { text: "Let me add those.", tool_calls: [{ id: "call_2", name: "tickets__add", input: { a: 2, b: 3 } }] },
      { text: "Ticket 4711 is open; and 2 + 3 = 5." },
    ]);
    await say(s, setup.sessionId, "What about ticket 4711, and what is 2 + 3?");
    const recorded = await waitForTurns(s, setup.sessionId);
    // Each of the three requests is wrapped in its spans (test/runtime/usage.test.ts checks them).
    expect(recorded.filter((e) => e.type === "span.model_request_start")).toHaveLength(3);
    expect(recorded.filter((e) => e.type === "span.model_request_end")).toHaveLength(3);
    const events = recorded.filter((e) => !e.type.startsWith("span."));

    expect(shape(events)).toEqual([
      { type: "user.message", content: [{ type: "text", text: "What about ticket 4711, and what is 2 + 3?" }] },
      { type: "session.status_run_started" },
      {
        type: "agent.tool_use",
        tool_use_id: "call_1",
        name: "lookup_ticket",
        mcp_server_name: "tickets",
        input: { number: 4711 },
        evaluated_permission: "allow",
      },
      {
        type: "agent.tool_result",
        tool_use_id: "call_1",
        content: [{ type: "text", text: "Ticket 4711: open, waiting for the customer." }],
        mcp_server_name: "tickets",
        is_error: false,
      },
      { type: "agent.message", content: [{ type: "text", text: "Let me add those." }] },
      {
        type: "agent.tool_use",
        tool_use_id: "call_2",
        name: "add",
        mcp_server_name: "tickets",
        input: { a: 2, b: 3 },
        evaluated_permission: "allow",
      },
      {
        type: "agent.tool_result",
        tool_use_id: "call_2",
        content: [{ type: "text", text: "5" }],
        mcp_server_name: "tickets",
        is_error: false,
      },
      { type: "agent.message", content: [{ type: "text", text: "Ticket 4711 is open; and 2 + 3 = 5." }] },
      { type: "session.status_idled", stop_reason: { type: "end_turn" } },
    ]);
    expect(mcp.calls).toEqual([
      { name: "lookup_ticket", args: { number: 4711 } },
      { name: "add", args: { a: 2, b: 3 } },
    ]);
    // The MCP server saw the vault credential's token on every request.
    expect(mcp.authorizations.length).toBeGreaterThan(0);
    expect(new Set(mcp.authorizations)).toEqual(new Set([`Bearer ${MCP_TOKEN}`]));

    // Three streamed requests: system + history, the tools, then each round's call and result.
    expect(providers.openai).toHaveLength(3);
    const [first, second, third] = providers.openai.map((r) => r.body);
    expect(first.model).toBe("llama3.2");
    expect(first.stream).toBe(true);
    expect(first.messages).toEqual([
      { role: "system", content: "You answer questions about support tickets." },
      { role: "user", content: "What about ticket 4711, and what is 2 + 3?" },
    ]);
    expect(first.tools.map((t: any) => t.function.name).sort()).toEqual([
      "tickets__add",
      "tickets__fails",
      "tickets__lookup_ticket",
      "tickets__slow_step",
    ]);
    expect(first.tools.find((t: any) => t.function.name === "tickets__add").function.parameters).toMatchObject({
      type: "object",
      properties: { a: { type: "number" }, b: { type: "number" } },
    });
    expect(second.messages.slice(2)).toEqual([
      {
        role: "assistant",
        content: null,
        tool_calls: [
          {
            id: "call_1",
            type: "function",
            function: { name: "tickets__lookup_ticket", arguments: '{"number":4711}' },
          },
        ],
      },
      { role: "tool", tool_call_id: "call_1", content: "Ticket 4711: open, waiting for the customer." },
    ]);
    expect(third.messages.slice(4)).toEqual([
      {
        role: "assistant",
        content: "Let me add those.",
        tool_calls: [
          { id: "call_2", type: "function", function: { name: "tickets__add", arguments: '{"a":2,"b":3}' } },
        ],
      },
      { role: "tool", tool_call_id: "call_2", content: "5" },
    ]);
    // The provider key goes to the provider only; the MCP token never does.
    for (const r of providers.openai) {
      expect(r.headers.get("authorization")).toBe(`Bearer ${OPENAI_API_KEY}`);
      expect(JSON.stringify(r.body)).not.toContain(MCP_TOKEN);
    }
  });

  it("sends the earlier turns, tool calls included, with the next message", async () => {
    const setup = await agentWithMcp(s, { model: "openai/gpt-4o-mini", mcpUrl: mcp.url, auth: bearer });
    providers.script("openai", [
      { tool_calls: [{ id: "call_a", name: "tickets__add", input: { a: 1, b: 1 } }] },
      { text: "2" },
      { text: "Still 2." },
    ]);
    await say(s, setup.sessionId, "1 + 1?");
    await waitForTurns(s, setup.sessionId, 1);
    await say(s, setup.sessionId, "Are you sure?");
    await waitForTurns(s, setup.sessionId, 2);
    const last = providers.openai[2]?.body;
    expect(last.model).toBe("gpt-4o-mini");
    expect(last.messages.map((m: any) => m.role)).toEqual(["system", "user", "assistant", "tool", "assistant", "user"]);
    expect(last.messages[5]).toEqual({ role: "user", content: "Are you sure?" });
    expect(mcp.calls).toHaveLength(1);
  });

  it("feeds a tool's error and an unknown tool back to the model as error results", async () => {
    const setup = await agentWithMcp(s, { model: "openai/m", mcpUrl: mcp.url, auth: bearer });
    providers.script("openai", [
      {
        tool_calls: [
          { id: "c1", name: "tickets__fails", input: {} },
          { id: "c2", name: "made_up_tool", input: { x: 1 } },
        ],
      },
      { text: "The ticket system is down." },
    ]);
    await say(s, setup.sessionId, "Try it.");
    const events = await waitForTurns(s, setup.sessionId);
    const results = events.filter((e) => e.type === "agent.tool_result");
    expect(results.map((r) => [r.tool_use_id, r.is_error, r.content[0].text])).toEqual([
      ["c1", true, "the ticket system is down"],
      ["c2", true, "No tool named made_up_tool is available to this agent."],
    ]);
    expect(events.find((e) => e.tool_use_id === "c2" && e.type === "agent.tool_use")).not.toHaveProperty(
      "mcp_server_name",
    );
    expect(providers.openai[1]?.body.messages.filter((m: any) => m.role === "tool")).toHaveLength(2);
  });

  it("ends the turn with provider_error on a refused request, without retrying it", async () => {
    const setup = await agentWithMcp(s, { model: "openai/m", mcpUrl: mcp.url, auth: bearer });
    providers.script("openai", [
      { status: 400, body: { error: { message: "model 'm' not found", type: "invalid_request_error" } } },
    ]);
    const since = await outboxSince(s);
    await say(s, setup.sessionId, "Hello");
    const events = await waitForTurns(s, setup.sessionId);
    expect(providers.openai).toHaveLength(1);
    const error = events.find((e) => e.type === "session.error");
    expect(error.error.type).toBe("provider_error");
    expect(error.error.message).toContain("400");
    expect(error.error.message).toContain("model 'm' not found");
    expect(events.at(-1).type).toBe("session.status_idled");
    expect((await since()).map((e) => e.type)).toEqual(["session.status_run_started", "session.status_idled"]);
  });

  it("refuses an agent whose MCP tools need a token the session's vaults do not hold (mcp_error)", async () => {
    const setup = await agentWithMcp(s, { model: "openai/m", mcpUrl: mcp.url, auth: null });
    await say(s, setup.sessionId, "Hello");
    const events = await waitForTurns(s, setup.sessionId);
    const error = events.find((e) => e.type === "session.error");
    expect(error.error.type).toBe("mcp_error");
    expect(error.error.message).toContain('"tickets"');
    expect(error.error.message).toContain("no credential");
    expect(providers.openai).toHaveLength(0);
  });

  it("ends a turn that keeps calling tools after RUN_MAX_TOOL_ROUNDS rounds", async () => {
    const server = await limited();
    const setup = await agentWithMcp(server, { model: "openai/m", mcpUrl: mcp.url, auth: bearer });
    const call = (id: string) => ({ tool_calls: [{ id, name: "tickets__add", input: { a: 1, b: 2 } }] });
    providers.script("openai", [call("r1"), call("r2"), call("r3")]);
    await say(server, setup.sessionId, "Loop");
    const events = await waitForTurns(server, setup.sessionId);
    expect(events.filter((e) => e.type === "agent.tool_use").map((e) => e.tool_use_id)).toEqual(["r1", "r2"]);
    const error = events.find((e) => e.type === "session.error");
    expect(error.error.type).toBe("tool_rounds_exceeded");
    expect(mcp.calls).toHaveLength(2);
  });

  it("refuses a loopback MCP server unless private targets are allowed (SSRF guard)", async () => {
    // The agent is made while the operator allows private targets, then the server restarts with
    // them refused: the run's own guard refuses what create accepted then (create refuses it now).
    const dataDir = mkdtempSync(join(tmpdir(), "cas-ssrf-run-"));
    const open = await inProcess({ env: providerEnv, dataDir });
    const setup = await agentWithMcp(open, { model: "openai/m", mcpUrl: mcp.url, auth: bearer });
    await open.stop();
    const guarded = await inProcess({ env: { ...providerEnv, MCP_ALLOW_PRIVATE_TARGETS: "false" }, dataDir });
    try {
      const refused = await guarded.request("POST", "/agents", {
        body: { name: "loopback", model: "openai/m", mcp_servers: [{ type: "url", name: "t", url: mcp.url }] },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.error.param).toBe("mcp_servers[0].url");
      await say(guarded, setup.sessionId, "Hello");
      const events = await waitForTurns(guarded, setup.sessionId);
      const error = events.find((e) => e.type === "session.error");
      expect(error.error.type).toBe("mcp_error");
      expect(error.error.message).toMatch(/loopback/);
      expect(mcp.authorizations).toHaveLength(0);
      expect(providers.openai).toHaveLength(0);
    } finally {
      await guarded.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("keeps secrets out of the history, the logs and the database", async () => {
    const setup = await agentWithMcp(s, { model: "openai/m", mcpUrl: mcp.url, auth: bearer });
    providers.script("openai", [
      { tool_calls: [{ id: "c", name: "tickets__add", input: { a: 1, b: 1 } }] },
      { text: "2" },
    ]);
    await say(s, setup.sessionId, "1 + 1?");
    await waitForTurns(s, setup.sessionId);
    const history = JSON.stringify(await sessionEvents(s, setup.sessionId));
    const logs = JSON.stringify(s.logs);
    // Every byte the database holds (SQLite: file, WAL; PostgreSQL: every row).
    const db = await databaseText(s.databaseUrl);
    for (const secret of [MCP_TOKEN, OPENAI_API_KEY]) {
      expect(history).not.toContain(secret);
      expect(logs).not.toContain(secret);
      expect(db).not.toContain(secret);
    }
    expect(mcp.authorizations.every((a) => a === `Bearer ${MCP_TOKEN}`)).toBe(true);
  });
});

describe("provider retries", () => {
  it("retries rate limits and overload with backoff on the injected clock, honouring Retry-After", async () => {
    const clock = new ManualClock();
    const timed = await inProcess({ clock, env: { ...providerEnv, RUN_POLL_INTERVAL_MS: "20" } });
    try {
      const setup = await agentWithMcp(timed, { model: "openai/m", mcpUrl: mcp.url, auth: bearer });
      providers.script("openai", [
        { status: 429, body: { error: { message: "rate limited" } }, headers: { "retry-after": "3" } },
        { status: 503, body: { error: { message: "overloaded" } } },
        { text: "Finally." },
      ]);
      await say(timed, setup.sessionId, "Hello");
      // First failure: Retry-After (3 s) beats the first backoff step (1 s).
      await waitFor(() => clock.pendingSleeps.length === 1, { what: "the first backoff" });
      expect(clock.pendingSleeps).toEqual([3000]);
      expect(providers.openai).toHaveLength(1);
      clock.advance(3000);
      // Second failure: the second step, 1 s × 2.
      await waitFor(() => providers.openai.length === 2 && clock.pendingSleeps.length === 1, {
        what: "the second backoff",
      });
      expect(clock.pendingSleeps).toEqual([2000]);
      clock.advance(2000);
      const events = await waitForTurns(timed, setup.sessionId);
      expect(providers.openai).toHaveLength(3);
      expect(events.filter((e) => e.type === "agent.message").map((e) => e.content[0].text)).toEqual(["Finally."]);
      // Each retried error is recorded as retrying, with the status the provider answered; none ended the turn.
      expect(
        events.filter((e) => e.type === "session.error").map((e) => [e.error.provider_status, e.error.retry_status]),
      ).toEqual([
        [429, { type: "retrying" }],
        [503, { type: "retrying" }],
      ]);
      expect(timed.logs.filter((l) => l.msg === "model provider request failed; retrying")).toHaveLength(2);
    } finally {
      await timed.stop();
    }
  });

  it("gives up after RUN_PROVIDER_MAX_RETRIES and ends the turn with provider_error", async () => {
    const server = await limited();
    const setup = await agentWithMcp(server, { model: "openai/m", mcpUrl: mcp.url, auth: bearer });
    providers.script("openai", [
      { status: 500, body: { error: { message: "boom" } } },
      { status: 500, body: { error: { message: "boom again" } } },
    ]);
    await say(server, setup.sessionId, "Hello");
    const events = await waitForTurns(server, setup.sessionId);
    expect(providers.openai).toHaveLength(2);
    const error = events.find((e) => e.type === "session.error");
    expect(error.error.type).toBe("provider_error");
    expect(error.error.message).toContain("500");
  });
});

describe("which runtimes a server serves", () => {
  it("refuses models whose runtime is not configured, at create and at update (400 on model)", async () => {
    const bare = await inProcess();
    try {
      for (const model of ["openai/gpt-4o-mini", "claude-sonnet-4-5", "gpt-4o", "openai/"]) {
        const res = await bare.request("POST", "/agents", { body: { name: "a", model } });
        const err = expectError(res, 400, "invalid_request_error");
        expect(err.param).toBe("model");
      }
      const created = await bare.request("POST", "/agents", { body: { name: "a", model: "openai/x" } });
      expect(created.body.error.message).toContain("OPENAI_BASE_URL");
      const agent = await createAgent(bare);
      const update = await bare.request("POST", `/agents/${agent.id}`, {
        body: { version: agent.version, model: "claude-sonnet-4-5" },
      });
      expect(expectError(update, 400, "invalid_request_error").param).toBe("model");
      expect(update.body.error.message).toContain("ANTHROPIC_API_KEY");
    } finally {
      await bare.stop();
    }
    // Configured, both are accepted.
    for (const model of ["openai/gpt-4o-mini", "claude-sonnet-4-5"]) {
      const res = await s.request("POST", "/agents", { body: { name: "a", model } });
      expect(res.status).toBe(200);
    }
  });
});
