/**
 * The human in the loop in both model runtimes (API.md, "Human in the loop, interrupts, usage and
 * budgets"), end to end: the real service in-process with the real sandbox and a real webhook
 * receiver, a scripted fake of the providers' APIs on a loopback port (test/helpers/fakes/loopbackModel.ts).
 * Custom tools pause the turn until every call is answered; `always_ask` tools run only after the
 * allow; `user.interrupt` aborts the model request or the `bash` command in flight; messages sent
 * during a turn are answered in order; every `session.status_idled` carries its `stop_reason`.
 */

import { randomBytes } from "node:crypto";
import { appendFileSync, existsSync, readdirSync, readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LoopbackModel, loopbackModel } from "../helpers/fakes/loopbackModel.ts";
import { startMcpServer, type TestMcpServer } from "../helpers/fakes/mcpServer.ts";
import { type Receiver, startReceiver } from "../helpers/fakes/receiver.ts";
import { say, sessionEvents, waitForTurns } from "../helpers/flows/agentRuns.ts";
import { createAgent, createEnvironment, createSession } from "../helpers/flows/lifecycle.ts";
import { notSpan } from "../helpers/flows/sessionEvents.ts";
import { requireSandboxPrograms } from "../helpers/servers/requires.ts";
import { inProcess, type TestServer, waitFor } from "../helpers/servers/server.ts";

const skip = requireSandboxPrograms();
let s: TestServer;
let model: LoopbackModel;
let receiver: Receiver;
let mcp: TestMcpServer;

/** Where the measured interrupt latencies go (a benchmark log, never an assertion). */
const BENCH_LOG = process.env.HITL_BENCH_LOG ?? "/tmp/hitl-interrupt-bench.log";

beforeAll(async () => {
  if (skip) return;
  model = await loopbackModel();
  receiver = await startReceiver();
  mcp = await startMcpServer();
  s = await inProcess({ env: { ...model.env, SANDBOX: "bubblewrap", RUN_POLL_INTERVAL_MS: "50" } });
  const endpoint = await s.request("POST", "/webhook_endpoints", {
    body: { url: `${receiver.url}/idled`, events: ["session.status_idled"] },
  });
  if (endpoint.status !== 201) throw new Error(endpoint.text);
});
afterAll(async () => {
  if (skip) return;
  await s.stop();
  await model.close();
  await receiver.close();
  await mcp.close();
});

const toolset = { type: "agent_toolset_20260401" };
const lookup = {
  type: "custom",
  name: "lookup_ticket",
  description: "Looks a ticket up by its number.",
  input_schema: { type: "object", properties: { number: { type: "integer" } }, required: ["number"] },
};
const text = (t: string) => [{ type: "text", text: t }];

const post = (sessionId: string, events: unknown[]) =>
  s.request("POST", `/sessions/${sessionId}/events`, { body: { events } });

/** Waits for the session's `n`th session.status_idled; returns it and the events so far. */
async function idled(sessionId: string, n: number): Promise<{ idle: any; events: any[] }> {
  const events = await waitForTurns(s, sessionId, n);
  return { idle: events.filter((e) => e.type === "session.status_idled")[n - 1], events };
}

/** The webhook deliveries of session.status_idled for a session, as their data objects. */
const idledWebhooks = (sessionId: string) =>
  receiver
    .on("/idled")
    .map((r) => JSON.parse(r.body.toString("utf8")).data)
    .filter((d) => d.id === sessionId);

/** The host processes whose command line contains `marker`. */
function processesWith(marker: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, "utf8").includes(marker)) pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

/** Whether a process runs (exists and is not a zombie). */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return false;
  }
}

/** The text the model was given for a tool call in a request body (both providers' shapes). */
function toolResultText(body: any, callId: string): string | undefined {
  for (const m of body.messages ?? []) {
    if (m.role === "tool" && m.tool_call_id === callId) return m.content;
    if (Array.isArray(m.content)) {
      for (const b of m.content) if (b.type === "tool_result" && b.tool_use_id === callId) return b.content;
    }
  }
  return undefined;
}

describe.skipIf(skip !== null)("the human in the loop", () => {
  for (const [provider, modelName] of [
    ["openai", "openai/llama3.2"],
    ["anthropic", "claude-sonnet-4-5"],
  ] as const) {
    describe(`through the ${provider} runtime`, () => {
      it("offers custom tools; two parallel calls pause the turn until both are answered", async () => {
        const agent = await createAgent(s, { name: "client tools", model: modelName, tools: [lookup] });
        const session = await createSession(s, agent.id, await createEnvironment(s));
        const start = model.requests.length;
        model.script([
          {
            text: "Looking both up.",
            tool_calls: [
              { id: "cu1", name: "lookup_ticket", input: { number: 1 } },
              { id: "cu2", name: "lookup_ticket", input: { number: 2 } },
            ],
          },
          { text: "Ticket 1 is open, ticket 2 is closed." },
        ]);
        await say(s, session.id, "How are tickets 1 and 2?");
        const first = await idled(session.id, 1);
        const uses = first.events.filter((e) => e.type === "agent.custom_tool_use");
        expect(uses.map((u) => [u.name, u.input])).toEqual([
          ["lookup_ticket", { number: 1 }],
          ["lookup_ticket", { number: 2 }],
        ]);
        expect(first.idle.stop_reason).toEqual({ type: "requires_action", event_ids: uses.map((u) => u.id) });
        // The model was offered the custom tool.
        const offered = model.requests[start]?.body.tools.map((t: any) => t.name ?? t.function?.name);
        expect(offered).toContain("lookup_ticket");
        expect((await s.request("GET", `/sessions/${session.id}`)).body.status).toBe("idle");

        // A message now is refused, naming the pending calls.
        const early = await post(session.id, [{ type: "user.message", content: text("and 3?") }]);
        expect(early.status).toBe(409);
        expect(early.body.error.message).toContain(uses[0].id);
        expect(early.body.error.message).toContain(uses[1].id);
        // Unknown ids and the wrong kind of answer are refused.
        const unknown = await post(session.id, [
          { type: "user.custom_tool_result", custom_tool_use_id: "sevt_nope", content: text("x") },
        ]);
        expect(unknown.status).toBe(404);
        expect(unknown.body.error.param).toBe("events[0]");
        const wrong = await post(session.id, [
          { type: "user.tool_confirmation", tool_use_id: uses[0].id, result: "allow" },
        ]);
        expect(wrong.status).toBe(400);

        // One answer: still waiting (no new run).
        const answer1 = await post(session.id, [
          { type: "user.custom_tool_result", custom_tool_use_id: uses[0].id, content: text("open") },
        ]);
        expect(answer1.status, answer1.text).toBe(202);
        const again = await post(session.id, [
          { type: "user.custom_tool_result", custom_tool_use_id: uses[0].id, content: text("open") },
        ]);
        expect(again.status).toBe(409);
        expect(again.body.error.message).toContain(uses[1].id);
        expect(model.requests.length).toBe(start + 1);
        const stillOne = (await sessionEvents(s, session.id)).filter((e) => e.type === "session.status_run_started");
        expect(stillOne).toHaveLength(1);

        // The second answer resumes the turn.
        const answer2 = await post(session.id, [
          { type: "user.custom_tool_result", custom_tool_use_id: uses[1].id, content: text("closed"), is_error: false },
        ]);
        expect(answer2.status, answer2.text).toBe(202);
        const second = await idled(session.id, 2);
        expect(second.idle.stop_reason).toEqual({ type: "end_turn" });
        const body = model.requests[start + 1]?.body;
        expect(toolResultText(body, "cu1")).toBe("open");
        expect(toolResultText(body, "cu2")).toBe("closed");
        expect(second.events.map((e) => e.type).filter(notSpan)).toEqual([
          "user.message",
          "session.status_run_started",
          "agent.message",
          "agent.custom_tool_use",
          "agent.custom_tool_use",
          "session.status_idled",
          "user.custom_tool_result",
          "user.custom_tool_result",
          "session.status_run_started",
          "agent.message",
          "session.status_idled",
        ]);
        expect(second.events.at(-2).content[0].text).toBe("Ticket 1 is open, ticket 2 is closed.");
        // The webhooks carry the same stop reasons.
        await waitFor(() => idledWebhooks(session.id).length === 2, { what: "two idled webhooks" });
        expect(idledWebhooks(session.id).map((d) => d.stop_reason)).toEqual([
          first.idle.stop_reason,
          { type: "end_turn" },
        ]);
      });

      it("runs an always_ask tool only after the allow; a denial reaches the model with its message", async () => {
        const agent = await createAgent(s, {
          name: "careful",
          model: modelName,
          tools: [{ ...toolset, configs: [{ name: "bash", permission_policy: "always_ask" }] }],
        });
        const session = await createSession(s, agent.id, await createEnvironment(s));
        const start = model.requests.length;
        model.script([
          { tool_calls: [{ id: "b1", name: "bash", input: { command: "echo no > denied.txt" } }] },
          { tool_calls: [{ id: "b2", name: "bash", input: { command: "echo yes > allowed.txt" } }] },
          { text: "Done." },
        ]);
        const file = (path: string) => s.request("GET", `/sessions/${session.id}/files/content?path=${path}`);
        await say(s, session.id, "Write the files.");
        const first = await idled(session.id, 1);
        const use1 = first.events.find((e) => e.type === "agent.tool_use");
        expect(use1).toMatchObject({ name: "bash", tool_use_id: "b1" });
        expect(first.idle.stop_reason).toEqual({ type: "requires_action", event_ids: [use1.id] });
        expect(first.events.some((e) => e.type === "agent.tool_result")).toBe(false);
        expect((await file("denied.txt")).status).toBe(404);

        const deny = await post(session.id, [
          { type: "user.tool_confirmation", tool_use_id: use1.id, result: "deny", deny_message: "Not that file." },
        ]);
        expect(deny.status, deny.text).toBe(202);
        const second = await idled(session.id, 2);
        const use2 = second.events.filter((e) => e.type === "agent.tool_use")[1];
        expect(second.idle.stop_reason).toEqual({ type: "requires_action", event_ids: [use2.id] });
        expect(toolResultText(model.requests[start + 1]?.body, "b1")).toContain("Not that file.");
        expect(second.events.find((e) => e.type === "agent.tool_result")).toMatchObject({
          tool_use_id: "b1",
          is_error: true,
        });
        expect((await file("denied.txt")).status).toBe(404);
        expect((await file("allowed.txt")).status).toBe(404);

        // The model's own id is accepted too.
        const allow = await post(session.id, [{ type: "user.tool_confirmation", tool_use_id: "b2", result: "allow" }]);
        expect(allow.status, allow.text).toBe(202);
        const third = await idled(session.id, 3);
        expect(third.idle.stop_reason).toEqual({ type: "end_turn" });
        const allowed = await file("allowed.txt");
        expect(allowed.status).toBe(200);
        expect(allowed.text).toBe("yes\n");
        expect((await file("denied.txt")).status).toBe(404);
      });

      it("asks before an MCP tool set to always_ask, and calls the server only after the allow", async () => {
        const agent = await createAgent(s, {
          name: "mcp asks",
          model: modelName,
          mcp_servers: [{ type: "url", name: "tickets", url: mcp.url }],
          tools: [
            {
              type: "mcp_toolset",
              mcp_server_name: "tickets",
              configs: [{ name: "add", permission_policy: "always_ask" }],
            },
          ],
        });
        const session = await createSession(s, agent.id, await createEnvironment(s));
        mcp.calls.length = 0;
        model.script([
          {
            tool_calls: [
              { id: "m1", name: "tickets__lookup_ticket", input: { number: 7 } },
              { id: "m2", name: "tickets__add", input: { a: 2, b: 3 } },
            ],
          },
          { text: "5." },
        ]);
        await say(s, session.id, "Add 2 and 3.");
        const first = await idled(session.id, 1);
        const uses = first.events.filter((e) => e.type === "agent.tool_use");
        expect(uses.map((u) => [u.mcp_server_name, u.name])).toEqual([
          ["tickets", "lookup_ticket"],
          ["tickets", "add"],
        ]);
        // The tool that does not ask ran; the one that asks waits.
        expect(first.idle.stop_reason).toEqual({ type: "requires_action", event_ids: [uses[1].id] });
        expect(mcp.calls.map((c) => c.name)).toEqual(["lookup_ticket"]);
        const allow = await post(session.id, [
          { type: "user.tool_confirmation", tool_use_id: uses[1].id, result: "allow" },
        ]);
        expect(allow.status, allow.text).toBe(202);
        const second = await idled(session.id, 2);
        expect(second.idle.stop_reason).toEqual({ type: "end_turn" });
        expect(mcp.calls).toEqual([
          { name: "lookup_ticket", args: { number: 7 } },
          { name: "add", args: { a: 2, b: 3 } },
        ]);
        expect(second.events.filter((e) => e.type === "agent.tool_result").map((e) => e.content[0].text)).toContain(
          "5",
        );
      });

      it("interrupts a slow model reply: the request is aborted and the session idles as interrupted", async () => {
        const agent = await createAgent(s, { name: "slow", model: modelName });
        const session = await createSession(s, agent.id, await createEnvironment(s));
        const start = model.requests.length;
        model.script([{ hang: true }, { text: "Back again." }]);
        await say(s, session.id, "Think hard.");
        await waitFor(() => model.requests.length === start + 1, { what: "the model request" });
        const sent = performance.now();
        const interrupt = await post(session.id, [{ type: "user.interrupt" }]);
        expect(interrupt.status, interrupt.text).toBe(202);
        const { idle, events } = await idled(session.id, 1);
        const idleAt = performance.now();
        expect(idle.stop_reason).toEqual({ type: "interrupted" });
        expect(events.map((e) => e.type).filter(notSpan)).toEqual([
          "user.message",
          "session.status_run_started",
          "user.interrupt",
          "session.status_idled",
        ]);
        expect(events[2].session_thread_id).toBeNull();
        const aborted = await waitFor(() => model.requests[start]?.abortedAt ?? null, { what: "the request aborted" });
        appendFileSync(
          BENCH_LOG,
          `${new Date().toISOString()} ${provider} model-request interrupt: idled ${(idleAt - sent).toFixed(0)} ms, request closed ${(aborted - sent).toFixed(0)} ms after user.interrupt\n`,
        );
        // Interrupting an idle session changes nothing; the next message is answered.
        expect((await post(session.id, [{ type: "user.interrupt" }])).status).toBe(202);
        await say(s, session.id, "Again.");
        const next = await idled(session.id, 2);
        expect(next.idle.stop_reason).toEqual({ type: "end_turn" });
        expect(next.events.filter((e) => e.type === "session.status_idled")).toHaveLength(2);
        expect(next.events.at(-2).content[0].text).toBe("Back again.");
        await waitFor(() => idledWebhooks(session.id).length === 2, { what: "two idled webhooks" });
        expect(idledWebhooks(session.id).map((d) => d.stop_reason.type)).toEqual(["interrupted", "end_turn"]);
      });

      it("interrupts a long bash command: its process is gone", async () => {
        const agent = await createAgent(s, { name: "sleeper", model: modelName, tools: [toolset] });
        const session = await createSession(s, agent.id, await createEnvironment(s));
        const marker = `hitl-${randomBytes(6).toString("hex")}`;
        model.script([{ tool_calls: [{ id: "s1", name: "bash", input: { command: `sleep 600; echo ${marker}` } }] }]);
        await say(s, session.id, "Wait a while.");
        const pids = await waitFor(() => (processesWith(marker).length > 0 ? processesWith(marker) : null), {
          what: "the bash command to run",
        });
        const sent = performance.now();
        expect((await post(session.id, [{ type: "user.interrupt" }])).status).toBe(202);
        const { idle, events } = await idled(session.id, 1);
        const idleAt = performance.now();
        expect(idle.stop_reason).toEqual({ type: "interrupted" });
        // What was recorded stays: the call, without a result.
        expect(events.map((e) => e.type).filter(notSpan)).toEqual([
          "user.message",
          "session.status_run_started",
          "agent.tool_use",
          "user.interrupt",
          "session.status_idled",
        ]);
        const described = () =>
          processesWith(marker)
            .map((pid) => `${pid}: ${readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ").slice(0, 200)}`)
            .join("; ");
        await waitFor(() => processesWith(marker).length === 0, {
          what: "the command's processes to be gone",
        }).catch((err: Error) => {
          throw new Error(`${err.message}: ${described()}`);
        });
        // Dead: every process the command's tree had is gone or a zombie (which the host's init reaps).
        await waitFor(() => pids.every((pid) => !alive(pid)), { what: "the processes to be dead" });
        const goneAt = performance.now();
        await waitFor(() => pids.every((pid) => !existsSync(`/proc/${pid}`)), { what: "the processes to be reaped" });
        const reapedAt = performance.now();
        appendFileSync(
          BENCH_LOG,
          `${new Date().toISOString()} ${provider} bash interrupt: idled ${(idleAt - sent).toFixed(0)} ms, process dead ${(goneAt - sent).toFixed(0)} ms (reaped ${(reapedAt - sent).toFixed(0)} ms) after user.interrupt\n`,
        );
      });

      it("answers messages sent during a turn in order, after it", async () => {
        const agent = await createAgent(s, { name: "queue", model: modelName });
        const session = await createSession(s, agent.id, await createEnvironment(s));
        const start = model.requests.length;
        model.script([{ text: "First answer.", held: true }, { text: "Second answer." }]);
        await say(s, session.id, "one");
        await waitFor(() => model.requests.length === start + 1, { what: "the first model request" });
        await say(s, session.id, "two");
        await say(s, session.id, "three");
        model.release();
        const { events } = await idled(session.id, 2);
        const messages = events.filter((e) => e.type === "user.message" || e.type === "agent.message");
        expect(messages.map((e) => e.content[0].text)).toEqual([
          "one",
          "two",
          "three",
          "First answer.",
          "Second answer.",
        ]);
        const turns = events.filter(
          (e) => e.type === "session.status_run_started" || e.type === "session.status_idled",
        );
        expect(turns.map((e) => e.stop_reason?.type ?? e.type)).toEqual([
          "session.status_run_started",
          "end_turn",
          "session.status_run_started",
          "end_turn",
        ]);
        // The second request has the first turn, then both queued messages.
        const second = JSON.stringify(model.requests[start + 1]?.body.messages);
        expect(second.indexOf("one")).toBeLessThan(second.indexOf("First answer."));
        expect(second.indexOf("First answer.")).toBeLessThan(second.indexOf("two"));
        expect(second.indexOf("two")).toBeLessThan(second.indexOf("three"));
      });
    });
  }
});
