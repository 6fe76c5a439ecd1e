/**
 * A sub-agent waits for the user as the session's own agent does (API.md, "Human in the loop"):
 * its custom tool call pauses the whole turn, surfaces in the session's history with the thread's
 * `session_thread_id`, and is answered on the session; the resumed run skips the threads that
 * finished their part and resumes the waiting one, in its own conversation. The real service
 * in-process; msw stands in for the provider (test/helpers/fakes/providers.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listen, mockProviders, providerEnv } from "../helpers/fakes/providers.ts";
import { say, waitForTurns } from "../helpers/flows/agentRuns.ts";
import { createAgent, createEnvironment, createSession } from "../helpers/flows/lifecycle.ts";
import { notSpan } from "../helpers/flows/sessionEvents.ts";
import { inProcess, type TestServer } from "../helpers/servers/server.ts";

const providers = mockProviders();
let s: TestServer;

beforeAll(async () => {
  listen(providers);
  s = await inProcess({ env: { ...providerEnv, RUN_POLL_INTERVAL_MS: "50" } });
});
afterAll(async () => {
  await s?.stop();
  providers.server.close();
});

const lookup = {
  type: "custom",
  name: "lookup_ticket",
  description: "Looks a ticket up by its number.",
  input_schema: { type: "object", properties: { number: { type: "integer" } }, required: ["number"] },
};

describe("a sub-agent's custom tool", () => {
  it("pauses the turn, is answered on the session, and the resumed run continues the thread only", async () => {
    const echoSub = await createAgent(s, { name: "echo sub" });
    const asker = await createAgent(s, { name: "asker", model: "openai/llama3.2", tools: [lookup] });
    const coordinator = await createAgent(s, {
      name: "coordinator",
      multiagent: { type: "coordinator", agents: [echoSub.id, asker.id] },
    });
    const session = await createSession(s, coordinator.id, await createEnvironment(s));
    providers.script("openai", [
      { tool_calls: [{ id: "c1", name: "lookup_ticket", input: { number: 7 } }] },
      { text: "Ticket 7 is open." },
    ]);
    await say(s, session.id, "How is ticket 7?");

    const first = await waitForTurns(s, session.id, 1, 30_000);
    const threads = (await s.request("GET", `/sessions/${session.id}/threads`)).body.data;
    const askerThread = threads.find((t: any) => t.agent.id === asker.id).id;
    const use = first.find((e) => e.type === "agent.custom_tool_use");
    expect(use).toMatchObject({ name: "lookup_ticket", input: { number: 7 }, session_thread_id: askerThread });
    expect(first.at(-1).stop_reason).toEqual({ type: "requires_action", event_ids: [use.id] });
    expect((await s.request("GET", `/sessions/${session.id}/threads/${askerThread}`)).body.status).toBe("idle");

    // A message meanwhile is refused, as for the session's own agent's calls.
    const early = await s.request("POST", `/sessions/${session.id}/events`, {
      body: { events: [{ type: "user.message", content: [{ type: "text", text: "Well?" }] }] },
    });
    expect(early.status).toBe(409);

    const answer = await s.request("POST", `/sessions/${session.id}/events`, {
      body: {
        events: [
          { type: "user.custom_tool_result", custom_tool_use_id: use.id, content: [{ type: "text", text: "open" }] },
        ],
      },
    });
    expect(answer.status, answer.text).toBe(202);
    expect(answer.body.data[0]).toMatchObject({ type: "user.custom_tool_result", session_thread_id: askerThread });

    const events = await waitForTurns(s, session.id, 2, 30_000);
    expect(events.at(-1).stop_reason).toEqual({ type: "end_turn" });
    // The model saw the answer in the thread's conversation.
    const resumed = providers.openai[1]?.body.messages;
    expect(resumed.find((m: any) => m.role === "tool")).toMatchObject({ tool_call_id: "c1", content: "open" });
    // The echo sub-agent answered once (its part was done before the pause); the asker's answer
    // went back to the coordinator, which answered last.
    const messages = events.filter((e) => e.type === "agent.message");
    expect(
      messages.map((e) => [
        e.session_thread_id === null ? "coordinator" : e.session_thread_id === askerThread ? "asker" : "echo",
        e.content[0].text,
      ]),
    ).toEqual([
      ["echo", "Echo: How is ticket 7?"],
      ["asker", "Ticket 7 is open."],
      ["coordinator", "Echo: How is ticket 7?"],
    ]);
    expect(events.filter((e) => e.type === "agent.thread_message_received").map((e) => e.content[0].text)).toEqual([
      "Echo: How is ticket 7?",
      "Ticket 7 is open.",
    ]);
    expect(events.filter((e) => e.type === "agent.thread_message_sent")).toHaveLength(2);
    expect(
      events
        .map((e) => e.type)
        .filter(notSpan)
        .filter((t) => t.startsWith("session.status")),
    ).toEqual([
      "session.status_run_started",
      "session.status_idled",
      "session.status_run_started",
      "session.status_idled",
    ]);
    expect(providers.openai).toHaveLength(2);
  }, 60_000);
});
