/**
 * Mixed-load run: the real server as its own process, N keep-alive connections issuing a mix of
 * reads and writes back to back for a fixed time, plus a `/healthz` probe on a fresh connection
 * every 100 ms from a process of its own (scripts/lib/healthProbe.ts). Prints throughput per 5-s
 * window, latency percentiles and the maximum, the probe's figures (whole, TCP connect, first
 * byte), the server's own event-loop delay warnings and this process's event-loop delay (the
 * keep-alive latencies include it). Bounded in time; stops by itself.
 *
 *   npm run load:mixed [-- --connections 200 --seconds 30 --warmup 5 --scenario mixed|one-session --seed 1]
 *
 * Scenarios: `mixed` spreads reads and writes over vaults, agents, sessions and their events
 * (with a webhook endpoint on a local receiver, so deliveries run too); `one-session` has every
 * connection post messages to the same session.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { Agent, createServer, type IncomingMessage, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { type ProbeReport, spawnProbe } from "./lib/healthProbe.ts";
import { prng } from "./lib/prng.ts";
import { startServerProcess } from "./lib/serverProcess.ts";

export interface LoadOptions {
  connections: number;
  seconds: number;
  /**
   * Seconds of the same load before measuring: every connection is open and the code is warm
   * (the first requests of a cold process run unoptimized code and compile the validators).
   */
  warmupSeconds?: number;
  scenario: "mixed" | "one-session";
  seed: number;
  /** Extra environment for the server process. */
  env?: Record<string, string>;
  /** Extra node flags for the server process (`--cpu-prof`, ...). */
  nodeArgs?: string[];
  /** Write everything the server printed to this file at the end (diagnostics). */
  serverLog?: string;
  /** Progress lines (default: none). */
  log?: (line: string) => void;
}

export interface LoadReport {
  scenario: string;
  connections: number;
  seconds: number;
  requests: number;
  /** Requests per second over the whole run. */
  throughput: number;
  /**
   * Webhook deliveries the local receiver got per second (scenario `mixed`): the server's
   * background work keeping up with the events the requests create, or not.
   */
  deliveriesPerSecond: number;
  /** Requests per second in each 5-s window. */
  windows: number[];
  statuses: Record<string, number>;
  /** Transport errors (no response). */
  errors: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number };
  /** The slowest operations, e.g. "POST /vaults 812 ms". */
  slowest: string[];
  /**
   * The longest wait of a load connection for its first answer, from the start of the warm-up
   * (a new connection waits in the server's listen queue until the server accepts it).
   */
  firstAnswerMaxMs: number;
  /** The fresh-connection `/healthz` probe, run from its own process during the measured seconds. */
  probe: ProbeReport;
  /** The server's `event loop delay` warnings: the largest max_ms it logged, and how many. */
  serverLoopDelay: { warnings: number; maxMs: number };
  /** This process's event-loop delay during the measured seconds (the latencies above include it). */
  generatorLoopDelay: { p99Ms: number; maxMs: number };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
}

interface Reply {
  status: number;
  body: string;
}

function call(
  agent: Agent,
  base: string,
  token: string | null,
  method: string,
  path: string,
  body?: unknown,
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const req = request(
      `${base}${path}`,
      {
        method,
        agent,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(payload ? { "content-type": "application/json", "content-length": String(payload.length) } : {}),
        },
      },
      (res: IncomingMessage) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

export async function runMixedLoad(options: LoadOptions): Promise<LoadReport> {
  const log = options.log ?? (() => {});
  const dataDir = mkdtempSync(join(tmpdir(), "cas-load-"));
  const token = `load_${randomBytes(16).toString("hex")}`;
  // Webhook deliveries received during the measured seconds (set once the run's times are known).
  let measuring = () => false;
  let deliveries = 0;
  const receiver: Server = createServer((req, res) => {
    if (measuring()) deliveries++;
    req.resume();
    req.on("end", () => {
      res.writeHead(200, { "content-length": "0" });
      res.end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  const server = await startServerProcess({
    env: {
      DATABASE_URL: `sqlite:${join(dataDir, "db.sqlite")}`,
      CLOUD_AGENTS_BOOTSTRAP_TOKEN: token,
      WEBHOOK_ALLOW_PRIVATE_TARGETS: "true",
      LOG_LEVEL: "warn",
      WEBHOOK_RETRY_BASE_MS: "1000",
      ...options.env,
    },
    ...(options.nodeArgs ? { nodeArgs: options.nodeArgs } : {}),
  });
  const api = "/api/v1/cloud";
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections });
  const setupCall = async (method: string, path: string, body?: unknown) => {
    const r = await call(agent, server.url, token, method, `${api}${path}`, body);
    if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${r.body}`);
    return JSON.parse(r.body) as { id: string };
  };
  try {
    // --- setup ---
    const env = await setupCall("POST", "/environments", { name: "load" });
    const echo = await setupCall("POST", "/agents", { name: "echo", model: "echo" });
    const sessions: string[] = [];
    for (let i = 0; i < (options.scenario === "one-session" ? 1 : 20); i++) {
      sessions.push((await setupCall("POST", "/sessions", { agent: echo.id, environment_id: env.id })).id);
    }
    const vaults: string[] = [];
    for (let i = 0; i < 20; i++) vaults.push((await setupCall("POST", "/vaults", { display_name: `v${i}` })).id);
    if (options.scenario === "mixed") {
      const port = (receiver.address() as AddressInfo).port;
      await setupCall("POST", "/webhook_endpoints", { url: `http://127.0.0.1:${port}/hook`, events: ["*"] });
    }

    const random = prng(options.seed);
    const pick = <T>(items: T[]): T => items[Math.floor(random() * items.length)] as T;
    const message = (text: string) => ({ events: [{ type: "user.message", content: [{ type: "text", text }] }] });
    type Op = [method: string, path: string, body?: unknown];
    const nextOp = (): Op => {
      if (options.scenario === "one-session") return ["POST", `/sessions/${sessions[0]}/events`, message("hi")];
      const r = random();
      if (r < 0.1) return ["GET", "/vaults?limit=20"];
      if (r < 0.2) return ["GET", "/sessions?limit=20"];
      if (r < 0.25) return ["GET", "/agents?limit=20"];
      if (r < 0.3) return ["GET", "/webhook_events?limit=20"];
      if (r < 0.4) return ["GET", `/vaults/${pick(vaults)}`];
      if (r < 0.45) return ["GET", `/sessions/${pick(sessions)}`];
      if (r < 0.55) return ["GET", `/sessions/${pick(sessions)}/events?limit=50`];
      if (r < 0.7) return ["POST", "/vaults", { display_name: "load", metadata: { n: String(r) } }];
      if (r < 0.8) return ["POST", `/vaults/${pick(vaults)}`, { metadata: { touched: String(r) } }];
      if (r < 0.95) return ["POST", `/sessions/${pick(sessions)}/events`, message(`m${r}`)];
      return ["POST", "/environments", { name: "load env" }];
    };

    // --- the run: warm-up (not recorded), then the measured seconds ---
    const latencies: number[] = [];
    const slow: { ms: number; what: string }[] = [];
    const statuses: Record<string, number> = {};
    let errors = 0;
    const warmupMs = (options.warmupSeconds ?? 5) * 1000;
    const runStart = performance.now();
    const started = runStart + warmupMs;
    const endAt = started + options.seconds * 1000;
    const wallStart = Date.now() + warmupMs;
    measuring = () => {
      const now = performance.now();
      return now >= started && now < endAt;
    };
    const windowCounts: number[] = [];
    const probe = spawnProbe(server.url, wallStart, wallStart + options.seconds * 1000);
    // Failing here would leave the probe's rejection unhandled until it is awaited below.
    probe.catch(() => {});
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    loopDelay.enable();
    const measureLoop = setTimeout(() => loopDelay.reset(), warmupMs);
    let firstAnswerMaxMs = 0;
    const worker = async () => {
      let first = true;
      while (performance.now() < endAt) {
        const measured = performance.now() >= started;
        const [method, path, body] = nextOp();
        const t0 = performance.now();
        try {
          const r = await call(agent, server.url, token, method, `${api}${path}`, body);
          if (first) firstAnswerMaxMs = Math.max(firstAnswerMaxMs, performance.now() - runStart);
          first = false;
          if (measured) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
          const created = method === "POST" && path === "/vaults" && r.status === 200;
          if (created && vaults.length < 2000) vaults.push((JSON.parse(r.body) as { id: string }).id);
        } catch {
          if (measured) errors++;
        }
        const t1 = performance.now();
        if (!measured) continue;
        const ms = t1 - t0;
        latencies.push(ms);
        const w = Math.floor((t1 - started) / 5000);
        windowCounts[w] = (windowCounts[w] ?? 0) + 1;
        if (ms > 250) slow.push({ ms, what: `${method} ${path.split("?")[0]?.replace(/_[0-9A-Z]{26}/g, "_*")}` });
      }
    };
    const progress = setInterval(() => {
      if (performance.now() < started) return;
      const w = windowCounts.length - 2;
      if (w >= 0) log(`  window ${w}: ${((windowCounts[w] ?? 0) / 5).toFixed(0)} req/s`);
    }, 5000);
    await Promise.all(Array.from({ length: options.connections }, worker));
    loopDelay.disable();
    clearTimeout(measureLoop);
    clearInterval(progress);
    const elapsed = (performance.now() - started) / 1000;
    const probeReport = await probe;
    errors += probeReport.errors;

    const sorted = latencies.sort((a, b) => a - b);
    // The server's warnings of the measured part only.
    const warnings = server
      .logs()
      .filter((l) => l.msg === "event loop delay" && Date.parse(String(l.time)) >= wallStart);
    const round = (n: number) => Math.round(n * 10) / 10;
    return {
      scenario: options.scenario,
      connections: options.connections,
      seconds: options.seconds,
      requests: latencies.length,
      throughput: Math.round(latencies.length / elapsed),
      deliveriesPerSecond: Math.round(deliveries / elapsed),
      windows: windowCounts.slice(0, Math.floor(options.seconds / 5)).map((n) => Math.round(n / 5)),
      statuses,
      errors,
      latencyMs: {
        p50: round(percentile(sorted, 50)),
        p90: round(percentile(sorted, 90)),
        p99: round(percentile(sorted, 99)),
        max: round(sorted.at(-1) ?? 0),
      },
      slowest: slow
        .sort((a, b) => b.ms - a.ms)
        .slice(0, 5)
        .map((s) => `${s.what} ${Math.round(s.ms)} ms`),
      firstAnswerMaxMs: round(firstAnswerMaxMs),
      probe: probeReport,
      serverLoopDelay: {
        warnings: warnings.length,
        maxMs: Math.max(0, ...warnings.map((w) => Number(w.max_ms) || 0)),
      },
      generatorLoopDelay: {
        p99Ms: round(loopDelay.count > 0 ? loopDelay.percentile(99) / 1e6 : 0),
        maxMs: round(loopDelay.count > 0 ? loopDelay.max / 1e6 : 0),
      },
    };
  } finally {
    agent.destroy();
    await server.kill("SIGTERM");
    if (options.serverLog) writeFileSync(options.serverLog, server.output());
    await new Promise<void>((r) => receiver.close(() => r()));
    receiver.closeAllConnections();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

async function main(): Promise<void> {
  const scenario = arg("scenario") ?? "mixed";
  if (scenario !== "mixed" && scenario !== "one-session") throw new Error("--scenario must be mixed or one-session");
  const options: LoadOptions = {
    connections: Number(arg("connections") ?? 200),
    seconds: Number(arg("seconds") ?? 30),
    scenario,
    seed: Number(arg("seed") ?? 1),
    warmupSeconds: Number(arg("warmup") ?? 5),
    log: (line) => console.log(line),
    // --profile DIR: a CPU profile of the server (open it in Chrome DevTools).
    ...(arg("profile") ? { nodeArgs: ["--cpu-prof", `--cpu-prof-dir=${arg("profile")}`] } : {}),
  };
  for (const [k, v] of Object.entries({ connections: options.connections, seconds: options.seconds })) {
    if (!Number.isInteger(v) || v <= 0) throw new Error(`--${k} must be a positive whole number`);
  }
  console.log(`mixed load: ${options.connections} connections, ${options.seconds} s, scenario ${scenario}`);
  const report = await runMixedLoad(options);
  console.log(JSON.stringify(report, null, 2));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
