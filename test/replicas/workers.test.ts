/**
 * Self-hosted work across replicas (issue 36): two server processes on one fresh PostgreSQL
 * database, two `cloud-agents worker` processes (each talking to a different replica), one
 * self-hosted environment, and ten sessions started round-robin on the two replicas. Every
 * built-in call is answered once and run by exactly one worker (no item served twice at once,
 * none lost), every turn ends, the queue drains. The figures are printed for the closing note.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
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
import { freshPostgresDatabase } from "../helpers/servers/postgres.ts";
import { requireSandboxPrograms } from "../helpers/servers/requires.ts";
import { killAllServers, type ServerProcess, serverProcess } from "../helpers/servers/server.ts";

// The workers run their calls in the sandbox: without its programs this file skips (and fails under CI=true).
const skip = requireSandboxPrograms();

const TOKEN = `cas_${"r".repeat(40)}`;
const SESSIONS = 10;
let model: LoopbackModel;
const dataDirs: string[] = [];
const replicas: ServerProcess[] = [];
const workers: WorkerProcess[] = [];

beforeAll(async () => {
  if (skip) return;
  model = await loopbackModel();
  plannedTurns(model);
  const env = {
    ...model.env,
    DATABASE_URL: await freshPostgresDatabase(),
    CLOUD_AGENTS_SECRET_KEY: randomBytes(32).toString("base64"),
    RUN_POLL_INTERVAL_MS: "50",
  };
  for (let i = 0; i < 2; i++) {
    const dataDir = mkdtempSync(join(tmpdir(), `cas-replica-workers-${i}-`));
    dataDirs.push(dataDir);
    replicas.push(await serverProcess({ token: TOKEN, env: { ...env, DATA_DIR: dataDir } }));
  }
}, 120_000);
afterAll(async () => {
  for (const w of workers) if (w.child.exitCode === null) await w.kill("SIGKILL");
  await killAllServers();
  await model?.close();
  for (const d of [...dataDirs, ...workers.map((w) => w.workDir)]) rmSync(d, { recursive: true, force: true });
});

it.skipIf(skip !== null)(
  `two replicas on PostgreSQL, two workers, ${SESSIONS} sessions: no call run twice, none lost, every turn ended`,
  async () => {
    const [a, b] = replicas as [ServerProcess, ServerProcess];
    const farm = await selfHostedSetup(a.url, TOKEN);
    workers.push(await startWorker(a.url, farm.environmentId, farm.key, { id: "pg-w1" }));
    workers.push(await startWorker(b.url, farm.environmentId, farm.key, { id: "pg-w2" }));
    const started = performance.now();
    const sessions = await Promise.all(
      Array.from({ length: SESSIONS }, (_, i) =>
        startSession((i % 2 ? b : a).url, TOKEN, farm.agentId, farm.environmentId, `TAG p${i}`),
      ),
    );
    for (const [i, id] of sessions.entries()) await waitForTurnEnd((i % 2 ? a : b).url, TOKEN, id, 120_000);
    const elapsedMs = performance.now() - started;
    const ran = callsRun(workers);
    let calls = 0;
    let twice = 0;
    let lost = 0;
    for (const id of sessions) {
      const ledger = callLedger(await allEvents(a.url, TOKEN, id));
      calls += ledger.uses.length;
      lost += ledger.unanswered;
      twice += ledger.answeredTwice;
      expect(ledger.uses).toHaveLength(5);
      expect(ledger.errors).toEqual([]);
      for (const u of ledger.uses) expect(ran.filter((r) => r.tool_use_id === u.id)).toHaveLength(1);
    }
    const stats = (await call(b.url, TOKEN, "GET", `/environments/${farm.environmentId}/work/stats`)).body;
    const perWorker = [0, 1].map((w) => ran.filter((r) => r.worker === w).length);
    console.log(
      `replicas + workers (postgres): ${SESSIONS} sessions, ${calls} calls in ${Math.round(elapsedMs)} ms; run once each: ${ran.length}; answered twice: ${twice}; unanswered: ${lost}; by worker: ${perWorker.join(" / ")}; queue depth after: ${stats.depth}`,
    );
    expect(ran).toHaveLength(calls);
    expect(twice).toBe(0);
    expect(lost).toBe(0);
    expect(stats).toMatchObject({ depth: 0, pending: 0 });
    for (const w of workers) expect(await w.kill("SIGTERM")).toBe(0);
  },
  240_000,
);
