/**
 * Webhook delivery benchmark: the real service in-process (HTTP API, SQLite outbox, delivery loop)
 * and a local receiver on loopback. Bounded in count and time; stops by itself.
 *
 *   1. Sustained throughput: a backlog of events fanned out to 4 endpoints (held while the
 *      endpoints are disabled, released by enabling them) - deliveries per second to a 2xx receiver.
 *   0. Baseline: the same number of plain keep-alive POSTs of a similar body straight to the
 *      receiver at the same concurrency, with no service involved - what the machine can do.
 *   2. Latency: test events created through the API at a fixed rate (200/s for 10 s) -
 *      event `created_at` (written at commit) to arrival at the receiver, p50/p90/p99.
 *
 * Usage: npm run bench:delivery [-- --events 5000 --endpoints 4 --rate 200 --seconds 10]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { Agent, createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { systemClock } from "../server/clock.ts";
import { loadConfig } from "../server/config.ts";
import { createLogger } from "../server/logger.ts";
import { startService } from "../server/service.ts";
import { SqliteContext } from "../server/storage/sqlite/context.ts";
import { openDatabase } from "../server/storage/sqlite/index.ts";
import { appendEvent } from "../server/storage/sqlite/outbox.ts";

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const value = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
}

const EVENTS = arg("events", 5000);
const ENDPOINTS = arg("endpoints", 4);
const RATE = arg("rate", 200);
const SECONDS = arg("seconds", 10);
const DEADLINE_MS = 180_000;

/** Wall-clock milliseconds with sub-millisecond precision. */
const nowMs = () => performance.timeOrigin + performance.now();

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] as number;
}

const fmt = (n: number, digits = 1) => n.toFixed(digits);

async function main(): Promise<void> {
  const watchdog = setTimeout(() => {
    console.error(`bench-delivery: gave up after ${DEADLINE_MS / 1000} s`);
    process.exit(1);
  }, DEADLINE_MS);
  watchdog.unref();

  // --- the receiver: answers 200 at once, records arrival times by event id ---
  const arrivals = new Map<string, number>();
  let received = 0;
  let lastArrival = 0;
  const latencies: number[] = [];
  const receiver: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const at = nowMs();
      received++;
      lastArrival = at;
      const id = String(req.headers["webhook-id"]);
      if (!arrivals.has(id)) {
        arrivals.set(id, at);
        if (req.url === "/latency") {
          const envelope = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { created_at: string };
          latencies.push(at - Date.parse(envelope.created_at));
        }
      }
      res.writeHead(200, { "content-length": "0" });
      res.end();
    });
  });
  receiver.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;

  // --- the service ---
  const dataDir = mkdtempSync(join(tmpdir(), "cas-bench-delivery-"));
  const token = "bench_delivery_token_0123456789";
  const dbPath = join(dataDir, "bench.db");
  const config = loadConfig({
    PORT: "0",
    DATABASE_URL: `sqlite:${dbPath}`,
    CLOUD_AGENTS_BOOTSTRAP_TOKEN: token,
    WEBHOOK_ALLOW_PRIVATE_TARGETS: "true",
    LOG_LEVEL: "warn",
  });
  const service = await startService({ config, logger: createLogger("warn") });
  const api = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${service.url}/api/v1/cloud${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.status === 204 ? null : ((await res.json()) as Record<string, unknown>);
  };

  try {
    console.log(
      `Webhook delivery benchmark - node ${process.version}, ${availableParallelism()} CPUs, service and receiver in one process\n` +
        `config: concurrency ${config.webhook.concurrency}, per endpoint ${config.webhook.endpointConcurrency}, timeout ${config.webhook.timeoutMs} ms\n`,
    );

    // --- 0. baseline: plain POSTs to the same receiver, same concurrency, no service ---
    const total = EVENTS * ENDPOINTS;
    const body = JSON.stringify({
      id: "evt_01JD3Q3ZC8N0T5F4V8Y9W2K6M1",
      created_at: new Date().toISOString(),
      type: "event",
      data: { id: "sess_01JD3Q3ZC8N0T5F4V8Y9W2K6M1", type: "session.status_idled" },
    });
    const agent = new Agent({ keepAlive: true, maxSockets: config.webhook.concurrency });
    const post = (i: number) =>
      new Promise<void>((resolve, reject) => {
        const req = request(
          `${receiverUrl}/baseline`,
          {
            method: "POST",
            agent,
            headers: {
              "content-type": "application/json",
              "content-length": Buffer.byteLength(body),
              "webhook-id": `b${i}`,
            },
          },
          (res) => {
            res.resume();
            res.on("end", resolve);
          },
        );
        req.on("error", reject);
        req.end(body);
      });
    const baselineStart = nowMs();
    let next = 0;
    await Promise.all(
      Array.from({ length: config.webhook.concurrency }, async () => {
        while (next < total) await post(next++);
      }),
    );
    const baseline = total / ((nowMs() - baselineStart) / 1000);
    agent.destroy();
    arrivals.clear();
    console.log(
      `0. Baseline: ${total} plain keep-alive POSTs to the receiver, no service: ${fmt(baseline, 0)} requests/s\n`,
    );

    // --- 1. sustained throughput ---
    const endpoints: string[] = [];
    for (let i = 0; i < ENDPOINTS; i++) {
      const ep = await api("POST", "/webhook_endpoints", { url: `${receiverUrl}/throughput/${i}`, events: ["*"] });
      endpoints.push(String(ep?.id));
      await api("POST", `/webhook_endpoints/${ep?.id}/disable`);
    }
    // The backlog is written the way domain changes write events (appendEvent, fan-out in the same
    // transaction), on a second connection, while the endpoints are disabled: records are held.
    const account = service.deps.storage.accounts.findAccountByName("default");
    if (!account) throw new Error("no default account");
    const db = openDatabase(dbPath);
    const ctx = new SqliteContext(db, systemClock);
    const writeStart = nowMs();
    ctx.tx(() => {
      for (let i = 0; i < EVENTS; i++) {
        appendEvent(ctx, account.id, { id: `sess_BENCH${String(i).padStart(21, "0")}`, type: "session.status_idled" });
      }
    });
    db.close();
    console.log(
      `1. Throughput: ${EVENTS} events × ${ENDPOINTS} endpoints = ${total} deliveries ` +
        `(backlog written in ${fmt((nowMs() - writeStart) / 1000, 2)} s)`,
    );
    received = 0;
    const start = nowMs();
    for (const id of endpoints) await api("POST", `/webhook_endpoints/${id}/enable`);
    const marks: { at: number; n: number }[] = [];
    while (received < total) {
      await new Promise((r) => setTimeout(r, 20));
      marks.push({ at: nowMs(), n: received });
    }
    const elapsed = (lastArrival - start) / 1000;
    const rate = total / elapsed;
    // Steady state: between the samples where 10 % and 90 % of the deliveries had arrived.
    const lo = marks.find((m) => m.n >= total * 0.1);
    const hi = marks.find((m) => m.n >= total * 0.9);
    const steady = lo && hi && hi.at > lo.at ? (hi.n - lo.n) / ((hi.at - lo.at) / 1000) : rate;
    console.log(
      `   ${total} deliveries in ${fmt(elapsed, 2)} s: ${fmt(rate, 0)} deliveries/s (steady state ~${fmt(steady, 0)}/s)`,
    );
    console.log(`   ${fmt(rate / baseline, 2)} × the baseline (signing, SQLite claims and records, fan-out included)`);
    console.log(`   target >= 1000 deliveries/s: ${rate >= 1000 ? "met" : "NOT met"}\n`);
    for (const id of endpoints) await api("DELETE", `/webhook_endpoints/${id}`);

    // --- 2. latency at a fixed rate ---
    const ep = await api("POST", "/webhook_endpoints", { url: `${receiverUrl}/latency`, events: ["*"] });
    const count = Math.round(RATE * SECONDS);
    const eventIds: string[] = [];
    const calls: Promise<void>[] = [];
    const t0 = nowMs() + 50;
    for (let i = 0; i < count; i++) {
      const due = t0 + (i * 1000) / RATE;
      const wait = due - nowMs();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      calls.push(
        api("POST", `/webhook_endpoints/${ep?.id}/test`).then((r) => {
          eventIds.push(String(r?.event_id));
        }),
      );
    }
    const sendSpan = (nowMs() - t0) / 1000;
    await Promise.all(calls);
    while (eventIds.some((id) => !arrivals.has(id))) await new Promise((r) => setTimeout(r, 20));
    latencies.sort((a, b) => a - b);
    const p50 = percentile(latencies, 50);
    const p99 = percentile(latencies, 99);
    console.log(
      `2. Latency: ${count} events at ${RATE}/s (sent over ${fmt(sendSpan, 2)} s), event created_at → receipt:\n` +
        `   p50 ${fmt(p50)} ms, p90 ${fmt(percentile(latencies, 90))} ms, p99 ${fmt(p99)} ms, max ${fmt(latencies[latencies.length - 1] ?? Number.NaN)} ms` +
        ` (created_at has millisecond resolution)`,
    );
    console.log(`   targets p50 <= 20 ms and p99 <= 100 ms: ${p50 <= 20 && p99 <= 100 ? "met" : "NOT met"}`);
  } finally {
    await service.stop();
    await new Promise<void>((resolve) => {
      receiver.close(() => resolve());
      receiver.closeAllConnections();
    });
    rmSync(dataDir, { recursive: true, force: true });
    clearTimeout(watchdog);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
