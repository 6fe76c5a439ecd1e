/**
 * The retention section (formerly bench:retention): how long does a large clean-up take, how
 * long does one batch hold the write lock, and what does it do to API writes made meanwhile?
 * The real service in-process; N settled delivery records 60 days old (each with one attempt
 * and its own outbox event) are seeded with plain SQL on a second connection; then, for each
 * batch size, POST /vaults latency on the idle server (the baseline, same run) and while the
 * retention job runs.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { Pool } from "undici";
import { systemClock } from "../../server/clock.ts";
import { loadConfig } from "../../server/config/loadConfig.ts";
import { runRetention } from "../../server/housekeeping/retention.ts";
import { newId } from "../../server/ids.ts";
import { createLogger } from "../../server/logger.ts";
import { startService } from "../../server/service.ts";
import type { Storage } from "../../server/storage/port/index.ts";
import type { Figure } from "./figure.ts";
import { step } from "./seed.ts";
import { percentile, round } from "./stats.ts";

const BATCH_SIZES = [500, 5000];
const TOKEN = "bench-retention-token-0123456789";

const stats = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { n: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1) ?? 0 };
};

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
  const housekeeping = storage.housekeeping;
  return {
    ...storage,
    housekeeping: {
      ...housekeeping,
      async deleteRetentionBatch(table: string, cutoff: string, limit: number) {
        const started = performance.now();
        const result = await housekeeping.deleteRetentionBatch(table, cutoff, limit);
        durations.push(performance.now() - started);
        return result;
      },
    },
  };
}

export async function runRetentionBench(options: { quick?: boolean } = {}): Promise<Figure[]> {
  const records = options.quick ? 10_000 : 100_000;
  const requests = options.quick ? 50 : 200;
  const dir = mkdtempSync(join(tmpdir(), "cas-bench-retention-"));
  const dbPath = join(dir, "db.sqlite");
  const config = loadConfig({
    PORT: "0",
    DATABASE_URL: `sqlite:${dbPath}`,
    CLOUD_AGENTS_BOOTSTRAP_TOKEN: TOKEN,
    RETENTION_CRON: "0 0 1 1 *", // the bench runs the job itself
    LOG_LEVEL: "warn",
  });
  const service = await startService({ config, logger: createLogger("warn") });
  const storage = service.deps.storage;
  const accountId = (await storage.accounts.findAccountByName("default"))?.id ?? "";
  let vaults = 0;
  // Its own connection pool (not the process-wide one of fetch, which may still hold a socket to
  // an earlier section's server that listened on the same port).
  const pool = new Pool(service.url, { connections: 1 });
  const post = async () => {
    const started = performance.now();
    const res = await pool.request({
      method: "POST",
      path: "/api/v1/cloud/vaults",
      headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify({ display_name: `bench ${++vaults}` }),
    });
    const text = await res.body.text();
    if (res.statusCode !== 200) throw new Error(`POST /vaults answered ${res.statusCode}: ${text.slice(0, 300)}`);
    return performance.now() - started;
  };
  const figures: Figure[] = [];
  try {
    for (const batchSize of BATCH_SIZES) {
      await step(`seeding ${records} settled delivery records`, () => seed(dbPath, accountId, records));
      for (let i = 0; i < 20; i++) await post(); // warm-up
      const idle: number[] = [];
      for (let i = 0; i < requests; i++) idle.push(await post());
      const batches: number[] = [];
      const during: number[] = [];
      // A request that fails while the job runs is counted and named, not fatal to the section.
      const failures: string[] = [];
      let done = false;
      const started = performance.now();
      const job = runRetention({ storage: timed(storage, batches), clock: systemClock, days: 30, batchSize }).then(
        (r) => {
          done = true;
          return r;
        },
      );
      while (!done) {
        try {
          during.push(await post());
        } catch (err) {
          const code = (err as { code?: string }).code ?? (err as { cause?: { code?: string } }).cause?.code;
          failures.push(code ?? (err instanceof Error ? err.message : String(err)));
        }
      }
      const result = await job;
      const total = performance.now() - started;
      if (result.deleted.webhook_deliveries !== records || result.deleted.events !== records) {
        throw new Error(`retention deleted ${JSON.stringify(result.deleted)}, expected ${records} of each`);
      }
      const b = stats(batches);
      const i = stats(idle);
      const d = stats(during);
      const what = `${records.toLocaleString("en")} settled deliveries (+ attempts, + events), batch ${batchSize}`;
      figures.push(
        {
          section: "retention",
          name: `retention of ${what}: total`,
          value: round(total / 1000),
          unit: "s",
          note: `${result.batches} batches (${result.busyRetries} tried again after meeting the write lock), batch p50 ${round(b.p50)} ms, max ${round(b.max)} ms`,
        },
        {
          section: "retention",
          name: `POST /vaults p99 during retention, batch ${batchSize}`,
          value: round(d.p99),
          unit: "ms",
          baseline: { name: "the same requests on the idle server", value: round(i.p99) },
          ratio: round(d.p99 / i.p99),
          note:
            `p50 ${round(d.p50)} ms (idle ${round(i.p50)} ms), max ${round(d.max)} ms (idle ${round(i.max)} ms), ${d.n} requests during the job` +
            (failures.length ? `; ${failures.length} failed (${[...new Set(failures)].join(", ")})` : ""),
        },
      );
    }
    return figures;
  } finally {
    await pool.close();
    await service.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
