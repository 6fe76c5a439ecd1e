/**
 * Checkpoints the SQLite write-ahead log on a worker thread with its own connection.
 *
 * By default SQLite checkpoints inside the commit that crosses `wal_autocheckpoint` pages: the
 * committing request copies the WAL back into the database and fsyncs it, on the event loop,
 * stalling every other request for as long as that takes (and longer as the database grows).
 * The server's connection turns automatic checkpoints off, and this worker runs PASSIVE
 * checkpoints instead: they never wait for (nor block) the server's reads and writes, and the
 * server reuses the WAL from its start once a checkpoint has caught up. Should the worker die,
 * the server's connection gets automatic checkpoints back, so the WAL never grows without bound.
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
  /** Called with a problem worth a log line (the WAL keeps growing, the worker failed). */
  onProblem: (message: string, fields: Record<string, unknown>) => void;
}

/** Pages of WAL (4 KiB each) over which a checkpoint that cannot catch up is reported: 64 MiB. */
const WAL_WARN_PAGES = 16_384;
/** SQLite's default, restored when the worker is not running. */
const AUTOCHECKPOINT_PAGES = 1000;

// The worker's code: plain JavaScript, so it runs the same under node, tsx and vitest.
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.driver);
const db = new Database(workerData.path);
db.pragma("busy_timeout = 1000");
let timer = null;
function checkpoint() {
  try {
    const [row] = db.pragma("wal_checkpoint(PASSIVE)");
    parentPort.postMessage({ type: "checkpoint", ...row });
  } catch (err) {
    parentPort.postMessage({ type: "error", message: String(err && err.message || err) });
  }
}
timer = setInterval(checkpoint, workerData.intervalMs);
parentPort.on("message", (m) => {
  if (m === "stop") {
    clearInterval(timer);
    checkpoint();
    db.close();
    parentPort.close();
  }
});
`;

export class WalCheckpointer implements StorageMaintenance {
  readonly name = "wal-checkpointer";
  private worker: Worker | null = null;
  private exited: Promise<void> = Promise.resolve();
  private warned = false;
  /** The last checkpoint's figures, for tests and diagnostics. */
  last: { busy: number; log: number; checkpointed: number } | null = null;
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
      workerData: { path: this.options.path, intervalMs: this.options.intervalMs, driver },
    });
    this.worker = worker;
    this.options.db.pragma("wal_autocheckpoint = 0");
    worker.on(
      "message",
      (m: { type: string; busy?: number; log?: number; checkpointed?: number; message?: string }) => {
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
      },
    );
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
