/**
 * The start-up section: milliseconds from spawning the service as `npm start` runs it (after its
 * build) to the first 200 of `GET /healthz`, on a data folder that has been served before (a
 * restart: migrations applied, vendor skills loaded, secret key made), and the CPU time the
 * process spent getting there. Baselines, interleaved run by run and timed the same way: a bare
 * Express 5 app answering `/healthz` (the framework the service is built on, from the same
 * node_modules) and a bare `node:http` process (what starting any Node server costs here right
 * now). At least 10 runs of each, medians.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../lib/serverProcess.ts";
import { BENCH_TOKEN } from "./api.ts";
import { type Figure, judged } from "./figure.ts";
import { seedDatabase } from "./seed.ts";
import { cpuMs, ROOT, startServiceProcess } from "./servers.ts";
import { median, round, sleep } from "./stats.ts";

const BARE = `require("node:http").createServer((q, s) => { s.writeHead(200, {"content-type": "application/json"}); s.end('{"status":"ok"}'); }).listen(Number(process.env.PORT), "127.0.0.1");`;

/** The bare Express 5 app: express.json() and one handler, as a minimal API server starts. */
const BARE_EXPRESS = `const express = require("express"); const app = express(); app.use(express.json()); app.get("/healthz", (q, s) => { s.json({ status: "ok" }); }); app.listen(Number(process.env.PORT), "127.0.0.1");`;

/** Milliseconds to the first answer of a bare process, and the CPU time it used until then. */
async function bareStart(script: string): Promise<{ ms: number; cpu: number }> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ["-e", script], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port) },
    stdio: "ignore",
  });
  try {
    for (;;) {
      const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return { ms: performance.now() - started, cpu: cpuMs(child.pid) };
      if (child.exitCode !== null) throw new Error(`the bare server exited with ${child.exitCode}`);
      await sleep(2);
    }
  } finally {
    child.kill("SIGKILL");
  }
}

export async function runStartupBench(options: { quick?: boolean; runs?: number } = {}): Promise<Figure[]> {
  const runs = Math.max(10, options.runs ?? 10);
  const dir = mkdtempSync(join(tmpdir(), "cas-bench-startup-"));
  try {
    await seedDatabase(join(dir, "data"), BENCH_TOKEN, 20);
    // The first start (migrations, vendor skills, secret key), then restarts.
    const firstPort = await freePort();
    const first = await startServiceProcess({ dataDir: join(dir, "data"), token: BENCH_TOKEN, port: firstPort });
    await first.stop();
    const service: number[] = [];
    const cpu: number[] = [];
    const express: { ms: number; cpu: number }[] = [];
    const bare: { ms: number; cpu: number }[] = [];
    for (let run = 0; run < runs; run++) {
      const s = await startServiceProcess({ dataDir: join(dir, "data"), token: BENCH_TOKEN, port: await freePort() });
      service.push(s.readyMs);
      cpu.push(cpuMs(s.child.pid));
      await s.stop();
      express.push(await bareStart(BARE_EXPRESS));
      bare.push(await bareStart(BARE));
    }
    const value = median(service);
    const expressMs = median(express.map((e) => e.ms));
    const expressCpu = median(express.map((e) => e.cpu));
    return [
      judged({
        section: "startup",
        name: "start-up to /healthz (restart)",
        value: round(value),
        unit: "ms",
        baseline: { name: "bare Express 5 app to its first answer", value: round(expressMs) },
        ratio: round(value / expressMs),
        target: { of: "value", op: "<=", value: 400 },
        note: `${runs} interleaved runs, medians; bare node:http process: ${round(median(bare.map((b) => b.ms)))} ms; the service used ${round(median(cpu))} ms of CPU to get there; first start on an empty folder: ${round(first.readyMs)} ms`,
      }),
      {
        section: "startup",
        name: "CPU time to /healthz (restart)",
        value: round(median(cpu)),
        unit: "ms",
        baseline: { name: "bare Express 5 app, CPU to its first answer", value: round(expressCpu) },
        ratio: round(median(cpu) / expressCpu),
        note: `user + system time of the process when /healthz first answered (less sensitive to a busy machine than wall time); bare node:http process: ${round(median(bare.map((b) => b.cpu)))} ms`,
      },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
