/**
 * Retention on a busy database (SQLite): the job meets the write lock held by another process
 * (as the CLI or a backup holds it) while API writes keep coming; it waits, tries again and
 * finishes, the process and the job never fail. Its deletes grow the WAL; while a reader holds an
 * old snapshot the checkpointer cannot truncate it, and once that reader leaves it does.
 */
import { statSync } from "node:fs";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RetentionJob } from "../../server/housekeeping/retention.ts";
import { newId } from "../../server/ids.ts";
import { StorageBusyError } from "../../server/storage/port/index.ts";
import { WAL_SIZE_LIMIT_BYTES, type WalCheckpointer } from "../../server/storage/sqlite/walCheckpointer.ts";
import { waitFor } from "../helpers/flows/waitFor.ts";
import { inProcess, type TestServer } from "../helpers/servers/server.ts";
import { onPostgres } from "../helpers/servers/testDatabase.ts";

const RECORDS = 20_000;

/** RECORDS settled delivery records 60 days old, each with an attempt and its own event. */
function seed(dbPath: string): void {
  const db = new Database(dbPath);
  db.pragma("busy_timeout = 5000");
  const account = db.prepare("SELECT id FROM accounts ORDER BY created_at LIMIT 1").get() as { id: string };
  const old = new Date(Date.now() - 60 * 86_400_000).toISOString();
  const event = db.prepare(
    "INSERT INTO events (id, account_id, kind, resource_id, payload, created_at) VALUES (?, ?, 'webhook.test', ?, '{}', ?)",
  );
  const delivery = db.prepare(
    `INSERT INTO webhook_deliveries (id, account_id, endpoint_id, event_seq, event_id, event_type, status,
       attempt_count, delivered_at, last_attempt_at, last_response_status, created_at, updated_at)
     VALUES (?, ?, 'wep_busy', ?, ?, 'webhook.test', 'succeeded', 1, ?, ?, 200, ?, ?)`,
  );
  const attempt = db.prepare(
    "INSERT INTO webhook_attempts (delivery_id, number, started_at, duration_ms, response_status) VALUES (?, 1, ?, 3, 200)",
  );
  db.transaction(() => {
    for (let i = 0; i < RECORDS; i++) {
      const eventId = newId("evt");
      const seq = Number(event.run(eventId, account.id, eventId, old).lastInsertRowid);
      const id = newId("whev");
      delivery.run(id, account.id, seq, eventId, old, old, old, old);
      attempt.run(id, old);
    }
  })();
  db.close();
}

const walBytes = (dbPath: string) => {
  try {
    return statSync(`${dbPath}-wal`).size;
  } catch {
    return 0;
  }
};

describe.skipIf(onPostgres)("retention on a busy database", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await inProcess({
      env: {
        RETENTION_DAYS: "30",
        RETENTION_BATCH_SIZE: "500",
        SQLITE_CHECKPOINT_INTERVAL_MS: "50",
      },
    });
  });
  afterAll(async () => {
    await server.stop();
  });

  it("waits out another process's write lock under API writes, finishes, and the WAL is truncated once no reader holds it", async () => {
    seed(server.dbPath);
    const job = server.service.workers.find((w) => w.name === "retention") as unknown as RetentionJob;
    // Count the batches that met the lock, as the job saw them (the job reads the method at each call).
    const housekeeping = server.service.deps.storage.housekeeping;
    const deleteBatch = housekeeping.deleteRetentionBatch.bind(housekeeping);
    let busy = 0;
    housekeeping.deleteRetentionBatch = async (...args) => {
      try {
        return await deleteBatch(...args);
      } catch (err) {
        if (err instanceof StorageBusyError) busy++;
        throw err;
      }
    };

    // A reader on an old snapshot: the WAL cannot be reset past it until it leaves.
    const reader = new Database(server.dbPath);
    reader.exec("BEGIN");
    expect(reader.prepare("SELECT count(*) AS n FROM webhook_deliveries").get()).toEqual({ n: RECORDS });
    // Another process takes the write lock, as `cloud-agents token create` or a backup would.
    const other = new Database(server.dbPath);
    other.exec("BEGIN IMMEDIATE");
    try {
      const run = job.runOnce();
      await waitFor(() => busy >= 3, { what: "the job to meet the lock three times" });
      other.exec("COMMIT");
      // API writes while the job deletes: each is answered, waiting for a batch at most (the job
      // yields between batches; SQLITE_BUSY_WAIT_MS is the default 5 s).
      let writing = true;
      const statuses: number[] = [];
      const writes = (async () => {
        let n = 0;
        while (writing) {
          const res = await server.request("POST", "/vaults", { body: { display_name: `during ${++n}` } });
          statuses.push(res.status);
        }
      })();
      const result = await run;
      writing = false;
      await writes;
      expect(statuses.length).toBeGreaterThan(0);
      expect(statuses.filter((s) => s !== 200)).toEqual([]);
      expect(result?.complete).toBe(true);
      expect(result?.busyRetries).toBeGreaterThanOrEqual(3);
      expect(result?.deleted.webhook_deliveries).toBe(RECORDS);
      expect(result?.deleted.webhook_attempts).toBe(RECORDS);
      expect(result?.deleted.events).toBe(RECORDS);
      expect(server.logs.filter((l) => l.level === "error")).toEqual([]);
      expect(server.logs.some((l) => l.msg === "retention: deleted settled records" && l.busy_retries === busy)).toBe(
        true,
      );

      // The deletes grew the WAL past its limit; the reader's snapshot keeps it.
      expect(walBytes(server.dbPath)).toBeGreaterThan(WAL_SIZE_LIMIT_BYTES);
      const checkpointer = server.service.deps.storage
        .maintenance()
        .find((m) => m.name === "wal-checkpointer") as unknown as WalCheckpointer;
      const triedAt = Date.now();
      await waitFor(
        () => {
          const t = checkpointer.lastTruncate;
          return checkpointer.lastTruncateAt > triedAt && t?.busy === 1 && t.afterBytes > WAL_SIZE_LIMIT_BYTES;
        },
        { what: "a truncation the reader keeps from finishing" },
      );
      expect(walBytes(server.dbPath)).toBeGreaterThan(WAL_SIZE_LIMIT_BYTES);
    } finally {
      if (other.inTransaction) other.exec("ROLLBACK");
      other.close();
      if (reader.inTransaction) reader.exec("COMMIT");
      reader.close();
    }
    // The reader has left: the next truncation goes through.
    await waitFor(() => walBytes(server.dbPath) <= WAL_SIZE_LIMIT_BYTES, {
      what: "the WAL to be truncated",
      timeoutMs: 20_000,
    });
    expect((await server.request("GET", "/vaults?limit=1")).status).toBe(200);
  }, 120_000);
});
