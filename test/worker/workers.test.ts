/**
 * `cloud-agents worker` as real processes (issue 36): a server process, two worker processes with
 * folders of their own, one self-hosted environment, and a scripted model that plans each
 * session's turn from its own conversation. Ten sessions at once: every built-in call answered
 * once, by one worker, every turn ended, the queue drained. Then the drills: SIGKILL of a worker
 * in the middle of a command (its lease runs out, the other takes the session over and answers
 * the cut command with an error, once), SIGTERM (the item goes back to the queue at once), and a
 * revoked key (the worker is refused and exits 1).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LoopbackModel, loopbackModel } from "../helpers/fakes/loopbackModel.ts";
import {
  allEvents,
  call,
  callLedger,
  callsRun,
  plannedTurns,
  selfHostedSetup,
  startSession,
  startWorker,
  type WorkerProcess,
  waitForTurnEnd,
} from "../helpers/flows/selfHostedWork.ts";
import { requireSandboxPrograms } from "../helpers/servers/requires.ts";
import { killAllServers, type ServerProcess, serverProcess, waitFor } from "../helpers/servers/server.ts";

// The workers run their calls in the sandbox: without its programs this file skips (and fails under CI=true).
const skip = requireSandboxPrograms();

const TOKEN = `cas_${"w".repeat(40)}`;
let model: LoopbackModel;
let server: ServerProcess;
let dataDir: string;
const workers: WorkerProcess[] = [];

beforeAll(async () => {
  if (skip) return;
  model = await loopbackModel();
  plannedTurns(model);
  dataDir = mkdtempSync(join(tmpdir(), "cas-workers-"));
  server = await serverProcess({
    dbPath: join(dataDir, "db.sqlite"),
    token: TOKEN,
    env: { ...model.env, DATA_DIR: dataDir, RUN_POLL_INTERVAL_MS: "50", LOG_LEVEL: "warn" },
  });
}, 60_000);
afterAll(async () => {
  if (process.env.WORKER_TEST_LOGS && server) {
    const { writeFileSync } = await import("node:fs");
    writeFileSync(
      process.env.WORKER_TEST_LOGS,
      workers.map((w) => `${w.lines.join("\n")}\n${w.stderr()}`).join("\n----\n") + server.output(),
    );
  }
  for (const w of workers) if (w.child.exitCode === null) await w.kill("SIGKILL");
  await killAllServers();
  await model?.close();
  for (const w of workers) rmSync(w.workDir, { recursive: true, force: true });
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const api = (method: string, path: string, body?: unknown) => call(server.url, TOKEN, method, path, body);

async function worker(environmentId: string, key: string, id: string, leaseSeconds = 90) {
  const w = await startWorker(server.url, environmentId, key, { id, leaseSeconds });
  workers.push(w);
  await waitFor(() => w.logs().some((l) => l.msg === "worker polling"), { what: `${id} to poll`, timeoutMs: 20_000 });
  return w;
}

describe.skipIf(skip !== null)("cloud-agents worker, two processes on one self-hosted environment", () => {
  it("runs ten sessions' turns: every call once, by one worker, every turn ended, the queue drained", async () => {
    const farm = await selfHostedSetup(server.url, TOKEN);
    const pair = [await worker(farm.environmentId, farm.key, "w1"), await worker(farm.environmentId, farm.key, "w2")];
    const sessions = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        startSession(server.url, TOKEN, farm.agentId, farm.environmentId, `TAG s${i}`),
      ),
    );
    const depths: number[] = [];
    for (const id of sessions) {
      await waitForTurnEnd(server.url, TOKEN, id, 120_000);
      depths.push((await api("GET", `/environments/${farm.environmentId}/work/stats`)).body.depth);
    }
    const ran = callsRun(pair);
    let calls = 0;
    for (const id of sessions) {
      const events = await allEvents(server.url, TOKEN, id);
      const ledger = callLedger(events);
      // Three rounds: bash + write, read + bash, bash.
      expect(ledger.uses.map((u) => u.name)).toEqual(["bash", "write", "read", "bash", "bash"]);
      expect(ledger.unanswered).toBe(0);
      expect(ledger.answeredTwice).toBe(0);
      expect(ledger.errors).toEqual([]);
      // Each round said it waited for a worker, naming the session's item and its calls.
      const waits = events.filter((e) => e.type === "session.status_waiting_for_worker");
      expect(waits.map((e) => e.work.calls)).toEqual([2, 2, 1]);
      expect(waits[0].work.work_id).toMatch(/^work_/);
      calls += ledger.uses.length;
      // Each call was run by exactly one worker, once.
      for (const u of ledger.uses) expect(ran.filter((r) => r.tool_use_id === u.id)).toHaveLength(1);
      // The last bash counted the log the two earlier ones wrote: each ran once, on the workspace
      // the session's previous calls left (whichever worker ran them).
      const count = events.filter((e) => e.type === "user.tool_result").at(-1);
      expect(count.content[0].text.trim()).toBe("2");
      expect(events.filter((e) => e.type === "agent.message").at(-1).content[0].text).toContain("Done with");
      // The workspace is on the server at the end of the turn (the files API sees it).
      const file = await fetch(`${server.url}/api/v1/cloud/sessions/${id}/files/content?path=log.txt`, {
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(file.status).toBe(200);
      expect((await file.text()).trim().split("\n")).toHaveLength(2);
    }
    expect(ran).toHaveLength(calls);
    expect(new Set(ran.map((r) => r.worker)).size).toBe(2);
    const stats = (await api("GET", `/environments/${farm.environmentId}/work/stats`)).body;
    expect(stats).toMatchObject({ depth: 0, pending: 0, oldest_queued_at: null, workers_polling: 2 });
    expect(depths.at(-1)).toBe(0);
    // Every item was stopped by the worker that ended its turn.
    await waitFor(
      async () =>
        (await api("GET", `/environments/${farm.environmentId}/work?limit=100`)).body.data.every(
          (w: any) => w.state === "stopped",
        ),
      { what: "every item to be stopped", timeoutMs: 20_000, intervalMs: 50 },
    );
    for (const w of pair) {
      expect(await w.kill("SIGTERM")).toBe(0);
    }
  }, 180_000);

  it("SIGKILL in the middle of a command: the lease runs out, the other worker takes over and answers the cut call once, with an error", async () => {
    const farm = await selfHostedSetup(server.url, TOKEN);
    const first = await worker(farm.environmentId, farm.key, "k1", 10);
    const session = await startSession(server.url, TOKEN, farm.agentId, farm.environmentId, "TAG kill SLEEP 30");
    // The command is running when the item carries its mark.
    const item = await waitFor(
      async () => {
        const list = (await api("GET", `/environments/${farm.environmentId}/work`)).body.data;
        return list.find((w: any) => w.metadata?.running);
      },
      { what: "the bash call to be running on k1", timeoutMs: 30_000, intervalMs: 50 },
    );
    await first.kill("SIGKILL");
    const second = await worker(farm.environmentId, farm.key, "k2", 10);
    const events = await waitForTurnEnd(server.url, TOKEN, session, 60_000);
    const ledger = callLedger(events);
    expect(ledger.unanswered).toBe(0);
    expect(ledger.answeredTwice).toBe(0);
    const cut = ledger.uses.find((u) => u.id === item.metadata.running);
    expect(cut?.name).toBe("bash");
    const answers = events.filter((e) => e.type === "user.tool_result" && e.tool_use_id === cut.id);
    expect(answers).toHaveLength(1);
    expect(answers[0].is_error).toBe(true);
    expect(answers[0].content[0].text).toContain("interrupted");
    // Only that call is an error; the cut command was never run again (k2 ran the others).
    expect(ledger.errors.map((u) => u.id)).toEqual([cut.id]);
    expect(callsRun([second]).some((r) => r.tool_use_id === cut.id)).toBe(false);
    // The lease that ran out is counted.
    // k2 took the same item over and stopped it once the turn ended (after saving the workspace).
    await waitFor(
      async () => (await api("GET", `/environments/${farm.environmentId}/work/${item.id}`)).body.state === "stopped",
      { what: "k2 to stop the item", timeoutMs: 20_000, intervalMs: 50 },
    );
    const metrics = await (await fetch(`${server.url}/metrics`)).text();
    expect(metrics).toMatch(/cloud_agents_work_leases_lost [1-9]/);
    expect(await second.kill("SIGTERM")).toBe(0);
  }, 120_000);

  it("SIGTERM hands the item back at once; the next worker answers the cut command with an error", async () => {
    const farm = await selfHostedSetup(server.url, TOKEN);
    const first = await worker(farm.environmentId, farm.key, "t1");
    const session = await startSession(server.url, TOKEN, farm.agentId, farm.environmentId, "TAG term SLEEP 30");
    const item = await waitFor(
      async () => {
        const list = (await api("GET", `/environments/${farm.environmentId}/work`)).body.data;
        return list.find((w: any) => w.metadata?.running);
      },
      { what: "the bash call to be running on t1", timeoutMs: 30_000, intervalMs: 50 },
    );
    const before = Date.now();
    expect(await first.kill("SIGTERM")).toBe(0);
    const exitMs = Date.now() - before;
    // Back in the queue as soon as the worker is gone (its 90 s lease did not have to run out).
    const back = (await api("GET", `/environments/${farm.environmentId}/work/${item.id}`)).body;
    expect(back.state).toBe("queued");
    expect(exitMs).toBeLessThan(20_000);
    expect(first.logs().some((l) => l.msg === "work item done" && l.end === "released")).toBe(true);
    const second = await worker(farm.environmentId, farm.key, "t2");
    const events = await waitForTurnEnd(server.url, TOKEN, session, 60_000);
    const ledger = callLedger(events);
    expect(ledger.unanswered).toBe(0);
    expect(ledger.answeredTwice).toBe(0);
    expect(ledger.errors.map((u) => u.id)).toEqual([item.metadata.running]);
    expect(await second.kill("SIGTERM")).toBe(0);
  }, 120_000);

  it("a revoked key, or a key of another environment, is refused: the worker exits 1 saying so", async () => {
    const farm = await selfHostedSetup(server.url, TOKEN);
    const other = await selfHostedSetup(server.url, TOKEN);
    await api("POST", `/environments/${farm.environmentId}/keys/${farm.keyId}/revoke`);
    const revoked = await startWorker(server.url, farm.environmentId, farm.key, { id: "revoked" });
    workers.push(revoked);
    expect(await revoked.exited).toBe(1);
    expect(revoked.stderr()).toContain("refused the environment key (401)");
    const foreign = await startWorker(server.url, farm.environmentId, other.key, { id: "foreign" });
    workers.push(foreign);
    expect(await foreign.exited).toBe(1);
    expect(foreign.stderr()).toContain("refused the environment key (403)");
  }, 60_000);
});
