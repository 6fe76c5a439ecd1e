/** The source of time. Injected everywhere time matters, so tests can drive scheduling and backoff. */
export interface Clock {
  now(): Date;
  /**
   * Waits `ms` of this clock's time (backoff between provider retries); rejects with the signal's
   * reason as soon as it aborts. Optional: without it, time passes on real timers.
   */
  sleep?(ms: number, signal: AbortSignal): Promise<void>;
  /**
   * The clock's time as a shared cell (one int64: epoch milliseconds) that another thread can
   * read with `clockFromShared`, so a background worker thread keeps the time the tests set.
   * Optional: a clock without it cannot drive a worker thread (the work then stays in-process).
   */
  readonly shared?: SharedArrayBuffer;
}

export const systemClock: Clock = { now: () => new Date() };

/** The clock of another thread, read from its `shared` cell. */
export function clockFromShared(shared: SharedArrayBuffer): Clock {
  const cell = new BigInt64Array(shared);
  return { now: () => new Date(Number(Atomics.load(cell, 0))) };
}

/** Resolves after `ms` real milliseconds, or rejects with the signal's reason as soon as it aborts. */
export function abortableDelay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    if (ms <= 0) return resolve();
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    function onAbort() {
      clearTimeout(timer);
      reject(signal.reason);
    }
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

/** Waits `ms` on the clock's time when it keeps its own, else on real timers. */
export function sleepOn(clock: Clock, ms: number, signal: AbortSignal): Promise<void> {
  return clock.sleep ? clock.sleep(ms, signal) : abortableDelay(ms, signal);
}

interface Sleeper {
  until: number;
  ms: number;
  resolve: () => void;
}

/** A clock that only moves when told to; for tests. Its sleeps end when it is advanced past them. */
export class ManualClock implements Clock {
  private current: number;
  private sleepers: Sleeper[] = [];
  readonly shared = new SharedArrayBuffer(8);
  private readonly cell = new BigInt64Array(this.shared);
  constructor(start: Date | string = "2026-11-21T12:00:00.000Z") {
    this.current = new Date(start).getTime();
    Atomics.store(this.cell, 0, BigInt(this.current));
  }
  now(): Date {
    return new Date(this.current);
  }
  advance(ms: number): void {
    this.set(new Date(this.current + ms));
  }
  set(to: Date | string): void {
    this.current = new Date(to).getTime();
    Atomics.store(this.cell, 0, BigInt(this.current));
    const due = this.sleepers.filter((s) => s.until <= this.current);
    this.sleepers = this.sleepers.filter((s) => s.until > this.current);
    for (const s of due) s.resolve();
  }
  sleep(ms: number, signal: AbortSignal): Promise<void> {
    if (signal.aborted) return Promise.reject(signal.reason);
    if (ms <= 0) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const sleeper: Sleeper = {
        until: this.current + ms,
        ms,
        resolve: () => {
          signal.removeEventListener("abort", onAbort);
          resolve();
        },
      };
      const onAbort = () => {
        this.sleepers = this.sleepers.filter((s) => s !== sleeper);
        reject(signal.reason);
      };
      signal.addEventListener("abort", onAbort, { once: true });
      this.sleepers.push(sleeper);
    });
  }
  /** The durations of the sleeps in progress (tests wait for one, then advance past it). */
  get pendingSleeps(): number[] {
    return this.sleepers.map((s) => s.ms);
  }
}
