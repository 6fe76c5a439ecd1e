/**
 * The processes the benchmark measures: the service as `npm start` runs it (the compiled build,
 * see scripts/build.ts) and the bare baselines of scripts/bench/bare.ts, each its own process on
 * a free port, on a copy of one seeded database.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

export const ROOT = resolve(import.meta.dirname, "../..");

/**
 * The node arguments of `npm start` (package.json "start", e.g. `node dist/launcher.js serve`): the
 * benchmark measures exactly what an operator runs. Its `prestart` step (the build) is run by
 * the suite before any section.
 */
export function serviceCommand(): string[] {
  const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> };
  const words = (pkg.scripts.start ?? "").trim().split(/\s+/);
  if (words[0] !== "node") throw new Error(`npm start must run node directly, it runs: ${pkg.scripts.start}`);
  return words.slice(1);
}

export interface BenchProcess {
  name: string;
  child: ChildProcess;
  /** http://127.0.0.1:PORT */
  base: string;
  /** Milliseconds from spawn to the first answer of `/healthz` (services) or the `listening` line (bare). */
  readyMs: number;
  /** The process's peak resident set so far, in MiB (VmHWM), or NaN off Linux. */
  peakRssMiB(): number;
  stop(): Promise<void>;
}

/** user + system CPU milliseconds of a process so far (Linux), NaN elsewhere. */
export function cpuMs(pid: number | undefined): number {
  try {
    const fields = (readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1] ?? "").split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

/** The machine's CPU time so far, busy and in all (jiffies, /proc/stat), or null off Linux. */
export function machineCpu(): { busy: number; total: number } | null {
  try {
    const fields = (readFileSync("/proc/stat", "utf8").split("\n")[0] ?? "").trim().split(/\s+/).slice(1).map(Number);
    const total = fields.reduce((a, b) => a + b, 0);
    // idle and iowait are the not-busy columns.
    return { busy: total - (fields[3] ?? 0) - (fields[4] ?? 0), total };
  } catch {
    return null;
  }
}

/** The share (0..1) of the machine's CPU that was busy since `before` (machineCpu()), NaN off Linux. */
export function machineBusySince(before: { busy: number; total: number } | null): number {
  const after = machineCpu();
  if (!before || !after || after.total === before.total) return Number.NaN;
  return (after.busy - before.busy) / (after.total - before.total);
}

export function peakRssMiB(pid: number | undefined): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1]);
    return kb / 1024;
  } catch {
    return Number.NaN;
  }
}

function track(name: string, child: ChildProcess) {
  let output = "";
  child.stdout?.on("data", (d: Buffer) => {
    output = (output + d.toString()).slice(-20_000);
  });
  child.stderr?.on("data", (d: Buffer) => {
    output = (output + d.toString()).slice(-20_000);
  });
  const exited = new Promise<void>((r) => child.once("exit", () => r()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    const killer = setTimeout(() => child.kill("SIGKILL"), 10_000);
    await exited;
    clearTimeout(killer);
  };
  const failed = () =>
    new Error(`${name} exited early (${child.exitCode ?? child.signalCode}):\n${output.slice(-4000)}`);
  return { output: () => output, stop, failed };
}

/** Polls `GET /healthz` until it answers 200. */
async function waitHealthy(base: string, isDead: () => boolean, onDead: () => Error, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (isDead()) throw onDead();
    const ok = await fetch(`${base}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`${base}/healthz did not answer within ${timeoutMs} ms`);
    await sleep(2);
  }
}

export interface ServiceOptions {
  dataDir: string;
  token: string;
  port: number;
  env?: Record<string, string>;
  nodeArgs?: string[];
  /** Default: what `npm start` runs (serviceCommand()). */
  command?: string[];
}

/** Starts the service as `npm start` does and resolves once `/healthz` answers. */
export async function startServiceProcess(options: ServiceOptions): Promise<BenchProcess> {
  const started = performance.now();
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), ...(options.command ?? serviceCommand())], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(options.port),
      HOST: "127.0.0.1",
      DATABASE_URL: `sqlite:${join(options.dataDir, "db.sqlite")}`,
      CLOUD_AGENTS_BOOTSTRAP_TOKEN: options.token,
      ...options.env,
    },
    // The service logs a JSON line per request (LOG_LEVEL=info, its default): discarded here, as
    // a log shipper reading the pipe would take it; errors still reach the run through stderr.
    stdio: ["ignore", "ignore", "pipe"],
  });
  const t = track("the service", child);
  const base = `http://127.0.0.1:${options.port}`;
  try {
    await waitHealthy(base, () => child.exitCode !== null || child.signalCode !== null, t.failed, 60_000);
  } catch (err) {
    await t.stop();
    throw err;
  }
  const readyMs = performance.now() - started;
  return { name: "service", child, base, readyMs, peakRssMiB: () => peakRssMiB(child.pid), stop: t.stop };
}

/** Starts a baseline of scripts/bench/bare.ts and resolves once it listens. */
export async function startBare(
  kind: "express" | "express-work" | "http",
  dbPath: string,
  bodyFile: string,
): Promise<BenchProcess> {
  const started = performance.now();
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/bench/bare.ts", kind, dbPath, bodyFile], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const t = track(`the bare ${kind} server`, child);
  const port = await new Promise<number>((resolvePort, reject) => {
    const onData = () => {
      const m = /listening (\d+)/.exec(t.output());
      if (m) {
        child.stdout?.off("data", onData);
        resolvePort(Number(m[1]));
      }
    };
    child.stdout?.on("data", onData);
    child.once("exit", () => reject(t.failed()));
  });
  const readyMs = performance.now() - started;
  return {
    name: `bare ${kind}`,
    child,
    base: `http://127.0.0.1:${port}`,
    readyMs,
    peakRssMiB: () => peakRssMiB(child.pid),
    stop: t.stop,
  };
}
