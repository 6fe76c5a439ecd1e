/**
 * Benchmark of the retention job: how long does a large clean-up take, how long does one batch
 * hold the write lock, and what does it do to the latency of API writes made meanwhile?
 *
 * Starts the real service in-process (temporary data folder, real HTTP on a free port), seeds
 * N settled delivery records 60 days old (each with one attempt and its own outbox event) with
 * plain SQL on a second connection, then for each batch size: measures POST /vaults latency on an
 * idle server (the baseline, in the same run), runs the retention job while a client keeps
 * POSTing, and prints the batch durations and the latencies side by side.
 *
 *   npm run bench:retention [-- --records 100000 --requests 200]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { systemClock } from "../server/clock.ts";
import { loadConfig } from "../server/config.ts";
import { runRetention } from "../server/housekeeping/retention.ts";
import { newId } from "../server/ids.ts";
import { createLogger } from "../server/logger.ts";
import { startService } from "../server/service.ts";
import type { Storage } from "../server/storage/port.ts";

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const value = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name} must be a positive integer`);
  return value;
}

const RECORDS = arg("records", 100_000);
const REQUESTS = arg("requests", 200);
const BATCH_SIZES = [500, 5000];
const TOKEN = "bench-retention-token-0123456789";

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}
const stats = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { n: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1) ?? 0 };
};
const ms = (n: number) => `${n.toFixed(2)} ms`;

/** N settled (succeeded) delivery records from 60 days ago, each with an attempt and an event. */
function seed(dbPath: string, accountId: string, n: number): void {
  const db = new Database(dbPath);
  db.pragma("busy_timeout = 5000");
  const old = new Date(Date.now() - 60 * 86_400_000).toISOString();
  const event = db.prepare(
    "INSERT INTO events (id, account_id, kind, resource_id, payload, created_at) VALUES (?, ?, 'webhook.test', ?, '{}', ?)",
  );
  const delivery = db.prepare(
    `INSERT INTO webhook_deliveries (id, account_id, endpoint_id, event_seq, event_id, event_type, status,
       attempt_count, delivered_at, last_attempt_at, last_response_status, created_at, updated_at)
     VALUES (?, ?, 'wep_bench', ?, ?, 'webhook.test', 'succeeded', 1, ?, ?, 200, ?, ?)`,
  );
  const attempt = db.prepare(
    "INSERT INTO webhook_attempts (delivery_id, number, started_at, duration_ms, response_status) VALUES (?, 1, ?, 3, 200)",
  );
  db.transaction(() => {
    for (let i = 0; i < n; i++) {
      const eventId = newId("evt");
      const seq = Number(event.run(eventId, accountId, eventId, old).lastInsertRowid);
      const id = newId("whev");
      delivery.run(id, accountId, seq, eventId, old, old, old, old);
      attempt.run(id, old);
    }
  })();
  db.close();
}

/** The storage with every retention step's batches timed. */
function timed(storage: Storage, durations: number[]): Storage {
  const steps = storage.housekeeping.retentionSteps().map((step) => ({
    ...step,
    deleteBatch(cutoff: string, limit: number) {
      const started = performance.now();
      const result = step.deleteBatch(cutoff, limit);
      durations.push(performance.now() - started);
      return result;
    },
  }));
  return { ...storage, housekeeping: { ...storage.housekeeping, retentionSteps: () => steps } };
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "cas-bench-retention-"));
  const dbPath = join(dir, "db.sqlite");
  const config = loadConfig({
    PORT: "0",
    DATABASE_URL: `sqlite:${dbPath}`,
    CLOUD_AGENTS_BOOTSTRAP_TOKEN: TOKEN,
    RETENTION_CRON: "0 0 1 1 *", // the bench runs the job itself
  });
  const service = await startService({ config, logger: createLogger("warn") });
  const storage = service.deps.storage;
  const accountId = storage.accounts.findAccountByName("default")?.id ?? "";
  let vaults = 0;
  const post = async () => {
    const started = performance.now();
    const res = await fetch(`${service.url}/api/v1/cloud/vaults`, {
      method: "POST",
      headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify({ display_name: `bench ${++vaults}` }),
    });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`POST /vaults answered ${res.status}`);
    return performance.now() - started;
  };

  try {
    console.log(`Retention of ${RECORDS.toLocaleString("en")} settled delivery records (+ attempts, + events)\n`);
    console.log(
      "| batch size | batches | total | batch p50 | batch max | POST /vaults idle p50 / p99 / max | during retention p50 / p99 / max (n) |",
    );
    console.log("|---|---|---|---|---|---|---|");
    for (const batchSize of BATCH_SIZES) {
      seed(dbPath, accountId, RECORDS);
      for (let i = 0; i < 20; i++) await post(); // warm-up
      const idle: number[] = [];
      for (let i = 0; i < REQUESTS; i++) idle.push(await post());

      const batches: number[] = [];
      const during: number[] = [];
      let done = false;
      const started = performance.now();
      const job = runRetention({ storage: timed(storage, batches), clock: systemClock, days: 30, batchSize }).then(
        (r) => {
          done = true;
          return r;
        },
      );
      while (!done) during.push(await post());
      const result = await job;
      const total = performance.now() - started;
      if (result.deleted.webhook_deliveries !== RECORDS || result.deleted.events !== RECORDS) {
        throw new Error(`unexpected result ${JSON.stringify(result.deleted)}`);
      }
      const b = stats(batches);
      const i = stats(idle);
      const d = stats(during);
      console.log(
        `| ${batchSize} | ${result.batches} | ${(total / 1000).toFixed(2)} s | ${ms(b.p50)} | ${ms(b.max)} | ` +
          `${ms(i.p50)} / ${ms(i.p99)} / ${ms(i.max)} | ${ms(d.p50)} / ${ms(d.p99)} / ${ms(d.max)} (${d.n}) |`,
      );
    }
  } finally {
    await service.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
