/**
 * An interrupt reaches the replica running the turn (PostgreSQL, two replicas on one database):
 * replica A (in this process) runs a turn whose model request hangs on the loopback fake; the
 * `user.interrupt` is sent to replica B (a server process). A's worker learns it from the
 * database's notification, not from its own writes nor its lease renewal (RUN_LEASE_MS is ten
 * minutes here, so the renewal that would also notice comes far too late): the request is aborted
 * and the session idles with stop_reason interrupted. Latencies go to the benchmark log.
 */
import { randomBytes } from "node:crypto";
import { appendFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { type LoopbackModel, loopbackModel } from "../helpers/fakes/loopbackModel.ts";
import { waitForTurns } from "../helpers/flows/agentRuns.ts";
import { createAgent, createEnvironment, createSession, userMessage } from "../helpers/flows/lifecycle.ts";
import { notSpan } from "../helpers/flows/sessionEvents.ts";
import { freshPostgresDatabase } from "../helpers/servers/postgres.ts";
import { requirePostgres } from "../helpers/servers/requires.ts";
import { inProcess, type ServerProcess, serverProcess, type TestServer, waitFor } from "../helpers/servers/server.ts";

const noPostgres = requirePostgres() !== null;
const BENCH_LOG = process.env.HITL_BENCH_LOG ?? "/tmp/hitl-interrupt-bench.log";
let a: TestServer | undefined;
let b: ServerProcess | undefined;
let model: LoopbackModel | undefined;
afterAll(async () => {
  await b?.kill();
  await a?.stop();
  await model?.close();
});

describe.skipIf(noPostgres)("an interrupt sent to another replica", () => {
  it("aborts the turn on the replica running it", { timeout: 120_000 }, async () => {
    model = await loopbackModel();
    const shared = {
      ...model.env,
      DATABASE_URL: await freshPostgresDatabase(),
      CLOUD_AGENTS_SECRET_KEY: randomBytes(32).toString("base64"),
      RUN_LEASE_MS: "600000",
      SANDBOX: "off",
    };
    a = await inProcess({ env: shared });
    const agent = await createAgent(a, { name: "slow", model: "claude-sonnet-4-5" });
    const session = await createSession(a, agent.id, await createEnvironment(a));
    model.script([{ hang: true }]);
    const sent = await a.request("POST", `/sessions/${session.id}/events`, {
      body: { events: [userMessage("Think for a long time.")] },
    });
    expect(sent.status).toBe(202);
    await waitFor(() => model?.requests.length === 1, { timeoutMs: 20_000, what: "A's model request" });

    b = await serverProcess({ env: { ...shared, CLOUD_AGENTS_BOOTSTRAP_TOKEN: a.token }, timeoutMs: 60_000 });
    const started = performance.now();
    const res = await fetch(`${b.url}/api/v1/cloud/sessions/${session.id}/events`, {
      method: "POST",
      headers: { authorization: `Bearer ${a.token}`, "content-type": "application/json" },
      body: JSON.stringify({ events: [{ type: "user.interrupt" }] }),
    });
    expect(res.status).toBe(202);
    const answeredAt = performance.now();
    const abortedAt = await waitFor(() => model?.requests[0]?.abortedAt ?? null, {
      timeoutMs: 20_000,
      what: "replica A to abort its model request",
    });
    const events = await waitForTurns(a, session.id, 1);
    expect(events.map((e) => e.type).filter(notSpan)).toEqual([
      "user.message",
      "session.status_run_started",
      "user.interrupt",
      "session.status_idled",
    ]);
    expect(events.at(-1).stop_reason).toEqual({ type: "interrupted" });
    appendFileSync(
      BENCH_LOG,
      `${new Date().toISOString()} postgres cross-replica interrupt: B answered the interrupt in ${(answeredAt - started).toFixed(0)} ms; A's model request closed ${(abortedAt - answeredAt).toFixed(0)} ms after that (${(abortedAt - started).toFixed(0)} ms after sending)\n`,
    );
  });
});
