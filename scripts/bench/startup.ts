/**
 * The start-up section: milliseconds from spawning the service as `npm start` runs it (after its
 * build) to the first 200 of `GET /healthz`, on a data folder that has been served before (a
 * restart: migrations applied, vendor skills loaded, secret key made), and the CPU time the
 * process spent getting there. Baseline, interleaved run by run: a bare `node:http` process that
 * answers `/healthz`, timed the same way (what starting any Node server costs here right now).
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../lib/serverProcess.ts";
import { BENCH_TOKEN } from "./api.ts";
import { type Figure, judged } from "./figure.ts";
import { seedDatabase } from "./seed.ts";
import { cpuMs, startServiceProcess } from "./servers.ts";
import { median, round, sleep } from "./stats.ts";

const BARE = `require("node:http").createServer((q, s) => { s.writeHead(200, {"content-type": "application/json"}); s.end('{"status":"ok"}'); }).listen(Number(process.env.PORT), "127.0.0.1");`;

async function bareStart(): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ["-e", BARE], { env: { ...process.env, PORT: String(port) }, stdio: "ignore" });
  try {
    for (;;) {
      const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return performance.now() - started;
      if (child.exitCode !== null) throw new Error(`the bare server exited with ${child.exitCode}`);
      await sleep(2);
    }
  } finally {
    child.kill("SIGKILL");
  }
}

export async function runStartupBench(options: { quick?: boolean; runs?: number } = {}): Promise<Figure[]> {
  const runs = Math.max(3, options.runs ?? 5);
  const dir = mkdtempSync(join(tmpdir(), "cas-bench-startup-"));
  try {
    await seedDatabase(join(dir, "data"), BENCH_TOKEN, 20);
    // The first start (migrations, vendor skills, secret key), then restarts.
    const firstPort = await freePort();
    const first = await startServiceProcess({ dataDir: join(dir, "data"), token: BENCH_TOKEN, port: firstPort });
    await first.stop();
    const service: number[] = [];
    const cpu: number[] = [];
    const bare: number[] = [];
    for (let run = 0; run < runs; run++) {
      const s = await startServiceProcess({ dataDir: join(dir, "data"), token: BENCH_TOKEN, port: await freePort() });
      service.push(s.readyMs);
      cpu.push(cpuMs(s.child.pid));
      await s.stop();
      bare.push(await bareStart());
    }
    const value = median(service);
    return [
      judged({
        section: "startup",
        name: "start-up to /healthz (restart)",
        value: round(value),
        unit: "ms",
        baseline: { name: "bare node:http process to its first answer", value: round(median(bare)) },
        ratio: round(value / median(bare)),
        target: { of: "value", op: "<=", value: 400 },
        note: `${runs} interleaved runs, medians; the service used ${round(median(cpu))} ms of CPU to get there; first start on an empty folder: ${round(first.readyMs)} ms`,
      }),
      {
        section: "startup",
        name: "CPU time to /healthz (restart)",
        value: round(median(cpu)),
        unit: "ms",
        note: "user + system time of the service process when /healthz first answered (less sensitive to a busy machine than wall time)",
      },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
