import type Database from "better-sqlite3";
import type { Clock } from "../../clock.ts";
import { StorageBusyError, type StorageSignal } from "../port/index.ts";
import type { WriteLock } from "./writeLock.ts";

/** SQLITE_BUSY and its extended codes: another connection holds a lock we need. */
export const isBusy = (err: unknown) =>
  typeof (err as { code?: unknown })?.code === "string" && /^SQLITE_BUSY/.test((err as { code: string }).code);

/**
 * What every SQLite store shares: the connection, the clock and the post-commit signals.
 * `tx` runs a function in one transaction (nested calls become savepoints) and raises the
 * signals it collected only after the outermost transaction commits: a loop woken earlier
 * could not see the rows yet.
 */
export class SqliteContext {
  private pending = new Set<StorageSignal>();
  private depth = 0;
  private listeners = new Map<StorageSignal, Set<() => void>>();

  /**
   * @param writeLock shared with the connections of this process's other threads on the same
   *   database (see WriteLock); `owner` names this connection's side of it.
   */
  constructor(
    readonly db: Database.Database,
    readonly clock: Clock,
    private readonly writeLock: { lock: WriteLock; owner: number; timeoutMs: number } | null = null,
  ) {}

  /** Whether a transaction is open on the connection (a unit of work between its awaits, or a store's `tx`). */
  get inTransaction(): boolean {
    return this.depth > 0;
  }

  /** The current time as the API's timestamp string. */
  now(): string {
    return this.clock.now().toISOString();
  }

  tx<T>(fn: () => T): T {
    const lock = this.depth === 0 ? this.writeLock : null;
    // Another thread of this process is writing for longer than the busy timeout: as SQLite would.
    if (lock && !lock.lock.acquire(lock.owner, lock.timeoutMs)) throw new StorageBusyError();
    this.depth++;
    let result: T;
    try {
      result = this.db.transaction(fn).immediate();
    } catch (err) {
      if (this.depth === 1) this.pending.clear();
      // The write lock is held by another connection beyond the (short) busy timeout: the event
      // loop must not wait for it. Nothing was written; the caller retries asynchronously.
      if (this.depth === 1 && isBusy(err)) throw new StorageBusyError();
      throw err;
    } finally {
      this.depth--;
      lock?.lock.release(lock.owner);
    }
    if (this.depth === 0) this.pending.add("commit");
    // Flush only once back outside every transaction, so a listener that writes (in its own
    // transaction) gets its signals raised too.
    if (this.depth === 0) this.flush();
    return result;
  }

  /**
   * Opens the transaction of a unit of work (storage.transaction, see unitOfWork.ts): the write
   * lock as `tx` takes it, then BEGIN IMMEDIATE. Until `commitUnit` or `rollbackUnit`, every `tx`
   * of the stores nests in it as a savepoint and their signals wait for the commit.
   */
  beginUnit(): void {
    if (this.depth !== 0) throw new Error("A unit of work cannot start inside a transaction.");
    const lock = this.writeLock;
    if (lock && !lock.lock.acquire(lock.owner, lock.timeoutMs)) throw new StorageBusyError();
    try {
      this.db.exec("BEGIN IMMEDIATE");
    } catch (err) {
      lock?.lock.release(lock.owner);
      throw isBusy(err) ? new StorageBusyError() : err;
    }
    this.depth = 1;
  }

  /** Commits the unit of work's transaction, then raises the signals it collected. */
  commitUnit(): void {
    try {
      this.db.exec("COMMIT");
    } catch (err) {
      this.rollbackUnit();
      throw err;
    }
    this.endUnit();
    this.pending.add("commit");
    this.flush();
  }

  /** Rolls the unit of work's transaction back (if SQLite did not already) and drops its signals. */
  rollbackUnit(): void {
    try {
      if (this.db.inTransaction) this.db.exec("ROLLBACK");
    } finally {
      this.pending.clear();
      this.endUnit();
    }
  }

  private endUnit(): void {
    this.depth = 0;
    this.writeLock?.lock.release(this.writeLock.owner);
  }

  /** Marks a signal to raise when the current transaction commits (at once outside one). */
  signal(name: StorageSignal): void {
    this.pending.add(name);
    if (this.depth === 0) this.flush();
  }

  on(name: StorageSignal, listener: () => void): () => void {
    let set = this.listeners.get(name);
    if (!set) {
      set = new Set();
      this.listeners.set(name, set);
    }
    set.add(listener);
    return () => set.delete(listener);
  }

  private flush(): void {
    const names = [...this.pending];
    this.pending.clear();
    for (const name of names) {
      for (const listener of this.listeners.get(name) ?? []) {
        try {
          listener();
        } catch {
          // A listener (a loop's notify) must never undo a committed transaction's caller.
        }
      }
    }
  }
}
