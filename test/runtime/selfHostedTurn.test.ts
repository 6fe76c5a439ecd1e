/**
 * A self-hosted session's turn end to end: the real service in-process, a scripted model on a
 * loopback port, and a "worker" written here that speaks HTTP with an environment key as the
 * SDK's worker does (poll, ack, heartbeat, read the session's events, post `user.tool_result`).
 * The model loop stays on the server: the built-in calls are recorded (`agent.tool_use`), the
 * session's work item is queued, the turn pauses until the worker answers each call, and the model
 * then sees the worker's results; a second turn reuses the live item; a result for a session the
 * key's workers do not hold is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LoopbackModel, loopbackModel } from "../helpers/fakes/loopbackModel.ts";
import { say, sessionEvents, waitForTurns } from "../helpers/flows/agentRuns.ts";
import { createAgent, createSession } from "../helpers/flows/lifecycle.ts";
import { requireSandboxPrograms } from "../helpers/servers/requires.ts";
import { inProcess, type TestServer, waitFor } from "../helpers/servers/server.ts";

// An agent with `bash` is refused by a server without the sandbox (even one whose calls run on workers).
const skip = requireSandboxPrograms();

let s: TestServer;
let model: LoopbackModel;

beforeAll(async () => {
  if (skip) return;
  model = await loopbackModel();
  s = await inProcess({ env: { ...model.env, RUN_POLL_INTERVAL_MS: "50" } });
});
afterAll(async () => {
  await s?.stop();
  await model?.close();
});

const text = (t: string) => [{ type: "text", text: t }];

/** The text the model was given for a tool call (the OpenAI-compatible shape). */
function toolResultText(body: any, callId: string): string | undefined {
  for (const m of body.messages ?? []) if (m.role === "tool" && m.tool_call_id === callId) return m.content;
  return undefined;
}

/** A worker of the test takes the environment's next item: polls it, acks it, heartbeats its lease. */
async function runWorker(env: string, key: string) {
  const as = { token: key };
  let item: any = null;
  await waitFor(
    async () => {
      const polled = await s.request("GET", `/environments/${env}/work/poll?block_ms=200`, {
        ...as,
        headers: { "Anthropic-Worker-ID": "test-worker" },
      });
      if (polled.status === 200) item = polled.body;
      return item !== null;
    },
    { what: "a work item to poll", timeoutMs: 20_000 },
  );
  expect((await s.request("POST", `/environments/${env}/work/${item.id}/ack`, as)).status).toBe(200);
  const beat = await s.request(
    "POST",
    `/environments/${env}/work/${item.id}/heartbeat?expected_last_heartbeat=NO_HEARTBEAT`,
    as,
  );
  expect(beat.body).toMatchObject({ lease_extended: true, state: "active" });
  return { item, beat: beat.body };
}

/** Answers every agent.tool_use of the session that has no user.tool_result yet; the ids it answered. */
async function answerCalls(sessionId: string, key: string, answer: (call: any) => string): Promise<string[]> {
  const events = await s.request("GET", `/sessions/${sessionId}/events?limit=100`, { token: key });
  expect(events.status).toBe(200);
  const answered = new Set(
    events.body.data.filter((e: any) => e.type === "user.tool_result").map((e: any) => e.tool_use_id),
  );
  const calls = events.body.data.filter((e: any) => e.type === "agent.tool_use" && !answered.has(e.id));
  for (const call of calls) {
    const posted = await s.request("POST", `/sessions/${sessionId}/events`, {
      token: key,
      body: { events: [{ type: "user.tool_result", tool_use_id: call.id, content: text(answer(call)) }] },
    });
    expect(posted.status).toBe(202);
  }
  return calls.map((c: any) => c.id);
}

describe.skipIf(skip !== null)("a self-hosted session's turn", () => {
  it("waits for the worker's user.tool_result for each built-in call, then the model sees it", async () => {
    const env = (await s.request("POST", "/environments", { body: { name: "farm", config: { type: "self_hosted" } } }))
      .body.id;
    const key = (await s.request("POST", `/environments/${env}/keys`, { body: {} })).body.secret;
    const agent = await createAgent(s, {
      name: "remote",
      model: "openai/llama3.2",
      tools: [{ type: "agent_toolset_20260401" }],
    });
    const session = await createSession(s, agent.id, env);
    const other = await createSession(s, agent.id, env);
    const start = model.requests.length;
    model.script([
      {
        text: "Running it on your machine.",
        tool_calls: [
          { id: "b1", name: "bash", input: { command: "hostname" } },
          { id: "w1", name: "write", input: { file_path: "/workspace/a.txt", content: "hi" } },
        ],
      },
      { text: "Your machine is farm-1 and the file is written." },
    ]);
    await say(s, session.id, "Where do you run?");

    const ran: string[] = [];
    const worker = await runWorker(env, key);
    expect(worker.item.data).toEqual({ type: "session", id: session.id });
    // The turn waits: the calls are recorded, nothing ran on the server, no agent.tool_result.
    const paused = await waitForTurns(s, session.id, 1);
    const uses = paused.filter((e) => e.type === "agent.tool_use");
    expect(uses.map((u) => u.name)).toEqual(["bash", "write"]);
    expect(paused.some((e) => e.type === "agent.tool_result")).toBe(false);
    expect(paused.filter((e) => e.type === "session.status_idled").at(-1)?.stop_reason).toEqual({
      type: "requires_action",
      event_ids: uses.map((u) => u.id),
    });

    // A result for a session this key's workers do not hold is refused.
    const refused = await s.request("POST", `/sessions/${other.id}/events`, {
      token: key,
      body: { events: [{ type: "user.tool_result", tool_use_id: uses[0].id, content: text("x") }] },
    });
    expect(refused.status).toBe(403);

    // A worker's call is answered by the worker's result only: a confirmation or a custom answer is refused.
    const confirm = await s.request("POST", `/sessions/${session.id}/events`, {
      body: { events: [{ type: "user.tool_confirmation", tool_use_id: uses[0].id, result: "allow" }] },
    });
    expect(confirm.status).toBe(400);
    expect(confirm.body.error.message).toContain("user.tool_result");

    const answered = await answerCalls(session.id, key, (call) => {
      ran.push(call.name);
      return call.name === "bash" ? "farm-1" : "wrote 2 bytes";
    });
    expect(answered).toEqual(uses.map((u) => u.id));
    expect(ran).toEqual(["bash", "write"]);

    const events = await waitForTurns(s, session.id, 2);
    expect(events.filter((e) => e.type === "session.status_idled").at(-1)?.stop_reason).toEqual({ type: "end_turn" });
    expect(events.filter((e) => e.type === "agent.message").at(-1)?.content[0].text).toContain("farm-1");
    const second = model.requests[start + 1]?.body;
    expect(toolResultText(second, "b1")).toBe("farm-1");
    expect(toolResultText(second, "w1")).toBe("wrote 2 bytes");
    // Every call answered once; the item is still the worker's (no second item for the session).
    expect(events.filter((e) => e.type === "user.tool_result")).toHaveLength(2);
    const items = await s.request("GET", `/environments/${env}/work`);
    expect(items.body.data.filter((w: any) => w.data.id === session.id).map((w: any) => w.id)).toEqual([
      worker.item.id,
    ]);
    // Answering again is a conflict.
    const again = await s.request("POST", `/sessions/${session.id}/events`, {
      token: key,
      body: { events: [{ type: "user.tool_result", tool_use_id: uses[0].id, content: text("again") }] },
    });
    expect(again.status).toBe(409);
    expect((await sessionEvents(s, session.id)).filter((e) => e.type === "user.tool_result")).toHaveLength(2);
  });

  it("ends the wait when no worker answers in time: the server answers the call with an error and the turn ends", async () => {
    const quick = await inProcess({
      env: { ...model.env, RUN_POLL_INTERVAL_MS: "50", SANDBOX_MAX_TIMEOUT_MS: "1000" },
    });
    try {
      const env = (
        await quick.request("POST", "/environments", { body: { name: "empty farm", config: { type: "self_hosted" } } })
      ).body.id;
      const agent = await createAgent(quick, {
        name: "remote",
        model: "openai/llama3.2",
        tools: [{ type: "agent_toolset_20260401" }],
      });
      const session = await createSession(quick, agent.id, env);
      const start = model.requests.length;
      model.script([
        { text: "Trying.", tool_calls: [{ id: "t1", name: "bash", input: { command: "true" } }] },
        { text: "No machine took it." },
      ]);
      await say(quick, session.id, "Run it.");
      const events = await waitForTurns(quick, session.id, 2, 30_000);
      const idles = events.filter((e) => e.type === "session.status_idled");
      expect(idles[0]?.stop_reason.type).toBe("requires_action");
      expect(idles.at(-1)?.stop_reason).toEqual({ type: "end_turn" });
      const result = events.find((e) => e.type === "agent.tool_result");
      expect(result).toMatchObject({ is_error: true });
      expect(result.content[0].text).toContain("No worker of this self-hosted environment answered");
      expect(toolResultText(model.requests[start + 1]?.body, "t1")).toContain("No worker");
      const items = await quick.request("GET", `/environments/${env}/work`);
      expect(items.body.data.map((w: any) => w.state)).toEqual(["stopped"]);
    } finally {
      await quick.stop();
    }
  });
});
