/**
 * The delivery section of `npm run bench` (and `npm run bench:delivery` on its own): the real
 * server (`cloud-agents serve`, its own process) delivering to a webhook receiver in a third
 * process, against baselines measured in the same run, A/B interleaved, 3 runs, medians.
 *
 *   - Drain rate to 1 and to 10 endpoints: a backlog of events held by disabled endpoints, released
 *     by enabling them, until the receiver has every delivery - against plain `node:http`
 *     keep-alive POSTs of the same body and headers to the same receiver at the same concurrency
 *     (per endpoint for one endpoint, overall for ten).
 *   - Event-to-receipt latency at a steady 200 events/s: `POST /agents` sent open-loop, from the
 *     event's `created_at` (written in its transaction) to its arrival at the receiver.
 *   - The API's event rate: `POST /agents` closed-loop, without any endpoint and with 10 live
 *     endpoints receiving every event (each event is 10 deliveries).
 *   - On PostgreSQL (informational, when the suite gives it a server; scripts/bench/postgres.ts): the
 *     drain rate to 10 endpoints with one service process, and with two on one database both
 *     draining the shared backlog, against the same raw POSTs interleaved with them. These run
 *     last, after the SQLite server has stopped.
 *
 * Usage: npm run bench:delivery [-- --quick] [-- --only drain,latency,api] [-- --env NAME=value ...]
 * BENCH_CPU_PROF_DIR=dir profiles the server (node --cpu-prof, one file per thread).
 */
import { type ChildProcess, fork } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { Agent, request } from "node:http";
import { availableParallelism, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { systemClock } from "../../server/clock.ts";
import { loadConfig } from "../../server/config/loadConfig.ts";
import { openStorage } from "../../server/storage/open.ts";
import { createPool, PgContext, PgHub } from "../../server/storage/postgres/context.ts";
import { appendEvent as appendPostgresEvent } from "../../server/storage/postgres/outbox.ts";
import { SqliteContext } from "../../server/storage/sqlite/context.ts";
import { openDatabase, openExistingSqliteStorage } from "../../server/storage/sqlite/index.ts";
import { appendEvent } from "../../server/storage/sqlite/outbox.ts";
import { type ServerProcess, startServerProcess } from "../lib/serverProcess.ts";
import { type Figure, judged } from "./figure.ts";
import { type BenchPostgres, postgresEnv, postgresSuffix, REPLICA_COUNTS, skippedFigures } from "./postgres.ts";
import type { ReceiverReply, ReceiverRequest } from "./receiver.ts";
import { round } from "./stats.ts";

export type DeliveryBenchPart = "drain" | "latency" | "api";

export interface DeliveryBenchOptions {
  /** Smaller backlogs and shorter windows (a few seconds per figure); still 3 interleaved runs. */
  quick?: boolean;
  /** Only these parts (all by default). */
  only?: DeliveryBenchPart[];
  /** Progress lines (stderr by default). */
  log?: (line: string) => void;
  /** Extra environment of the server (to compare settings, e.g. WEBHOOK_THREAD=false). */
  serverEnv?: Record<string, string>;
  /** The suite's PostgreSQL server (or why there is none): adds the PostgreSQL drain figures. */
  postgres?: BenchPostgres | null;
}

/**
 * Writes a drain run's backlog: `events` events in one transaction, the way domain changes write
 * them (appendEvent fans each out to the account's subscribed endpoints, here the disabled drain
 * endpoints, which hold their records), on a connection of its own.
 */
type BacklogWriter = (accountId: string, events: number, run: number) => Promise<void>;

const drainEvent = (run: number, i: number) =>
  ({ id: `sess_DRAIN${String(run * 1_000_000 + i).padStart(21, "0")}`, type: "session.status_idled" }) as const;

function sqliteBacklog(dbPath: string): BacklogWriter {
  return async (accountId, events, run) => {
    const db = openDatabase(dbPath);
    try {
      const ctx = new SqliteContext(db, systemClock);
      ctx.tx(() => {
        for (let i = 0; i < events; i++) appendEvent(ctx, accountId, drainEvent(run, i));
      });
    } finally {
      db.close();
    }
  };
}

function postgresBacklog(url: string): BacklogWriter {
  return async (accountId, events, run) => {
    const pool = createPool({ url, poolSize: 1, applicationName: "cloud-agents-bench" });
    try {
      const ctx = new PgContext(new PgHub(pool, systemClock));
      await ctx.tx(async (tx) => {
        for (let i = 0; i < events; i++) await appendPostgresEvent(tx, accountId, drainEvent(run, i));
      });
    } finally {
      await pool.end();
    }
  };
}

const SECTION = "delivery";
const RUNS = 3;
const API = "/api/v1/cloud";
const LATENCY_RATE = 200;
const API_CONCURRENCY = 16;
const LIVE_ENDPOINTS = 10;

/** Wall-clock milliseconds with sub-millisecond precision (comparable across processes). */
const nowMs = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] as number;
}

/** A step of setting up the benchmark failed: says which, and why (the server's own words when it died). */
export class SeedError extends Error {
  constructor(step: string, cause: string) {
    super(`delivery bench: ${step} failed: ${cause}`);
    this.name = "SeedError";
  }
}

/** The receiver process and its IPC requests. */
class Receiver {
  private nextId = 1;
  private readonly waiting = new Map<number, (reply: ReceiverReply) => void>();
  private constructor(
    private readonly child: ChildProcess,
    readonly url: string,
  ) {
    child.on("message", (reply: ReceiverReply) => {
      if (reply.type === "ready") return;
      const resolve = this.waiting.get(reply.id);
      this.waiting.delete(reply.id);
      resolve?.(reply);
    });
  }

  static async start(): Promise<Receiver> {
    const child = fork(resolve(import.meta.dirname, "receiver.ts"), [], {
      execArgv: ["--import", "tsx"],
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    const port = await new Promise<number>((res, rej) => {
      const timer = setTimeout(() => rej(new SeedError("starting the receiver", "no answer within 30 s")), 30_000);
      child.once("exit", (code, signal) =>
        rej(new SeedError("starting the receiver", `it exited (${code ?? signal})`)),
      );
      child.on("message", (m: ReceiverReply) => {
        if (m.type === "ready") {
          clearTimeout(timer);
          res(m.port);
        }
      });
    });
    return new Receiver(child, `http://127.0.0.1:${port}`);
  }

  mark(): void {
    this.child.send({ type: "mark" } satisfies ReceiverRequest);
  }

  /** Resolves with the wall-clock time at which `count` requests had arrived since the mark. */
  reached(count: number, timeoutMs: number, what: string): Promise<number> {
    return this.ask<Extract<ReceiverReply, { type: "reached" }>>({ type: "watch", count }, timeoutMs, what).then(
      (r) => r.at,
    );
  }

  latencies(): Promise<number[]> {
    return this.ask<Extract<ReceiverReply, { type: "latencies" }>>({ type: "latencies" }, 10_000, "latencies").then(
      (r) => r.values,
    );
  }

  stop(): void {
    this.child.kill();
  }

  private ask<T extends ReceiverReply>(
    message: { type: "watch"; count: number } | { type: "latencies" },
    timeoutMs: number,
    what: string,
  ): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((res, rej) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        rej(new Error(`delivery bench: ${what} did not happen within ${timeoutMs / 1000} s`));
      }, timeoutMs);
      this.waiting.set(id, (reply) => {
        clearTimeout(timer);
        res(reply as T);
      });
      this.child.send({ ...message, id } as ReceiverRequest);
    });
  }
}

interface HttpReply {
  status: number;
  body: string;
}

/** One request over a keep-alive agent (node:http: the lightest client, so the load costs the bench little). */
function call(agent: Agent, url: string, method: string, headers: Record<string, string>, body?: string) {
  return new Promise<HttpReply>((res, rej) => {
    const req = request(
      url,
      {
        method,
        agent,
        headers: body === undefined ? headers : { ...headers, "content-length": String(Buffer.byteLength(body)) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (c: Buffer) => chunks.push(c));
        response.on("end", () =>
          res({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }),
        );
        response.on("error", rej);
      },
    );
    req.on("error", rej);
    req.end(body);
  });
}

/** Describes a failed request: the error code and message, and its cause when it wraps one. */
function describe(err: unknown): string {
  const e = err as NodeJS.ErrnoException & { cause?: unknown };
  const own = `${e?.code ? `${e.code}: ` : ""}${e?.message ?? String(err)}`;
  return e?.cause ? `${own} (${describe(e.cause)})` : own;
}

export async function runDeliveryBench(options: DeliveryBenchOptions = {}): Promise<Figure[]> {
  const quick = options.quick ?? false;
  const parts = new Set<DeliveryBenchPart>(options.only ?? ["drain", "latency", "api"]);
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const defaults = loadConfig({}).webhook;
  const figures: Figure[] = [];

  const dataDir = mkdtempSync(join(tmpdir(), "cas-bench-delivery-"));
  const token = `bench_${randomBytes(12).toString("hex")}`;
  const profileDir = process.env.BENCH_CPU_PROF_DIR;
  if (profileDir) mkdirSync(profileDir, { recursive: true });
  let receiver: Receiver | null = null;
  let server: ServerProcess | null = null;
  /** The replicas besides `server` (the PostgreSQL drain with two): they drain, the API calls go to `server`. */
  const others: ServerProcess[] = [];
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  // The set-up calls (endpoints, enable, disable) each take a new connection: a socket idle through a
  // backlog write outlives the server's keep-alive timeout (5 s), and reusing it as the server closes
  // it was answered ECONNRESET (seen once in a full run, at the 10-endpoint enable).
  const control = new Agent({ keepAlive: false });

  /** Why the server is gone, when it is: its exit and the end of its output. */
  const serverDeath = (): string | null => {
    const child = server?.child;
    if (!child || (child.exitCode === null && child.signalCode === null)) return null;
    return `the server exited (${child.exitCode ?? child.signalCode}); its last output:\n${server?.output().slice(-2000)}`;
  };

  /** A setup call to the API: any failure names the step and its cause, never a bare ECONNRESET. */
  const api = async (step: string, method: string, path: string, body?: unknown): Promise<Record<string, unknown>> => {
    if (!server) throw new SeedError(step, "the server is not running");
    let reply: HttpReply;
    try {
      reply = await call(
        control,
        `${server.url}${API}${path}`,
        method,
        { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
        body === undefined ? undefined : JSON.stringify(body),
      );
    } catch (err) {
      await sleep(200);
      throw new SeedError(step, serverDeath() ?? `${method} ${path}: ${describe(err)}`);
    }
    if (reply.status >= 300) throw new SeedError(step, `${method} ${path} answered ${reply.status}: ${reply.body}`);
    return reply.status === 204 ? {} : (JSON.parse(reply.body) as Record<string, unknown>);
  };

  const createEndpoint = async (step: string, path: string, events: string[]) =>
    String((await api(step, "POST", "/webhook_endpoints", { url: `${receiver?.url}${path}`, events })).id);
  const deleteEndpoints = async (ids: string[]) => {
    for (const id of ids) await api("deleting an endpoint", "DELETE", `/webhook_endpoints/${id}`);
  };

  try {
    receiver = await Receiver.start();
    try {
      server = await startServerProcess({
        env: {
          DATABASE_URL: `sqlite:${join(dataDir, "db.sqlite")}`,
          CLOUD_AGENTS_BOOTSTRAP_TOKEN: token,
          WEBHOOK_ALLOW_PRIVATE_TARGETS: "true",
          LOG_LEVEL: "warn",
          ...options.serverEnv,
        },
        nodeArgs: profileDir ? ["--cpu-prof", "--cpu-prof-dir", resolve(profileDir)] : [],
      });
    } catch (err) {
      throw new SeedError("starting the server", describe(err));
    }
    log(
      `delivery bench: node ${process.version}, ${availableParallelism()} CPUs; server, receiver and load in three processes; ` +
        `WEBHOOK_CONCURRENCY ${defaults.concurrency}, per endpoint ${defaults.endpointConcurrency}${quick ? "; quick" : ""}`,
    );

    const envelope = JSON.stringify({
      id: "evt_01JD3Q3ZC8N0T5F4V8Y9W2K6M1",
      created_at: new Date().toISOString(),
      type: "event",
      data: { id: "sess_BENCH000000000000000000001", type: "session.status_idled" },
    });
    // The headers a delivery carries (content-type, user-agent, id, type, timestamp, signature).
    const headers = {
      "content-type": "application/json",
      "user-agent": "CloudAgents-Webhook/0.1.0",
      "webhook-id": "evt_01JD3Q3ZC8N0T5F4V8Y9W2K6M1",
      "webhook-event-type": "session.status_idled",
      "webhook-timestamp": String(Math.floor(Date.now() / 1000)),
      "webhook-signature": `v1,${randomBytes(32).toString("base64")}`,
    };

    const baseline = async (total: number, concurrency: number): Promise<number> => {
      const posts = new Agent({ keepAlive: true, maxSockets: concurrency });
      const target = receiver as Receiver;
      target.mark();
      const start = nowMs();
      let next = 0;
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (next < total) {
            next++;
            const r = await call(posts, `${target.url}/baseline`, "POST", headers, envelope);
            if (r.status !== 200) throw new Error(`baseline POST answered ${r.status}`);
          }
        }),
      );
      const end = nowMs();
      posts.destroy();
      return total / ((end - start) / 1000);
    };

    /** One drain of `total` deliveries to `endpoints` endpoints through the running server(s): deliveries/s. */
    const drain = async (
      writeBacklog: BacklogWriter,
      accountId: string,
      total: number,
      endpoints: number,
      run: number,
    ): Promise<number> => {
      const ids: string[] = [];
      for (let i = 0; i < endpoints; i++) {
        const id = await createEndpoint("creating a drain endpoint", `/drain/${i}`, ["session.status_idled"]);
        await api("disabling a drain endpoint", "POST", `/webhook_endpoints/${id}/disable`);
        ids.push(id);
      }
      try {
        await writeBacklog(accountId, total / endpoints, run);
      } catch (err) {
        throw new SeedError("writing the backlog", describe(err));
      }
      const target = receiver as Receiver;
      target.mark();
      const start = nowMs();
      const done = target.reached(total, 300_000, `the drain of ${total} deliveries to ${endpoints} endpoint(s)`);
      await Promise.all(ids.map((id) => api("enabling a drain endpoint", "POST", `/webhook_endpoints/${id}/enable`)));
      const end = await done;
      await deleteEndpoints(ids);
      return total / ((end - start) / 1000);
    };

    interface DrainCase {
      endpoints: number;
      concurrency: number;
      total: number;
    }
    const cases: DrainCase[] = [
      { endpoints: 1, concurrency: defaults.endpointConcurrency, total: quick ? 2000 : 6000 },
      {
        endpoints: 10,
        concurrency: Math.min(defaults.concurrency, 10 * defaults.endpointConcurrency),
        total: quick ? 6000 : 20_000,
      },
    ];

    /** Drain runs interleaved with raw POSTs (A/B, alternating which goes first), medians. */
    const measureDrain = async (c: DrainCase, writeBacklog: BacklogWriter, accountId: string, label: string) => {
      const service: number[] = [];
      const raw: number[] = [];
      // Warm both paths up (JIT, sockets, database pages) before measuring.
      await baseline(Math.min(1000, c.total), c.concurrency);
      await drain(writeBacklog, accountId, Math.min(1000, c.total), c.endpoints, 0);
      for (let run = 1; run <= RUNS; run++) {
        if (run % 2 === 1) {
          raw.push(await baseline(c.total, c.concurrency));
          service.push(await drain(writeBacklog, accountId, c.total, c.endpoints, run));
        } else {
          service.push(await drain(writeBacklog, accountId, c.total, c.endpoints, run));
          raw.push(await baseline(c.total, c.concurrency));
        }
        log(
          `  drain to ${c.endpoints} endpoint(s)${label}, run ${run}: service ${service.at(-1)?.toFixed(0)}/s, raw ${raw.at(-1)?.toFixed(0)}/s`,
        );
      }
      const value = median(service);
      const base = median(raw);
      return {
        section: SECTION,
        unit: "deliveries/s",
        value: Math.round(value),
        baseline: {
          name: `raw node:http keep-alive POSTs, same body, concurrency ${c.concurrency}`,
          value: Math.round(base),
        },
        ratio: round(value / base),
        note: `${c.total} deliveries per run, ${RUNS} runs interleaved, medians (service: ${service.map((v) => v.toFixed(0)).join(", ")}; raw: ${raw.map((v) => v.toFixed(0)).join(", ")})`,
      };
    };
    const drainName = (c: DrainCase) => `drain rate to ${c.endpoints} endpoint${c.endpoints > 1 ? "s" : ""}`;

    if (parts.has("drain")) {
      const dbPath = join(dataDir, "db.sqlite");
      const storage = openExistingSqliteStorage({ path: dbPath, clock: systemClock });
      const account = await storage.accounts.findAccountByName("default");
      await storage.close();
      if (!account) throw new SeedError("finding the default account", "the server did not create it");
      for (const c of cases) {
        const shape = await measureDrain(c, sqliteBacklog(dbPath), account.id, "");
        figures.push(judged({ ...shape, name: drainName(c), target: { of: "ratio", op: ">=", value: 0.75 } }));
        if (c.endpoints === 10) {
          figures.push(
            judged({
              ...shape,
              name: "drain rate to 10 endpoints, absolute",
              target: { of: "value", op: ">=", value: 3000 },
            }),
          );
        }
      }
    }

    const agentBody = JSON.stringify({ name: "bench agent", model: "echo" });
    const postAgent = () =>
      call(
        agent,
        `${server?.url}${API}/agents`,
        "POST",
        { authorization: `Bearer ${token}`, "content-type": "application/json" },
        agentBody,
      );

    if (parts.has("latency")) {
      const id = await createEndpoint("creating the latency endpoint", "/latency", ["agent.created"]);
      const seconds = quick ? 2 : 5;
      const p50s: number[] = [];
      const p99s: number[] = [];
      const target = receiver as Receiver;
      for (let run = 0; run <= RUNS; run++) {
        target.mark();
        await target.latencies();
        const count = LATENCY_RATE * (run === 0 ? 1 : seconds);
        const calls: Promise<HttpReply>[] = [];
        const t0 = nowMs() + 20;
        for (let i = 0; i < count; i++) {
          const wait = t0 + (i * 1000) / LATENCY_RATE - nowMs();
          if (wait > 0) await sleep(wait);
          calls.push(postAgent());
        }
        const replies = await Promise.all(calls).catch((err: unknown) => {
          throw new SeedError("sending POST /agents at 200/s", serverDeath() ?? describe(err));
        });
        const bad = replies.find((r) => r.status !== 200);
        if (bad) throw new SeedError("sending POST /agents at 200/s", `answered ${bad.status}: ${bad.body}`);
        await target.reached(count, 60_000, `the receipt of ${count} latency events`);
        const values = await target.latencies();
        // Run 0 warms up.
        if (run === 0) continue;
        p50s.push(percentile(values, 50));
        p99s.push(percentile(values, 99));
        log(`  latency run ${run}: p50 ${p50s.at(-1)?.toFixed(1)} ms, p99 ${p99s.at(-1)?.toFixed(1)} ms`);
      }
      await deleteEndpoints([id]);
      const note = `POST /agents open-loop at ${LATENCY_RATE}/s for ${seconds} s per run, 1 endpoint; event created_at (ms resolution) to receipt; median of ${RUNS} runs (${p99s.map((v) => v.toFixed(1)).join(", ")} for p99)`;
      figures.push(
        judged({
          section: SECTION,
          name: "event-to-receipt p50 at 200 events/s",
          value: round(median(p50s)),
          unit: "ms",
          note,
        }),
        judged({
          section: SECTION,
          name: "event-to-receipt p99 at 200 events/s",
          value: round(median(p99s)),
          unit: "ms",
          target: { of: "value", op: "<=", value: 20 },
          note,
        }),
      );
    }

    if (parts.has("api")) {
      const seconds = quick ? 2 : 5;
      const target = receiver as Receiver;
      /** POST /agents closed-loop for `seconds` (after a short warm-up): events per second, and how many were sent. */
      const load = async (): Promise<{ rate: number; sent: number }> => {
        let sent = 0;
        let counted = 0;
        let counting = false;
        let stop = false;
        const workers = Array.from({ length: API_CONCURRENCY }, async () => {
          while (!stop) {
            const r = await postAgent();
            if (r.status !== 200) throw new SeedError("POST /agents under load", `answered ${r.status}: ${r.body}`);
            sent++;
            if (counting) counted++;
          }
        });
        const failed = Promise.all(workers).catch((err: unknown) => {
          stop = true;
          throw err instanceof SeedError
            ? err
            : new SeedError("POST /agents under load", serverDeath() ?? describe(err));
        });
        await Promise.race([sleep(500), failed]);
        counting = true;
        const start = nowMs();
        await Promise.race([sleep(seconds * 1000), failed]);
        counting = false;
        const end = nowMs();
        stop = true;
        await failed;
        return { rate: counted / ((end - start) / 1000), sent };
      };
      const without: number[] = [];
      const withLive: number[] = [];
      const lags: number[] = [];
      const measureWith = async () => {
        const ids: string[] = [];
        for (let i = 0; i < LIVE_ENDPOINTS; i++) {
          ids.push(await createEndpoint("creating a live endpoint", `/live/${i}`, ["agent.created"]));
        }
        target.mark();
        const { rate, sent } = await load();
        const stopped = nowMs();
        const drained = await target.reached(
          sent * LIVE_ENDPOINTS,
          300_000,
          `the receipt of ${sent * LIVE_ENDPOINTS} deliveries`,
        );
        lags.push((drained - stopped) / 1000);
        await deleteEndpoints(ids);
        return rate;
      };
      await load(); // warm-up
      for (let run = 1; run <= RUNS; run++) {
        if (run % 2 === 1) {
          without.push((await load()).rate);
          withLive.push(await measureWith());
        } else {
          withLive.push(await measureWith());
          without.push((await load()).rate);
        }
        log(
          `  API event rate, run ${run}: with ${LIVE_ENDPOINTS} live endpoints ${withLive.at(-1)?.toFixed(0)}/s, without ${without.at(-1)?.toFixed(0)}/s; ` +
            `deliveries done ${lags.at(-1)?.toFixed(2)} s after the load stopped`,
        );
      }
      const value = median(withLive);
      const base = median(without);
      figures.push(
        judged({
          section: SECTION,
          name: `API event rate (POST /agents) with ${LIVE_ENDPOINTS} live endpoints`,
          value: Math.round(value),
          unit: "events/s",
          baseline: { name: "the same load without endpoints", value: Math.round(base) },
          ratio: round(value / base),
          target: { of: "ratio", op: ">=", value: 0.8 },
          note: `${API_CONCURRENCY} concurrent clients for ${seconds} s per run, ${RUNS} runs interleaved, medians; every event delivered to each endpoint, the last ${lags.map((l) => l.toFixed(2)).join(" / ")} s after the load stopped`,
        }),
      );
    }
    if (parts.has("drain") && options.postgres) {
      const tenEndpoints = cases.find((c) => c.endpoints === 10) as DrainCase;
      if ("skipped" in options.postgres) {
        figures.push(...skippedFigures(SECTION, [drainName(tenEndpoints)], options.postgres.skipped));
      } else {
        // The SQLite server stops: the PostgreSQL replicas get the machine to themselves.
        await server?.kill("SIGTERM");
        server = null;
        for (const replicas of REPLICA_COUNTS) {
          const label = postgresSuffix(replicas);
          const url = await options.postgres.server.createDatabase(`delivery_replicas_${replicas}`);
          const env = { LOG_LEVEL: "warn", ...options.serverEnv, ...postgresEnv(options.postgres, url) };
          try {
            // One after the other: the first migrates the new database and creates the account.
            for (let i = 0; i < replicas; i++) {
              try {
                const replica = await startServerProcess({
                  env: { CLOUD_AGENTS_BOOTSTRAP_TOKEN: token, WEBHOOK_ALLOW_PRIVATE_TARGETS: "true", ...env },
                });
                if (i === 0) server = replica;
                else others.push(replica);
              } catch (err) {
                throw new SeedError(`starting replica ${i + 1} of ${replicas} on PostgreSQL`, describe(err));
              }
            }
            const storage = await openStorage(loadConfig(env), { clock: systemClock, migrate: false });
            const account = await storage.accounts.findAccountByName("default");
            await storage.close();
            if (!account) throw new SeedError("finding the default account", "the server did not create it");
            const shape = await measureDrain(tenEndpoints, postgresBacklog(url), account.id, label);
            figures.push({
              ...shape,
              name: `${drainName(tenEndpoints)}${label}`,
              note: `${replicas === 1 ? "one service process" : `${replicas} service processes on one database, all draining the shared backlog (the API calls go to the first)`}, PostgreSQL 15 on the same machine; ${shape.note}`,
            });
          } finally {
            await Promise.all([server?.kill("SIGTERM"), ...others.map((o) => o.kill("SIGTERM"))]);
            server = null;
            others.length = 0;
          }
        }
      }
    }
    return figures;
  } finally {
    agent.destroy();
    control.destroy();
    await server?.kill("SIGTERM");
    for (const other of others) await other.kill("SIGTERM");
    receiver?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The figures as a plain table. */
export function formatFigures(figures: Figure[]): string {
  const rows = figures.map((f) => [
    f.name,
    `${Number.isInteger(f.value) ? f.value : f.value.toFixed(1)} ${f.unit}`,
    f.baseline ? `${f.baseline.value} (${f.baseline.name})` : "",
    f.ratio === undefined ? "" : `${f.ratio.toFixed(2)}×`,
    f.target ? `${f.target.of} ${f.target.op} ${f.target.value}: ${f.met ? "met" : "NOT met"}` : "",
  ]);
  const header = ["figure", "value", "baseline", "ratio", "target"];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] as string).length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] as number)).join("  ");
  return [line(header), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)].join("\n");
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const argv = process.argv.slice(2);
  const only = argv.includes("--only") ? argv[argv.indexOf("--only") + 1]?.split(",") : undefined;
  const serverEnv = Object.fromEntries(
    argv.flatMap((a, i) => (a === "--env" ? [(argv[i + 1] ?? "").split(/=(.*)/s).slice(0, 2)] : [])),
  ) as Record<string, string>;
  runDeliveryBench({ quick: argv.includes("--quick"), only: only as DeliveryBenchPart[] | undefined, serverEnv }).then(
    (figures) => {
      console.log(formatFigures(figures));
      for (const f of figures) if (f.note) console.log(`- ${f.name}: ${f.note}`);
    },
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}
