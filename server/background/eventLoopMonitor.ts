import { type IntervalHistogram, monitorEventLoopDelay } from "node:perf_hooks";
import type { Logger } from "../logger.ts";
import type { BackgroundWorker, WorkerHealth } from "./backgroundWorker.ts";

export interface EventLoopMonitorOptions {
  logger: Logger;
  /** Log at warn when the largest delay of a window exceeds this many milliseconds. */
  warnMs: number;
  /** The length of one observation window. */
  windowMs: number;
}

/** One window's figures, in milliseconds. */
export interface EventLoopDelay {
  max_ms: number;
  p99_ms: number;
  mean_ms: number;
}

/** The histogram's sampling interval. */
const RESOLUTION_MS = 10;

const ms = (ns: number) => Math.round(ns / 1e4) / 100;

/**
 * Watches the event loop with `perf_hooks.monitorEventLoopDelay`: every window it reads the
 * delay histogram (how late timers fired, i.e. how long the loop was blocked) and logs
 * `event loop delay` at warn when the maximum exceeds the threshold, then starts a new window.
 * Everything the server does runs on this one loop, so a blocked loop stalls every request.
 */
export class EventLoopMonitor implements BackgroundWorker {
  readonly name = "event-loop-monitor";
  private histogram: IntervalHistogram | null = null;
  private timer: NodeJS.Timeout | null = null;
  private worst: EventLoopDelay = { max_ms: 0, p99_ms: 0, mean_ms: 0 };
  private lastCheckAt: number | null = null;
  /** When the window's check was due (performance.now()): its own lateness is a delay too. */
  private checkDueAt = 0;
  /** A late check waiting for the histogram to record the block (see onTimer). */
  private deferred: NodeJS.Timeout | null = null;

  constructor(private readonly options: EventLoopMonitorOptions) {}

  start(): void {
    if (this.histogram) return;
    this.histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
    this.histogram.enable();
    this.checkDueAt = performance.now() + this.options.windowMs;
    this.timer = setInterval(() => this.onTimer(), this.options.windowMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    if (this.deferred) clearTimeout(this.deferred);
    this.timer = null;
    this.deferred = null;
    this.histogram?.disable();
    this.histogram = null;
  }

  /** For /readyz and /metrics: it never stalls by itself (a blocked loop delays its check, which it then reports). */
  health(): WorkerHealth {
    return { running: this.histogram !== null, lastPassAt: this.lastCheckAt, staleAfterMs: null, lastError: null };
  }

  /** The worst window since start (by maximum delay). */
  get worstWindow(): EventLoopDelay {
    return { ...this.worst };
  }

  /**
   * A check that fires late (the loop was blocked) waits a few of the histogram's ticks first:
   * when a block ends this timer may fire before the histogram's, whose sample of the block would
   * then be dropped by the reset (a reset histogram records no delta for its next tick).
   */
  private onTimer(): void {
    if (this.deferred) return;
    const firedAt = performance.now();
    if (firedAt - this.checkDueAt <= 2 * RESOLUTION_MS) {
      this.check(firedAt);
      return;
    }
    this.deferred = setTimeout(() => {
      this.deferred = null;
      this.check(firedAt);
    }, 3 * RESOLUTION_MS);
    this.deferred.unref();
  }

  /**
   * Reads and resets the current window; logs it when over the threshold. The check's own lateness
   * counts as a delay too (at least the part of a block after the check was due); `at` is when
   * its timer fired.
   */
  check(at = performance.now()): EventLoopDelay | null {
    const h = this.histogram;
    this.lastCheckAt = Date.now();
    const lateMs = Math.max(0, Math.round((at - this.checkDueAt) * 100) / 100);
    this.checkDueAt = at + this.options.windowMs;
    if (!h || (h.count === 0 && lateMs === 0)) return null;
    const counted = h.count > 0;
    const window: EventLoopDelay = {
      max_ms: Math.max(counted ? ms(h.max) : 0, lateMs),
      p99_ms: counted ? ms(h.percentile(99)) : lateMs,
      mean_ms: counted ? ms(h.mean) : lateMs,
    };
    h.reset();
    if (window.max_ms > this.worst.max_ms) this.worst = window;
    if (window.max_ms > this.options.warnMs) {
      this.options.logger.warn("event loop delay", {
        ...window,
        threshold_ms: this.options.warnMs,
        window_ms: this.options.windowMs,
      });
    }
    return window;
  }
}
