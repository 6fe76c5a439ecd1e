/**
 * The official SDK's own worker against this server: `client.beta.environments.work.worker({
 * environmentId, environmentKey, tools })` from `@anthropic-ai/sdk` (tools written here; its
 * default toolset is not used) polls the self-hosted environment, acks the session's item,
 * heartbeats its lease, runs the session's built-in calls as they are recorded and posts their
 * `user.tool_result`; the turn (the model loop on the server, a scripted model) ends with the
 * model having seen the results; when the session idles the worker force-stops its item.
 */
import Anthropic from "@anthropic-ai/sdk";
import type { BetaRunnableTool } from "@anthropic-ai/sdk/lib/tools/BetaRunnableTool";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type LoopbackModel, loopbackModel } from "../helpers/fakes/loopbackModel.ts";
import { say, waitForTurns } from "../helpers/flows/agentRuns.ts";
import { createAgent, createSession } from "../helpers/flows/lifecycle.ts";
import { requireSandboxPrograms } from "../helpers/servers/requires.ts";
import { inProcess, type TestServer, waitFor } from "../helpers/servers/server.ts";
import { V1SpecValidator } from "../helpers/spec/v1SpecValidator.ts";

let s: TestServer;
let model: LoopbackModel;
const validator = new V1SpecValidator();

// An agent with `bash` is refused by a server without the sandbox (even one whose calls run on workers).
const skip = requireSandboxPrograms();

beforeAll(async () => {
  if (skip) return;
  model = await loopbackModel();
  s = await inProcess({ env: { ...model.env, RUN_POLL_INTERVAL_MS: "50" } });
});
afterAll(async () => {
  await s?.stop();
  await model?.close();
});
afterEach(() => {
  expect(validator.failures.splice(0)).toEqual([]);
});

/** A tool of the test's worker: records its input, answers `reply(input)`. */
function tool(name: string, ran: { name: string; input: unknown }[], reply: (input: any) => string): BetaRunnableTool {
  return {
    name,
    description: `The test's ${name}.`,
    input_schema: { type: "object", properties: {} },
    parse: (input: unknown) => input,
    run: async (input: unknown) => {
      ran.push({ name, input });
      return reply(input);
    },
  } as BetaRunnableTool;
}

const toolResultText = (body: any, callId: string): string | undefined =>
  (body.messages ?? []).find((m: any) => m.role === "tool" && m.tool_call_id === callId)?.content;

describe.skipIf(skip !== null)("the SDK's EnvironmentWorker", () => {
  it("claims a self-hosted session's item, runs its built-in calls, posts the results, and stops the item", async () => {
    const env = (await s.request("POST", "/environments", { body: { name: "farm", config: { type: "self_hosted" } } }))
      .body.id;
    const key = (await s.request("POST", `/environments/${env}/keys`, { body: { name: "sdk worker" } })).body.secret;
    const agent = await createAgent(s, {
      name: "remote",
      model: "openai/llama3.2",
      tools: [{ type: "agent_toolset_20260401" }],
    });
    const session = await createSession(s, agent.id, env);
    const start = model.requests.length;
    model.script([
      { text: "Checking.", tool_calls: [{ id: "c1", name: "bash", input: { command: "uname -n" } }] },
      { text: "Now reading.", tool_calls: [{ id: "c2", name: "read", input: { file_path: "/workspace/notes.txt" } }] },
      { text: "The host is farm-1 and the notes say hello." },
    ]);

    const ran: { name: string; input: unknown }[] = [];
    const client = new Anthropic({ baseURL: s.url, apiKey: "unused", maxRetries: 0, fetch: validator.fetch() });
    const stop = new AbortController();
    const worker = client.beta.environments.work.worker({
      environmentId: env,
      environmentKey: key,
      tools: [tool("bash", ran, () => "farm-1"), tool("read", ran, () => "hello")],
      workdir: s.dataDir,
      maxIdleMs: 200,
      memorySyncIntervalMs: null,
      workerId: "sdk-worker-1",
    });
    const running = worker.run(stop.signal).catch((err: unknown) => (stop.signal.aborted ? undefined : err));
    await say(s, session.id, "Where do you run, and what do the notes say?");

    const events = await waitForTurns(s, session.id, 3, 60_000);
    expect(events.filter((e) => e.type === "session.status_idled").at(-1)?.stop_reason).toEqual({ type: "end_turn" });
    expect(ran).toEqual([
      { name: "bash", input: { command: "uname -n" } },
      { name: "read", input: { file_path: "/workspace/notes.txt" } },
    ]);
    const results = events.filter((e) => e.type === "user.tool_result");
    expect(results.map((r) => r.content[0].text)).toEqual(["farm-1", "hello"]);
    expect(events.some((e) => e.type === "agent.tool_result")).toBe(false);
    expect(toolResultText(model.requests[start + 1]?.body, "c1")).toBe("farm-1");
    expect(toolResultText(model.requests[start + 2]?.body, "c2")).toBe("hello");

    // Idle for maxIdleMs: the worker force-stops the item it held.
    await waitFor(
      async () => {
        const items = await s.request("GET", `/environments/${env}/work`);
        return items.body.data.length === 1 && items.body.data[0].state === "stopped";
      },
      { what: "the worker to stop its item", timeoutMs: 30_000 },
    );
    stop.abort();
    expect(await running).toBeUndefined();
  });
});
