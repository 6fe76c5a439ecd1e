/**
 * `npm run bench:workers`: what a self-hosted environment costs a tool call (issue 36). In one run,
 * against one server process (SQLite) with a scripted model on loopback:
 * - baseline: sessions of a cloud environment, each turn ROUNDS rounds of one `bash` call run by
 *   the server in its own sandbox; a call's latency is from its `agent.tool_use` to its
 *   `agent.tool_result` (both stamped by the server);
 * - through the queue: the same turns in a self-hosted environment serviced by one
 *   `cloud-agents worker` process on this machine; a call's latency is from its `agent.tool_use`
 *   to the worker's `user.tool_result`. The first call of a turn (poll, ack, workspace restore)
 *   is reported apart from the others (the worker holds the item for the rest of the turn);
 * - the added latency (p50 and p99, queue minus baseline);
 * - tool calls per second that two workers sustain over SESSIONS sessions at once.
 * Target: p50 added ≤ 50 ms.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { missingPrograms } from "../../server/sandbox/programs.ts";
import { loopbackModel } from "../../test/helpers/fakes/loopbackModel.ts";
import {
  allEvents,
  call,
  selfHostedSetup,
  startSession,
  startWorker,
  turnRound,
  type WorkerProcess,
  waitForTurnEnd,
} from "../../test/helpers/flows/selfHostedWork.ts";
import { killAllServers, startServerProcess } from "../lib/serverProcess.ts";

const ROUNDS = 8;
const LATENCY_SESSIONS = 6;
const SESSIONS = 10;
const TOKEN = `cas_${"b".repeat(40)}`;

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const ms = (v: number) => `${v.toFixed(1)} ms`;

interface BenchEvent {
  id: string;
  type: string;
  tool_use_id?: string;
  created_at: string;
}

/** Per call of a session's turn: ms from agent.tool_use to its result, in order. */
function latencies(events: BenchEvent[]): number[] {
  const at = (e: BenchEvent) => new Date(e.created_at).getTime();
  return events
    .filter((e) => e.type === "agent.tool_use")
    .map((u) => {
      const r = events.find(
        (e) =>
          (e.type === "user.tool_result" && e.tool_use_id === u.id) ||
          (e.type === "agent.tool_result" && e.tool_use_id === u.tool_use_id),
      );
      return r ? at(r) - at(u) : Number.NaN;
    });
}

async function main(): Promise<void> {
  const missing = missingPrograms();
  if (missing.length > 0) {
    console.log(
      `bench:workers skipped: ${missing.join(", ")} not installed (apt-get install bubblewrap socat ripgrep util-linux)`,
    );
    return;
  }
  const model = await loopbackModel();
  // Each turn: ROUNDS rounds of one bash call, then a reply (planned from the conversation).
  model.respond((body: { messages?: { role: string; content?: unknown }[] }) => {
    const { user, round } = turnRound(body);
    const tag = /TAG (\w+)/.exec(user)?.[1] ?? "x";
    if (round >= ROUNDS) return { text: "Done." };
    return { text: "", tool_calls: [{ id: `${tag}-${round}`, name: "bash", input: { command: "echo ok" } }] };
  });
  const dataDir = mkdtempSync(join(tmpdir(), "bench-workers-"));
  const workers: WorkerProcess[] = [];
  try {
    const server = await startServerProcess({
      env: {
        ...model.env,
        DATABASE_URL: `sqlite:${join(dataDir, "db.sqlite")}`,
        DATA_DIR: dataDir,
        CLOUD_AGENTS_BOOTSTRAP_TOKEN: TOKEN,
        RUN_POLL_INTERVAL_MS: "50",
        LOG_LEVEL: "warn",
      },
    });
    const api = (method: string, path: string, body?: unknown) => call(server.url, TOKEN, method, path, body);
    const farm = await selfHostedSetup(server.url, TOKEN);
    const cloud = (await api("POST", "/environments", { name: "cloud" })).body.id as string;

    // Baseline: the server's own sandbox, one session at a time.
    const baseline: number[] = [];
    for (let i = 0; i < LATENCY_SESSIONS; i++) {
      const id = await startSession(server.url, TOKEN, farm.agentId, cloud, `TAG base${i}`);
      baseline.push(...latencies(await waitForTurnEnd(server.url, TOKEN, id, 120_000)));
    }
    // Through the queue: one worker on this machine, one session at a time.
    workers.push(await startWorker(server.url, farm.environmentId, farm.key, { id: "bench-1" }));
    const first: number[] = [];
    const queued: number[] = [];
    for (let i = 0; i < LATENCY_SESSIONS; i++) {
      const id = await startSession(server.url, TOKEN, farm.agentId, farm.environmentId, `TAG q${i}`);
      const [head, ...rest] = latencies(await waitForTurnEnd(server.url, TOKEN, id, 120_000));
      if (head !== undefined) first.push(head);
      queued.push(...rest);
    }
    // Throughput: two workers, SESSIONS sessions at once.
    workers.push(await startWorker(server.url, farm.environmentId, farm.key, { id: "bench-2", maxSessions: 8 }));
    const started = performance.now();
    const ids = await Promise.all(
      Array.from({ length: SESSIONS }, (_, i) =>
        startSession(server.url, TOKEN, farm.agentId, farm.environmentId, `TAG t${i}`),
      ),
    );
    let calls = 0;
    for (const id of ids) {
      await waitForTurnEnd(server.url, TOKEN, id, 300_000);
      calls += (await allEvents(server.url, TOKEN, id)).filter((e) => e.type === "agent.tool_use").length;
    }
    const seconds = (performance.now() - started) / 1000;

    const added50 = pct(queued, 50) - pct(baseline, 50);
    const added99 = pct(queued, 99) - pct(baseline, 99);
    console.log("\n## Self-hosted workers (bench:workers)\n");
    console.log("| figure | p50 | p99 |");
    console.log("| --- | --- | --- |");
    console.log(
      `| tool call in the server's sandbox (baseline, ${baseline.length} calls) | ${ms(pct(baseline, 50))} | ${ms(pct(baseline, 99))} |`,
    );
    console.log(
      `| tool call through the queue and a worker (${queued.length} calls) | ${ms(pct(queued, 50))} | ${ms(pct(queued, 99))} |`,
    );
    console.log(`| added by the queue and the worker | ${ms(added50)} | ${ms(added99)} |`);
    console.log(
      `| first call of a turn (poll, ack, workspace restore; ${first.length} turns) | ${ms(pct(first, 50))} | ${ms(pct(first, 99))} |`,
    );
    console.log(
      `\nTwo workers, ${SESSIONS} sessions at once: ${calls} calls in ${seconds.toFixed(1)} s = ${(calls / seconds).toFixed(1)} tool calls/s.`,
    );
    console.log(`Target p50 added ≤ 50 ms: ${added50 <= 50 ? "met" : "NOT met"}.`);
  } finally {
    for (const w of workers) if (w.child.exitCode === null) await w.kill("SIGTERM");
    await killAllServers();
    await model.close();
    rmSync(dataDir, { recursive: true, force: true });
    for (const w of workers) rmSync(w.workDir, { recursive: true, force: true });
  }
}

await main();
