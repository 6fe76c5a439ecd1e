/**
 * The write lock between the connections that the threads of one process hold on the same
 * database (the server's and the delivery thread's). SQLite orders them too, but a connection
 * that meets SQLite's lock sleeps in its busy handler (1 ms, then 2, 5, 10 ms...): the API's event
 * loop would stall for longer than the delivery thread's transaction lasts. This lock hands over
 * exactly when the holder commits (Atomics.wait / notify), so a transaction of the other thread
 * costs the API only what is left of it. Other processes (the CLI, a second server) are still
 * ordered by SQLite alone.
 */
import { performance } from "node:perf_hooks";

export class WriteLock {
  private readonly cell: Int32Array;

  /** A new lock, or (in another thread) the lock whose `shared` cell was passed to it. */
  constructor(readonly shared: SharedArrayBuffer = new SharedArrayBuffer(4)) {
    this.cell = new Int32Array(shared);
  }

  /** Takes the lock for `owner` (non-zero), waiting up to `timeoutMs`; false when it timed out. */
  acquire(owner: number, timeoutMs: number): boolean {
    const deadline = performance.now() + timeoutMs;
    for (;;) {
      const holder = Atomics.compareExchange(this.cell, 0, 0, owner);
      if (holder === 0) return true;
      const left = deadline - performance.now();
      if (left <= 0) return false;
      Atomics.wait(this.cell, 0, holder, left);
    }
  }

  release(owner: number): void {
    if (Atomics.compareExchange(this.cell, 0, owner, 0) === owner) Atomics.notify(this.cell, 0);
  }
}
