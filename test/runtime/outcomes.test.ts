/**
 * Outcomes (`user.define_outcome`): the agent works toward the outcome, a grader (a separate model
 * request with the rubric) judges each attempt, a `needs_revision` verdict goes back to the agent,
 * and every evaluation is recorded as `span.outcome_evaluation_start` / `_end` with its usage,
 * counted in the session's usage. The real service in-process, a scripted fake of the provider on
 * a loopback port (it can hold a request open, to interrupt the grader).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LoopbackModel, loopbackModel } from "../helpers/fakes/loopbackModel.ts";
import { createAgent, createEnvironment, createSession, waitForIdle } from "../helpers/flows/lifecycle.ts";
import { expectError, inProcess, type TestServer, waitFor } from "../helpers/servers/server.ts";

let model: LoopbackModel;
let s: TestServer;

beforeAll(async () => {
  model = await loopbackModel();
  s = await inProcess({ env: { ...model.env, RUN_PROVIDER_RETRY_BASE_MS: "1" } });
});
afterAll(async () => {
  await s.stop();
  await model.close();
});

const RUBRIC = "The answer names the bug in parse() and the one-line fix.";
const verdict = (result: string, explanation: string) => JSON.stringify({ result, explanation });

async function outcomeSession(): Promise<string> {
  const agent = await createAgent(s, { name: "worker", model: "openai/outcome-model" });
  return (await createSession(s, agent.id, await createEnvironment(s))).id;
}

async function define(sessionId: string, extra: Record<string, unknown> = {}) {
  return s.request("POST", `/sessions/${sessionId}/events`, {
    body: {
      events: [
        {
          type: "user.define_outcome",
          description: "Find the bug in parse() and say how to fix it.",
          rubric: { type: "text", content: RUBRIC },
          ...extra,
        },
      ],
    },
  });
}

/** The requests from `start` on that the grader made (its system prompt says so), and the agent's. */
const graderRequests = (start: number) =>
  model.requests.slice(start).filter((r) => String(r.body.messages[0]?.content ?? "").startsWith("You are the grader"));
const agentRequests = (start: number) =>
  model.requests
    .slice(start)
    .filter((r) => !String(r.body.messages[0]?.content ?? "").startsWith("You are the grader"));

const notSpan = (e: { type: string }) => !e.type.startsWith("span.model_request");

/** The session's outcomes as the SDK reads them (`outcome_evaluations` of GET /v1/sessions/{id}). */
async function sdkOutcomes(sessionId: string): Promise<any[]> {
  const res = await fetch(`${s.url}/v1/sessions/${sessionId}`, { headers: { "x-api-key": s.token } });
  const body = (await res.json()) as any;
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body.outcome_evaluations;
}

describe("outcomes", () => {
  it("is satisfied on the second attempt after a needs_revision, whose feedback reaches the agent", async () => {
    const sessionId = await outcomeSession();
    const start = model.requests.length;
    model.script([
      { text: "The bug is in parse().", usage: { input_tokens: 100, output_tokens: 10 } },
      {
        text: verdict("needs_revision", "It names the bug but not the fix."),
        usage: { input_tokens: 300, output_tokens: 20 },
      },
      { text: "The bug is in parse(): change `<` to `<=`.", usage: { input_tokens: 150, output_tokens: 15 } },
      {
        text: `Verdict: ${verdict("satisfied", "Both the bug and the fix are named.")}`,
        usage: { input_tokens: 400, output_tokens: 30 },
      },
    ]);
    const sent = await define(sessionId);
    expect(sent.status, sent.text).toBe(202);
    const defined = sent.body.data[0];
    expect(defined).toMatchObject({
      type: "user.define_outcome",
      description: "Find the bug in parse() and say how to fix it.",
      rubric: { type: "text", content: RUBRIC },
      max_iterations: 3,
      session_thread_id: null,
    });
    expect(defined.outcome_id).toMatch(/^outc_[0-9A-HJKMNP-TV-Z]{26}$/);
    const events = await waitForIdle(s, sessionId, 1, undefined, { timeoutMs: 20_000 });
    expect(events.filter(notSpan).map((e) => e.type)).toEqual([
      "user.define_outcome",
      "session.status_run_started",
      "agent.message",
      "span.outcome_evaluation_start",
      "span.outcome_evaluation_end",
      "agent.message",
      "span.outcome_evaluation_start",
      "span.outcome_evaluation_end",
      "session.status_idled",
    ]);
    const starts = events.filter((e) => e.type === "span.outcome_evaluation_start");
    const ends = events.filter((e) => e.type === "span.outcome_evaluation_end");
    expect(starts.map((e) => [e.outcome_id, e.iteration])).toEqual([
      [defined.outcome_id, 0],
      [defined.outcome_id, 1],
    ]);
    expect(ends).toMatchObject([
      {
        outcome_id: defined.outcome_id,
        iteration: 0,
        outcome_evaluation_start_id: starts[0].id,
        result: "needs_revision",
        explanation: "It names the bug but not the fix.",
        usage: { input_tokens: 300, output_tokens: 20, cache_read_input_tokens: 0, cache_creation_input_tokens: 0 },
      },
      {
        iteration: 1,
        outcome_evaluation_start_id: starts[1].id,
        result: "satisfied",
        explanation: "Both the bug and the fix are named.",
        usage: { input_tokens: 400, output_tokens: 30 },
      },
    ]);
    // Each grader request is a model request of its own, inside its evaluation.
    const between = events.slice(events.indexOf(starts[0]) + 1, events.indexOf(ends[0])).map((e) => e.type);
    expect(between).toEqual(["span.model_request_start", "span.model_request_end"]);
    expect(events.at(-1).stop_reason).toEqual({ type: "end_turn" });
    // The grader got the rubric and the agent's attempt; the agent got the grader's feedback.
    const graded = graderRequests(start);
    expect(graded).toHaveLength(2);
    const firstPrompt = graded[0]?.body.messages[1].content as string;
    expect(firstPrompt).toContain(RUBRIC);
    expect(firstPrompt).toContain("The bug is in parse().");
    const asked = agentRequests(start);
    expect(asked).toHaveLength(2);
    expect(asked[0]?.body.messages.at(-1).content).toContain("Find the bug in parse()");
    expect(asked[1]?.body.messages.at(-1)).toMatchObject({ role: "user" });
    expect(asked[1]?.body.messages.at(-1).content).toContain("It names the bug but not the fix.");
    // The session's usage counts the grader's requests too (the budget does the same).
    const session = (await s.request("GET", `/sessions/${sessionId}`)).body;
    expect(session.usage).toEqual({
      input_tokens: 950,
      output_tokens: 75,
      cache_read_input_tokens: 0,
      cache_creation_input_tokens: 0,
    });
    // On /v1: the outcome, satisfied in its second cycle, with the grader's last words.
    expect(await sdkOutcomes(sessionId)).toEqual([
      {
        type: "outcome_evaluation",
        outcome_id: defined.outcome_id,
        description: "Find the bug in parse() and say how to fix it.",
        result: "satisfied",
        iteration: 1,
        explanation: "Both the bug and the fix are named.",
        completed_at: ends[1].created_at,
      },
    ]);
  });

  it("stops at max_iterations with max_iterations_reached", async () => {
    const sessionId = await outcomeSession();
    const start = model.requests.length;
    model.script([
      { text: "Attempt 1." },
      { text: verdict("needs_revision", "No fix named (1).") },
      { text: "Attempt 2." },
      { text: verdict("needs_revision", "No fix named (2).") },
      { text: "Attempt 3." },
      { text: verdict("needs_revision", "No fix named (3).") },
    ]);
    expect((await define(sessionId, { max_iterations: 3 })).status).toBe(202);
    const events = await waitForIdle(s, sessionId, 1, undefined, { timeoutMs: 20_000 });
    const ends = events.filter((e) => e.type === "span.outcome_evaluation_end");
    expect(ends.map((e) => [e.iteration, e.result])).toEqual([
      [0, "needs_revision"],
      [1, "needs_revision"],
      [2, "max_iterations_reached"],
    ]);
    expect(ends[2].explanation).toBe("No fix named (3).");
    expect(events.filter((e) => e.type === "agent.message").map((e) => e.content[0].text)).toEqual([
      "Attempt 1.",
      "Attempt 2.",
      "Attempt 3.",
    ]);
    expect(model.requests.length - start).toBe(6);
    expect(events.at(-1)).toMatchObject({ type: "session.status_idled", stop_reason: { type: "end_turn" } });
    expect(await sdkOutcomes(sessionId)).toMatchObject([
      { result: "max_iterations_reached", iteration: 2, explanation: "No fix named (3)." },
    ]);
  });

  it("ends an evaluation interrupted by user.interrupt, aborting the grader's request", async () => {
    const sessionId = await outcomeSession();
    const start = model.requests.length;
    model.script([{ text: "My attempt." }, { hang: true }]);
    expect((await define(sessionId)).status).toBe(202);
    await waitFor(() => model.requests.length === start + 2, { what: "the grader's request" });
    // The grader is scoring: `evaluating`, not yet completed.
    expect(await sdkOutcomes(sessionId)).toMatchObject([
      { result: "evaluating", iteration: 0, explanation: null, completed_at: null },
    ]);
    const interrupt = await s.request("POST", `/sessions/${sessionId}/events`, {
      body: { events: [{ type: "user.interrupt" }] },
    });
    expect(interrupt.status, interrupt.text).toBe(202);
    const events = await waitForIdle(s, sessionId, 1);
    expect(events.filter(notSpan).map((e) => e.type)).toEqual([
      "user.define_outcome",
      "session.status_run_started",
      "agent.message",
      "span.outcome_evaluation_start",
      "user.interrupt",
      "span.outcome_evaluation_end",
      "session.status_idled",
    ]);
    const startEvent = events.find((e) => e.type === "span.outcome_evaluation_start");
    expect(events.find((e) => e.type === "span.outcome_evaluation_end")).toMatchObject({
      result: "interrupted",
      iteration: 0,
      outcome_evaluation_start_id: startEvent.id,
    });
    expect(events.at(-1).stop_reason).toEqual({ type: "interrupted" });
    const [ended] = await sdkOutcomes(sessionId);
    expect(ended).toMatchObject({ result: "interrupted", iteration: 0 });
    expect(ended.completed_at).not.toBeNull();
    await waitFor(() => model.requests[start + 1]?.abortedAt ?? null, { what: "the grader's request aborted" });
  });

  it("reads a file rubric as its text, and refuses a bad outcome", async () => {
    const sessionId = await outcomeSession();
    const fd = new FormData();
    fd.append("file", new Blob(["Name the bug and the fix."], { type: "text/markdown" }), "rubric.md");
    const file = (await s.request("POST", "/files", { raw: fd })).body;
    model.script([{ text: "Done." }, { text: verdict("satisfied", "Fine.") }]);
    const sent = await define(sessionId, { rubric: { type: "file", file_id: file.id }, max_iterations: 20 });
    expect(sent.status, sent.text).toBe(202);
    expect(sent.body.data[0].rubric).toEqual({ type: "text", content: "Name the bug and the fix." });
    expect(sent.body.data[0].max_iterations).toBe(20);
    const events = await waitForIdle(s, sessionId);
    expect(events.find((e) => e.type === "span.outcome_evaluation_end").result).toBe("satisfied");
    expectError(await define(sessionId, { max_iterations: 2 }), 400, "invalid_request_error");
    expectError(await define(sessionId, { max_iterations: 21 }), 400, "invalid_request_error");
    expectError(await define(sessionId, { rubric: { type: "file", file_id: "file_nope" } }), 404, "not_found_error");
  });
});
