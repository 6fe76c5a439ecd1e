/**
 * `npm run bench:tools`: what the sandbox costs. In one run, on this machine:
 * - a bare `bash -c true` spawn (the floor), and the same command through the bubblewrap sandbox
 *   (its proxy, namespaces, seccomp and filesystem layout): the sandbox's overhead per call, p50/p99;
 * - built-in tool calls per second across 20 concurrent sessions (bash and the file tools mixed);
 * - the server process's RSS per active session while they run.
 * Target: sandbox overhead p50 ≤ 30 ms.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { callBuiltin } from "../../server/agents/tools/toolset.ts";
import type { ToolContext } from "../../server/agents/tools/types.ts";
import { createSandbox } from "../../server/sandbox/create.ts";
import { SessionUids } from "../../server/sandbox/identity.ts";
import { missingPrograms } from "../../server/sandbox/programs.ts";
import { Workspaces } from "../../server/sandbox/workspace.ts";

const CALLS = 60;
const SESSIONS = 20;
const ROUNDS = 6;

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

function bare(): Promise<number> {
  const t = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    const child = spawn("bash", ["-c", "true"], { stdio: "ignore" });
    child.on("error", reject);
    child.on("close", () => resolve(Number(process.hrtime.bigint() - t) / 1e6));
  });
}

async function main(): Promise<void> {
  const missing = missingPrograms();
  if (missing.length > 0) {
    console.log(
      `bench:tools skipped: ${missing.join(", ")} not installed (apt-get install bubblewrap socat ripgrep util-linux)`,
    );
    return;
  }
  const dataDir = mkdtempSync(join(tmpdir(), "bench-tools-"));
  // As the server would: per-session uids when this process is root (sandbox/identity.ts).
  const uidBase = 1_000_000_000;
  const sandbox = await createSandbox(
    {
      mode: "bubblewrap",
      defaultTimeoutMs: 30_000,
      maxTimeoutMs: 60_000,
      workspaceMaxBytes: 1024 ** 3,
      memoryMaxBytes: 2 * 1024 ** 3,
      maxProcesses: 256,
      snapshotMaxBytes: 1024 ** 3,
      allowPrivateTargets: false,
      uidBase,
      uidCount: 65_536,
    },
    dataDir,
    [dataDir],
  );
  const uids =
    sandbox.status.identity?.model === "session-uid"
      ? new SessionUids(join(dataDir, "sandbox-uids"), { base: uidBase, count: 65_536 })
      : null;
  const workspaces = new Workspaces(join(dataDir, "workspaces"), 1024 ** 3, null, uids);
  console.log(`identity: ${JSON.stringify(sandbox.status.identity)}`);
  try {
    const ws = await workspaces.open("sess_bench");
    const owner = await workspaces.owner("sess_bench");
    const signal = new AbortController().signal;
    const exec = async () => {
      const t = process.hrtime.bigint();
      const r = await sandbox.exec({
        owner,
        workspace: ws,
        command: "true",
        timeoutMs: 30_000,
        env: {},
        network: { type: "unrestricted" },
        signal,
      });
      if (r.exit_code !== 0) throw new Error(`sandboxed true failed: ${r.output} ${r.failure}`);
      return Number(process.hrtime.bigint() - t) / 1e6;
    };
    // Warm-up, then alternate so both see the same machine.
    await bare();
    await exec();
    const bareMs: number[] = [];
    const sandboxMs: number[] = [];
    for (let i = 0; i < CALLS; i++) {
      bareMs.push(await bare());
      sandboxMs.push(await exec());
    }
    const overhead50 = pct(sandboxMs, 50) - pct(bareMs, 50);
    const overhead99 = pct(sandboxMs, 99) - pct(bareMs, 99);

    const contexts: ToolContext[] = [];
    for (let i = 0; i < SESSIONS; i++) {
      contexts.push({
        workspace: await workspaces.open(`sess_${i}`),
        owner: await workspaces.owner(`sess_${i}`),
        skills: null,
        sandbox,
        env: {},
        network: { type: "limited", allowed_hosts: [] },
        limits: {
          defaultTimeoutMs: 30_000,
          maxTimeoutMs: 60_000,
          workspaceMaxBytes: 1024 ** 3,
          fileToolTimeoutMs: 30_000,
          allowPrivateTargets: false,
        },
        // One signal per session, as each turn has its own in the server (a signal shared by all
        // sessions would carry 20 abort listeners at once).
        signal: new AbortController().signal,
      });
    }
    const rssBefore = process.memoryUsage().rss;
    let peakRss = rssBefore;
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
    }, 20);
    let calls = 0;
    const started = Date.now();
    await Promise.all(
      contexts.map(async (ctx, i) => {
        for (let round = 0; round < ROUNDS; round++) {
          const results = [
            await callBuiltin("write", { path: `notes/${round}.txt`, content: `session ${i} round ${round}\n` }, ctx),
            await callBuiltin("bash", { command: `cat notes/${round}.txt | wc -c` }, ctx),
            await callBuiltin("read", { path: `notes/${round}.txt` }, ctx),
            await callBuiltin("grep", { pattern: `round ${round}` }, ctx),
            await callBuiltin("glob", { pattern: "notes/*.txt" }, ctx),
          ];
          calls += results.length;
          const failed = results.find((r) => r.is_error);
          if (failed) throw new Error(`a tool call failed: ${failed.content[0]?.text}`);
        }
      }),
    );
    const seconds = (Date.now() - started) / 1000;
    clearInterval(sampler);
    const rows = [
      ["bare `bash -c true` spawn p50 / p99", `${pct(bareMs, 50).toFixed(1)} / ${pct(bareMs, 99).toFixed(1)} ms`],
      ["sandboxed `true` p50 / p99", `${pct(sandboxMs, 50).toFixed(1)} / ${pct(sandboxMs, 99).toFixed(1)} ms`],
      [
        "sandbox overhead per call p50 / p99",
        `${overhead50.toFixed(1)} / ${overhead99.toFixed(1)} ms (target p50 ≤ 30 ms: ${overhead50 <= 30 ? "met" : "missed"})`,
      ],
      [
        `built-in tool calls/s, ${SESSIONS} concurrent sessions`,
        `${(calls / seconds).toFixed(1)} (${calls} calls in ${seconds.toFixed(1)} s)`,
      ],
      [
        "RSS per active session",
        `${((peakRss - rssBefore) / SESSIONS / 1024 / 1024).toFixed(2)} MiB (peak ${(peakRss / 1024 / 1024).toFixed(0)} MiB, before ${(rssBefore / 1024 / 1024).toFixed(0)} MiB)`,
      ],
    ];
    for (const [k, v] of rows) console.log(`${(k ?? "").padEnd(48)} ${v}`);
  } finally {
    await sandbox.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
