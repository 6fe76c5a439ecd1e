/**
 * A model run interrupted mid-loop resumes after a restart on the same SQLite file from the
 * events it recorded: tool calls with a recorded result are not made again, the call that was in
 * flight is made again, and the model receives the whole conversation. Real MCP server on
 * loopback; msw for the provider.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startMcpServer, type TestMcpServer } from "../helpers/fakes/mcpServer.ts";
import { listen, mockProviders, providerEnv } from "../helpers/fakes/providers.ts";
import { agentWithMcp, say, sessionEvents, waitForTurns } from "../helpers/flows/agentRuns.ts";
import { inProcess, waitFor } from "../helpers/servers/server.ts";

const TOKEN = "mcp-resume-token-0d9e3b7a";
const providers = mockProviders();
let mcp: TestMcpServer;
const dataDir = mkdtempSync(join(tmpdir(), "cas-resume-"));

beforeAll(async () => {
  listen(providers);
  mcp = await startMcpServer({ tokens: [TOKEN] });
});
afterAll(async () => {
  await mcp.close();
  providers.server.close();
  rmSync(dataDir, { recursive: true, force: true });
});

it("resumes an interrupted tool loop from its recorded events after a restart, without repeating finished calls", async () => {
  const first = await inProcess({ dataDir, env: providerEnv });
  const setup = await agentWithMcp(first, {
    model: "openai/m",
    mcpUrl: mcp.url,
    auth: { type: "static_bearer", token: TOKEN },
  });
  providers.script("openai", [
    { tool_calls: [{ id: "step_1", name: "tickets__slow_step", input: { step: 1 } }] },
    { tool_calls: [{ id: "step_2", name: "tickets__slow_step", input: { step: 2 } }] },
  ]);
  mcp.holdSlowSteps();
  await say(first, setup.sessionId, "Do both steps.");
  await waitFor(() => mcp.calls.length === 1, { what: "step 1 to start" });
  // Step 1 finishes; step 2 will hang until the server goes away.
  mcp.release();
  mcp.holdSlowSteps();
  await waitFor(() => mcp.calls.length === 2, { what: "step 2 to start" });
  const before = await sessionEvents(first, setup.sessionId);
  expect(before.filter((e) => e.type === "agent.tool_result").map((e) => e.tool_use_id)).toEqual(["step_1"]);
  await first.stop();
  expect(providers.openai).toHaveLength(2);

  // The second server finds the run queued again and resumes it.
  mcp.release();
  providers.script("openai", [{ text: "Both steps are done." }]);
  const second = await inProcess({ dataDir, env: providerEnv });
  try {
    const events = await waitForTurns(second, setup.sessionId);
    expect(mcp.calls).toEqual([
      { name: "slow_step", args: { step: 1 } },
      { name: "slow_step", args: { step: 2 } },
      // Only the call in flight at the stop is made again.
      { name: "slow_step", args: { step: 2 } },
    ]);
    expect(events.filter((e) => e.type === "agent.tool_use").map((e) => e.tool_use_id)).toEqual(["step_1", "step_2"]);
    expect(events.filter((e) => e.type === "agent.tool_result").map((e) => e.tool_use_id)).toEqual([
      "step_1",
      "step_2",
    ]);
    expect(events.filter((e) => e.type === "agent.message").map((e) => e.content[0].text)).toEqual([
      "Both steps are done.",
    ]);
    expect(events.some((e) => e.type === "session.error")).toBe(false);
    // One more model request, with the whole conversation rebuilt from the recorded events.
    expect(providers.openai).toHaveLength(3);
    expect(providers.openai[2]?.body.messages.map((m: any) => [m.role, m.tool_call_id ?? null])).toEqual([
      ["system", null],
      ["user", null],
      ["assistant", null],
      ["tool", "step_1"],
      ["assistant", null],
      ["tool", "step_2"],
    ]);
  } finally {
    await second.stop();
  }
}, 90_000);
