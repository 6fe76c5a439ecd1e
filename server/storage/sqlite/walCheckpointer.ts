/**
 * Checkpoints the SQLite write-ahead log on a worker thread with its own connection, and keeps
 * the WAL file bounded under sustained writes.
 *
 * By default SQLite checkpoints inside the commit that crosses `wal_autocheckpoint` pages: the
 * committing request copies the WAL back into the database and fsyncs it, on the event loop,
 * stalling every other request for as long as that takes (and longer as the database grows).
 * The server's connection turns automatic checkpoints off, and this worker checkpoints instead:
 *
 * - Every interval, a PASSIVE checkpoint: it never waits for (nor blocks) the server's reads and
 *   writes. On its own that is not enough: SQLite starts the WAL over only when a checkpoint has
 *   copied every frame and no commit came in between, which under a steady stream of writes
 *   never happens, so the file grows without end (1.8 GB after 25 s of 32 writing clients).
 * - When the WAL file is over `WAL_SIZE_LIMIT_BYTES` (looked at every 100 ms), right after a
 *   PASSIVE pass has copied the bulk of it, a TRUNCATE checkpoint under the process's write lock
 *   (WriteLock, shared with the server's and the delivery thread's connections): it copies only
 *   the few frames committed since, waits briefly for readers to leave the WAL, and truncates the
 *   file to zero. A write of the server that meets the lock meanwhile waits for it as it waits
 *   for the delivery thread's transactions (up to its busy timeout, then it is retried
 *   asynchronously), never for the bulk of the copy.
 * - Every connection also sets `journal_size_limit` (sqlite/index.ts): whenever a writer starts
 *   the WAL over, it cuts the file back to that size.
 *
 * Should the worker die, the server's connection gets automatic checkpoints back, so the WAL
 * never grows without bound.
 */

import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import type Database from "better-sqlite3";
import type { WorkerHealth } from "../../background/backgroundWorker.ts";
import type { StorageMaintenance } from "../port/index.ts";

export interface CheckpointerOptions {
  /** The database file. */
  path: string;
  /** The server's connection (its automatic checkpoints are turned off while the worker runs). */
  db: Database.Database;
  intervalMs: number;
  /**
   * The process's write lock (WriteLock's shared cell), taken around the TRUNCATE checkpoint so
   * that it orders with the server's and the delivery thread's writes; null: SQLite's locks only.
   */
  writeLock?: SharedArrayBuffer | null;
  /** Called with a problem worth a log line (the WAL keeps growing, the worker failed). */
  onProblem: (message: string, fields: Record<string, unknown>) => void;
}

/**
 * The size the WAL file is brought back to: a TRUNCATE checkpoint runs once it is larger, and
 * every connection's `journal_size_limit` is this.
 */
export const WAL_SIZE_LIMIT_BYTES = 4 * 1024 * 1024;
/** Pages of WAL (4 KiB each) over which a checkpoint that cannot catch up is reported: 64 MiB. */
const WAL_WARN_PAGES = 16_384;
/** SQLite's default, restored when the worker is not running. */
const AUTOCHECKPOINT_PAGES = 1000;
/** How often the worker looks at the WAL file's size. */
const SIZE_POLL_MS = 100;
/** The checkpointer's side of the write lock (the server's is 1, the delivery thread's 2). */
const CHECKPOINT_WRITER = 3;
/** How long the worker waits for the write lock before giving the truncation up until next time. */
const LOCK_WAIT_MS = 1000;
/** How long the TRUNCATE checkpoint waits for readers still in the WAL (holding the lock). */
const READER_WAIT_MS = 50;

// The worker's code: plain JavaScript, so it runs the same under node, tsx and vitest.
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const { statSync } = require("node:fs");
const Database = require(workerData.driver);
const db = new Database(workerData.path);
db.pragma("busy_timeout = " + workerData.readerWaitMs);
db.pragma("journal_size_limit = " + workerData.limitBytes);
const wal = workerData.path + "-wal";
const lock = workerData.writeLock ? new Int32Array(workerData.writeLock) : null;
function walBytes() {
  try { return statSync(wal).size; } catch { return 0; }
}
function acquire() {
  if (!lock) return true;
  const deadline = Date.now() + workerData.lockWaitMs;
  for (;;) {
    const holder = Atomics.compareExchange(lock, 0, 0, workerData.owner);
    if (holder === 0) return true;
    const left = deadline - Date.now();
    if (left <= 0) return false;
    Atomics.wait(lock, 0, holder, left);
  }
}
function release() {
  if (lock && Atomics.compareExchange(lock, 0, workerData.owner, 0) === workerData.owner) Atomics.notify(lock, 0);
}
let lastPass = 0;
let nextTruncate = 0;
function checkpoint(final) {
  lastPass = Date.now();
  try {
    const [row] = db.pragma("wal_checkpoint(PASSIVE)");
    parentPort.postMessage({ type: "checkpoint", ...row });
    const before = walBytes();
    if (before <= workerData.limitBytes || (!final && Date.now() < nextTruncate)) return;
    const t0 = Date.now();
    if (!acquire()) {
      nextTruncate = Date.now() + workerData.intervalMs;
      parentPort.postMessage({ type: "truncate", busy: 1, log: row.log, checkpointed: row.checkpointed, before, after: before, heldMs: 0 });
      return;
    }
    const locked = Date.now();
    let truncated;
    try {
      [truncated] = db.pragma("wal_checkpoint(TRUNCATE)");
    } finally {
      release();
    }
    // A truncation that could not finish (a reader stayed in the WAL) is tried again next interval.
    nextTruncate = truncated.busy ? Date.now() + workerData.intervalMs : 0;
    parentPort.postMessage({ type: "truncate", ...truncated, before, after: walBytes(), waitedMs: locked - t0, heldMs: Date.now() - locked });
  } catch (err) {
    parentPort.postMessage({ type: "error", message: String(err && err.message || err) });
  }
}
const timer = setInterval(() => {
  if (Date.now() - lastPass >= workerData.intervalMs || (Date.now() >= nextTruncate && walBytes() > workerData.limitBytes)) {
    checkpoint(false);
  }
}, Math.min(workerData.intervalMs, workerData.pollMs));
parentPort.on("message", (m) => {
  if (m === "stop") {
    clearInterval(timer);
    checkpoint(true);
    db.close();
    parentPort.close();
  }
});
`;

/** What the worker reports after each checkpoint (SQLite's row, plus the file sizes of a truncation). */
interface WorkerMessage {
  type: "checkpoint" | "truncate" | "error";
  busy?: number;
  log?: number;
  checkpointed?: number;
  before?: number;
  after?: number;
  heldMs?: number;
  message?: string;
}

export class WalCheckpointer implements StorageMaintenance {
  readonly name = "wal-checkpointer";
  private worker: Worker | null = null;
  private exited: Promise<void> = Promise.resolve();
  private warned = false;
  /** The last PASSIVE checkpoint's figures, for tests and diagnostics. */
  last: { busy: number; log: number; checkpointed: number } | null = null;
  /** The last truncation's figures: the WAL file's size before and after, and how long it held the lock. */
  lastTruncate: { busy: number; beforeBytes: number; afterBytes: number; heldMs: number } | null = null;
  /** When lastTruncate was reported (ms since the epoch; 0 before the first). */
  lastTruncateAt = 0;
  private lastAt: number | null = null;
  private lastError: string | null = null;
  /** Between start() and stop(), even after the thread died (automatic checkpoints took over). */
  private active = false;

  constructor(private readonly options: CheckpointerOptions) {}

  start(): void {
    if (this.worker) return;
    this.active = true;
    const driver = createRequire(import.meta.url).resolve("better-sqlite3");
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        path: this.options.path,
        intervalMs: this.options.intervalMs,
        driver,
        writeLock: this.options.writeLock ?? null,
        owner: CHECKPOINT_WRITER,
        limitBytes: WAL_SIZE_LIMIT_BYTES,
        pollMs: SIZE_POLL_MS,
        lockWaitMs: LOCK_WAIT_MS,
        readerWaitMs: READER_WAIT_MS,
      },
    });
    this.worker = worker;
    this.options.db.pragma("wal_autocheckpoint = 0");
    worker.on("message", (m: WorkerMessage) => {
      if (m.type === "truncate") {
        this.lastTruncate = {
          busy: m.busy ?? 0,
          beforeBytes: m.before ?? 0,
          afterBytes: m.after ?? 0,
          heldMs: m.heldMs ?? 0,
        };
        this.lastTruncateAt = Date.now();
        if (this.lastTruncate.busy && this.lastTruncate.afterBytes > WAL_WARN_PAGES * 4096 && !this.warned) {
          this.warned = true;
          this.options.onProblem("the WAL cannot be truncated (a long-running reader or another process?)", {
            wal_bytes: this.lastTruncate.afterBytes,
          });
        }
        return;
      }
      if (m.type === "error") {
        this.lastError = m.message ?? "WAL checkpoint failed";
        this.options.onProblem("WAL checkpoint failed", { error: m.message });
        return;
      }
      this.lastAt = Date.now();
      this.lastError = null;
      this.last = { busy: m.busy ?? 0, log: m.log ?? 0, checkpointed: m.checkpointed ?? 0 };
      const behind = this.last.log - this.last.checkpointed;
      if (this.last.log > WAL_WARN_PAGES && behind > 0 && !this.warned) {
        this.warned = true;
        this.options.onProblem("WAL checkpoints are not catching up (a long-running reader?)", {
          wal_pages: this.last.log,
          checkpointed_pages: this.last.checkpointed,
        });
      } else if (behind === 0) {
        this.warned = false;
      }
    });
    this.exited = new Promise<void>((resolve) => {
      worker.once("exit", (code) => {
        if (this.worker === worker) {
          // Died unexpectedly: let the server's connection checkpoint by itself again.
          this.worker = null;
          this.restoreAutocheckpoint();
          this.options.onProblem("the WAL checkpointer stopped; automatic checkpoints are back on", { code });
        }
        resolve();
      });
      worker.once("error", (err) => this.options.onProblem("the WAL checkpointer failed", { error: String(err) }));
    });
  }

  /**
   * For /metrics: a checkpointer that stopped is not a readiness failure (the connection's own
   * automatic checkpoints take over), so it is never counted stale.
   */
  health(): WorkerHealth {
    return { running: this.active, lastPassAt: this.lastAt, staleAfterMs: null, lastError: this.lastError };
  }

  async stop(): Promise<void> {
    this.active = false;
    const worker = this.worker;
    if (!worker) return;
    this.worker = null;
    worker.postMessage("stop");
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      this.exited,
      new Promise<void>((resolve) => {
        timer = setTimeout(() => {
          void worker.terminate();
          resolve();
        }, 5000);
      }),
    ]);
    clearTimeout(timer);
    this.restoreAutocheckpoint();
  }

  private restoreAutocheckpoint(): void {
    try {
      if (this.options.db.open) this.options.db.pragma(`wal_autocheckpoint = ${AUTOCHECKPOINT_PAGES}`);
    } catch {
      // The connection is closing.
    }
  }
}
