import type { Logger } from "../logger.ts";
import { describeError } from "../logger.ts";
import { StorageBusyError } from "../storage/port/index.ts";
import type { WorkerHealth } from "./backgroundWorker.ts";

/** How soon a pass that met a locked database is tried again. */
const BUSY_RETRY_MS = 50;

export interface PeriodicLoopOptions {
  name: string;
  logger: Logger;
  /** How long to sleep between passes when nothing notifies the loop (the longest sleep). */
  intervalMs: number;
  /**
   * One pass of work. Return true when there may be more work right away (the loop runs again
   * without sleeping), false to sleep until notified or the interval passes, or `{ sleepMs }`
   * to sleep until notified or that long (at most the interval): a loop that knows when its next
   * work is due wakes then instead of polling.
   */
  pass: (signal: AbortSignal) => Promise<boolean | { sleepMs: number }>;
}

/**
 * A background loop driven by rows in the database: `start()`, `stop()` (awaits the running
 * pass), `notify()` (wake now). The sleep is abortable, and every pass is wrapped in a
 * catch-all, so one bad row never stops the loop. At most one pass runs per turn of the event
 * loop: notifications coalesce, and waiting I/O always goes first.
 */
export class PeriodicLoop {
  private running = false;
  private wake: (() => void) | null = null;
  private notified = false;
  private wakeScheduled = false;
  private done: Promise<void> | null = null;
  private abort = new AbortController();
  private lastPassAt: number | null = null;
  private lastError: string | null = null;

  constructor(private readonly options: PeriodicLoopOptions) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    // A fresh signal per start: the previous one stays aborted after stop().
    this.abort = new AbortController();
    this.lastPassAt = Date.now();
    this.lastError = null;
    this.done = this.run();
  }

  /**
   * Wakes the loop (for example after a commit that created work): the pass runs once the I/O
   * of this turn of the event loop is done, so a burst of commits makes one pass.
   */
  notify(): void {
    this.notified = true;
    if (this.wakeScheduled) return;
    this.wakeScheduled = true;
    setImmediate(() => {
      this.wakeScheduled = false;
      this.wake?.();
    });
  }

  /** Stops the loop: no new pass starts; resolves when the current pass has finished. */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.abort.abort();
    this.wake?.();
    await this.done;
  }

  get isRunning(): boolean {
    return this.running;
  }

  /**
   * Liveness in real time (not the injected clock: a stuck loop is a fact about this process).
   * A loop sleeps at most `intervalMs` between passes, so a good pass is expected at least that
   * often; a few intervals (plus slack for a slow pass) without one means it is stuck or failing.
   */
  health(): WorkerHealth {
    return {
      running: this.running,
      lastPassAt: this.lastPassAt,
      staleAfterMs: this.options.intervalMs * 3 + 10_000,
      lastError: this.lastError,
    };
  }

  private async run(): Promise<void> {
    const { name, logger, intervalMs, pass } = this.options;
    while (this.running) {
      this.notified = false;
      let result: boolean | { sleepMs: number } = false;
      let busy = false;
      try {
        result = await pass(this.abort.signal);
        this.lastPassAt = Date.now();
        this.lastError = null;
      } catch (err) {
        // Another process holds the database's write lock: nothing was written; try again soon.
        busy = err instanceof StorageBusyError;
        if (busy) logger.debug(`${name}: the database is locked by another process; retrying`);
        else {
          this.lastError = err instanceof Error ? err.message : String(err);
          logger.error(`${name}: pass failed`, describeError(err));
        }
      }
      if (!this.running) break;
      if (!busy && (result === true || this.notified)) {
        // Run again, but after the I/O that is waiting: a pass per notification would run
        // between every two requests (each commit notifies), and a pass chain that always
        // finds more work would starve the server's I/O. Notifications that arrive meanwhile
        // are served by this one next pass.
        await new Promise<void>((resolve) => setImmediate(resolve));
        continue;
      }
      const sleepMs = busy
        ? Math.min(intervalMs, BUSY_RETRY_MS)
        : typeof result === "object"
          ? Math.max(0, Math.min(result.sleepMs, intervalMs))
          : intervalMs;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, sleepMs);
        function done() {
          clearTimeout(timer);
          resolve();
        }
        this.wake = done;
      });
      this.wake = null;
    }
  }
}
