/**
 * Delivery's share of the machine while the API is busy. The delivery thread runs beside the
 * API's event loop on the same cores (and takes the same SQLite write lock): left alone, a
 * backlog to ten endpoints claims, sends and settles as fast as it can and takes the CPU and the
 * lock the API's requests need. So the server's thread measures its own event-loop utilization
 * (ApiLoadMeter, every 100 ms, into a shared cell) and the delivery thread reads it (ApiLoad):
 * while the API's loop is busier than API_BUSY, the engine keeps its own loop's utilization at
 * WEBHOOK_BUSY_SHARE (0.25 by default; it sleeps before its next pass for as long as that takes, at most MAX_PAUSE_MS) and
 * runs at most a quarter of its attempt slots. When the API is idle again it runs flat out, so a
 * backlog built up under load drains once the load drops. Nothing is skipped: records wait in the
 * database, leased or due, exactly as they would behind a slow receiver.
 */
import { performance } from "node:perf_hooks";

/** The API's event-loop utilization over which delivery yields. */
export const API_BUSY = 0.5;
/** The longest single pause. */
const MAX_PAUSE_MS = 100;
/** The shortest window the engine measures itself over. */
const WINDOW_MS = 20;
/** How often the server's thread measures its loop. */
const METER_INTERVAL_MS = 100;

/** The server thread's side: measures its event loop's utilization into a shared cell. */
export class ApiLoadMeter {
  readonly shared = new SharedArrayBuffer(4);
  private readonly cell = new Int32Array(this.shared);
  private timer: NodeJS.Timeout | null = null;
  private last = performance.eventLoopUtilization();

  start(): void {
    if (this.timer) return;
    this.last = performance.eventLoopUtilization();
    this.timer = setInterval(() => {
      const now = performance.eventLoopUtilization();
      const { utilization } = performance.eventLoopUtilization(now, this.last);
      this.last = now;
      Atomics.store(this.cell, 0, Math.round(utilization * 1000));
    }, METER_INTERVAL_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    Atomics.store(this.cell, 0, 0);
  }
}

/** The delivery thread's side: the API's last measured utilization (0..1). */
export function apiLoadOf(shared: SharedArrayBuffer): () => number {
  const cell = new Int32Array(shared);
  return () => Atomics.load(cell, 0) / 1000;
}

/** The engine's pacing: how long to pause before a pass, and how many attempt slots to use. */
export class DeliveryPace {
  private mark = performance.eventLoopUtilization();
  /** Pauses taken (for tests and diagnostics). */
  pauses = 0;

  /** @param share the utilization of its own loop the engine keeps to while the API is busy (0 < share < 1). */
  constructor(
    private readonly apiLoad: () => number,
    private readonly share: number,
  ) {}

  /** Whether the API is busy now. */
  busy(): boolean {
    return this.apiLoad() >= API_BUSY;
  }

  /** Attempt slots to use out of `concurrency`. */
  slots(concurrency: number): number {
    return this.busy() ? Math.max(2, Math.floor(concurrency / 4)) : concurrency;
  }

  /** How long to pause now so that this loop's utilization since the last mark comes down to the share. */
  pauseMs(): number {
    if (!this.busy()) {
      this.mark = performance.eventLoopUtilization();
      return 0;
    }
    const now = performance.eventLoopUtilization();
    const { active, idle } = performance.eventLoopUtilization(now, this.mark);
    if (active + idle < WINDOW_MS) return 0;
    this.mark = now;
    // active / (active + idle + pause) = share
    const pause = active / this.share - (active + idle);
    if (pause <= 0) return 0;
    this.pauses++;
    return Math.min(MAX_PAUSE_MS, pause);
  }
}
