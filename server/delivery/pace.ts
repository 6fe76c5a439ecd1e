/**
 * Delivery's share of the machine while the API is busy. The delivery thread runs beside the
 * API's event loop on the same cores (and takes the same SQLite write lock): left alone, a
 * backlog to ten endpoints claims, sends and settles as fast as it can and takes the CPU and the
 * lock the API's requests need. So the server's thread measures its own event-loop utilization
 * (ApiLoadMeter, every 100 ms, into a shared cell) and the delivery thread reads it (ApiLoad):
 * while the API's loop is busier than API_BUSY, the engine keeps its own loop's utilization to a
 * share that falls with the API's, down to WEBHOOK_BUSY_SHARE (0.05 by default) once the API's loop
 * is busy API_SATURATED of its time (it starts no pass and no attempt for as long as that takes,
 * asking again every HOLD_SLEEP_MS), and runs at most a quarter of its attempt slots. When the API is idle again it runs flat out, so a
 * backlog built up under load drains once the load drops. Nothing is skipped: records wait in the
 * database, leased or due, exactly as they would behind a slow receiver.
 */
import { performance } from "node:perf_hooks";

/** The API's event-loop utilization over which delivery yields. */
export const API_BUSY = 0.5;
/** The API's utilization from which delivery keeps to its least share (WEBHOOK_BUSY_SHARE). */
export const API_SATURATED = 0.7;
/** The longest hold: a window's excess beyond it is not carried over. */
const MAX_HOLD_MS = 1000;
/** How long a held engine sleeps before it asks again (the API may be idle by then: no more hold). */
export const HOLD_SLEEP_MS = 100;
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

/**
 * The engine's pacing: whether to hold off new work now, and how many attempt slots to use.
 *
 * Every piece of work the engine starts asks first: a pass (claim and settle) and each attempt it
 * would launch. Pausing only the passes was not enough: the records a pass had claimed went on
 * being sent as attempts finished, and the delivery thread took 40 % of a core with a share of 5 %
 * (measured per thread under the bench's API load). So while held, nothing new starts; what is in
 * flight finishes and waits to be settled.
 */
export class DeliveryPace {
  /** The start of the window being measured (ELU). */
  private mark = performance.eventLoopUtilization();
  /** The hold that began at `mark`: its idle time paid for the window before and is not counted again. */
  private held = 0;
  /** The end of the current hold (performance.now() ms); 0: not held. */
  private resumeAt = 0;
  /** Holds begun (for tests and diagnostics). */
  pauses = 0;

  /**
   * @param share the utilization of its own loop the engine keeps to while the API is saturated
   *   (0 < share < 1); between API_BUSY and API_SATURATED it goes from all of the loop down to it.
   */
  constructor(
    private readonly apiLoad: () => number,
    private readonly share: number,
  ) {}

  /** Whether the API is busy now. */
  busy(): boolean {
    return this.apiLoad() >= API_BUSY;
  }

  /**
   * The share of its loop the engine may use at the API's utilization `load`: all of it below
   * API_BUSY, `share` from API_SATURATED, in between in proportion. A busy API with time to spare
   * leaves delivery most of the loop; only an API that uses all its time holds delivery to its
   * least share (which still moves: nothing starves).
   */
  shareAt(load: number): number {
    if (load < API_BUSY) return 1;
    if (load >= API_SATURATED) return this.share;
    return this.share + ((1 - this.share) * (API_SATURATED - load)) / (API_SATURATED - API_BUSY);
  }

  /** Attempt slots to use out of `concurrency`. */
  slots(concurrency: number): number {
    return this.busy() ? Math.max(2, Math.floor(concurrency / 4)) : concurrency;
  }

  /**
   * How long to hold off new work from now (0: go on). A window in which this loop was busier
   * than its share is followed by a hold long enough to bring window and hold down to the share
   * (at most MAX_HOLD_MS). The next window starts with the hold: what the loop does while held
   * (attempts in flight finishing) counts, the hold's idle time does not count twice.
   */
  holdMs(): number {
    const now = performance.now();
    const load = this.apiLoad();
    if (load < API_BUSY) {
      this.resumeAt = 0;
      this.held = 0;
      this.mark = performance.eventLoopUtilization();
      return 0;
    }
    if (now < this.resumeAt) return this.resumeAt - now;
    const elu = performance.eventLoopUtilization();
    const { active, idle } = performance.eventLoopUtilization(elu, this.mark);
    const span = active + idle - this.held;
    if (span < WINDOW_MS) return 0;
    this.mark = elu;
    this.held = 0;
    // active / (span + hold) = share
    const hold = active / this.shareAt(load) - span;
    if (hold <= 0) return 0;
    this.pauses++;
    this.held = Math.min(MAX_HOLD_MS, hold);
    this.resumeAt = now + this.held;
    return this.held;
  }
}
