/**
 * A model provider's retryable error (API.md, "Agent runtimes": retried with backoff) as the API
 * shows it: the run records a `session.error` whose `retry_status` is `retrying` (with the status
 * the provider answered) and the session is `rescheduling` (session.status_rescheduled, in the
 * history and the outbox) while it waits out the back-off; it runs again when the retry starts
 * (session.status_run_started), and once the retries are used up the last error is `exhausted`.
 * A `user.interrupt` during the back-off stops the retry and idles the session. The real service
 * in-process; msw stands in for the provider (test/helpers/fakes/providers.ts).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { listen, mockProviders, providerEnv } from "../helpers/fakes/providers.ts";
import { say, waitForTurns } from "../helpers/flows/agentRuns.ts";
import { createAgent, createEnvironment, createSession, outboxSince } from "../helpers/flows/lifecycle.ts";
import { notSpan } from "../helpers/flows/sessionEvents.ts";
import { inProcess, type TestServer, waitFor } from "../helpers/servers/server.ts";

const providers = mockProviders();
/** Retries wait ten minutes here: only an interrupt ends the back-off within a test. */
let patient: TestServer;
/** One quick retry: the retries run out. */
let quick: TestServer;

beforeAll(async () => {
  listen(providers);
  [patient, quick] = await Promise.all([
    inProcess({
      env: {
        ...providerEnv,
        RUN_PROVIDER_RETRY_BASE_MS: "600000",
        RUN_PROVIDER_RETRY_MAX_MS: "600000",
        RUN_POLL_INTERVAL_MS: "50",
      },
    }),
    inProcess({ env: { ...providerEnv, RUN_PROVIDER_MAX_RETRIES: "1", RUN_PROVIDER_RETRY_BASE_MS: "1" } }),
  ]);
});
afterAll(async () => {
  await Promise.all([patient?.stop(), quick?.stop()]);
  providers.server.close();
});
afterEach(() => {
  providers.openai.length = 0;
});

const rateLimited = { status: 429, body: { error: { message: "Rate limit reached; slow down." } } };
const overloaded = { status: 529, body: { error: { message: "Overloaded." } } };

async function modelSession(s: TestServer): Promise<string> {
  const agent = await createAgent(s, { name: "retrying", model: "openai/llama3.2" });
  return (await createSession(s, agent.id, await createEnvironment(s))).id;
}

const status = async (s: TestServer, sessionId: string): Promise<string> =>
  (await s.request("GET", `/sessions/${sessionId}`)).body.status;

describe("a retried model error", () => {
  it("reschedules the session; an interrupt during the back-off stops the retry and idles it", async () => {
    const sessionId = await modelSession(patient);
    const since = await outboxSince(patient);
    providers.script("openai", [rateLimited, { text: "Back again." }]);
    await say(patient, sessionId, "Hello?");
    await waitFor(async () => (await status(patient, sessionId)) === "rescheduling", {
      what: "rescheduling",
      timeoutMs: 30_000,
    });
    expect(providers.openai).toHaveLength(1);

    const interrupt = await patient.request("POST", `/sessions/${sessionId}/events`, {
      body: { events: [{ type: "user.interrupt" }] },
    });
    expect(interrupt.status, interrupt.text).toBe(202);
    const events = await waitForTurns(patient, sessionId, 1);
    expect(await status(patient, sessionId)).toBe("idle");
    expect(events.map((e) => e.type).filter(notSpan)).toEqual([
      "user.message",
      "session.status_run_started",
      "session.error",
      "session.status_rescheduled",
      "user.interrupt",
      "session.status_idled",
    ]);
    const error = events.find((e) => e.type === "session.error");
    expect(error.error).toMatchObject({
      type: "provider_error",
      provider_status: 429,
      retry_status: { type: "retrying" },
    });
    expect(error.error.message).toContain("429");
    expect(events.at(-1).stop_reason).toEqual({ type: "interrupted" });
    expect(await since()).toEqual([
      { id: sessionId, type: "session.status_run_started" },
      { id: sessionId, type: "session.status_rescheduled" },
      { id: sessionId, type: "session.status_idled", stop_reason: { type: "interrupted" } },
    ]);

    // The retry never happens: the next message is answered by the next scripted reply.
    await say(patient, sessionId, "Again.");
    const next = await waitForTurns(patient, sessionId, 2);
    expect(next.at(-2)).toMatchObject({ type: "agent.message", content: [{ type: "text", text: "Back again." }] });
    expect(next.at(-1).stop_reason).toEqual({ type: "end_turn" });
    expect(providers.openai).toHaveLength(2);
  }, 60_000);

  it("runs again after the back-off; once the retries run out the last error is exhausted", async () => {
    const sessionId = await modelSession(quick);
    providers.script("openai", [rateLimited, overloaded]);
    await say(quick, sessionId, "Hello?");
    const events = await waitForTurns(quick, sessionId, 1);
    expect(events.map((e) => e.type).filter(notSpan)).toEqual([
      "user.message",
      "session.status_run_started",
      "session.error",
      "session.status_rescheduled",
      "session.status_run_started",
      "session.error",
      "session.status_idled",
    ]);
    const errors = events.filter((e) => e.type === "session.error").map((e) => e.error);
    expect(errors.map((e) => [e.type, e.provider_status, e.retry_status])).toEqual([
      ["provider_error", 429, { type: "retrying" }],
      ["provider_error", 529, { type: "exhausted" }],
    ]);
    expect(events.at(-1).stop_reason).toEqual({ type: "error" });
    expect(await status(quick, sessionId)).toBe("idle");
    expect(providers.openai).toHaveLength(2);
  });
});
