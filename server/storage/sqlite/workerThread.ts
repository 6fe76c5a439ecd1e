/**
 * The storage a worker thread of the server opens beside the server's connection (the delivery
 * worker thread): its own connection to the same file, taking turns with the server's through
 * the write lock they share (writeLock.ts). Only the delivery queue and the signals: no unit of
 * work runs there. Reached through storage/open.ts.
 */
import type { Clock } from "../../clock.ts";
import type { DeliveryQueue } from "../port/deliveryQueue.ts";
import type { Async, Storage, StorageThreadLink } from "../port/index.ts";
import { SqliteContext } from "./context.ts";
import { createDeliveryQueue } from "./deliveryQueue.ts";
import { openDatabase } from "./index.ts";
import { asyncStore, callNow } from "./unitOfWork.ts";
import { WriteLock } from "./writeLock.ts";

/** The worker thread's side of the write lock (the server's connection is MAIN_WRITER). */
const WORKER_THREAD_WRITER = 2;

export interface WorkerThreadStorageOptions {
  busyTimeoutMs: number;
  /** Turn the connection's automatic checkpoints off: the server checkpoints the WAL itself. */
  noAutocheckpoint: boolean;
  clock: Clock;
}

/** What a worker thread's storage offers: the delivery queue, the signals of its own commits. */
export interface WorkerThreadStorage {
  deliveryQueue: Async<DeliveryQueue>;
  on: Storage["on"];
  close(): void;
}

export function openWorkerThreadStorage(
  link: StorageThreadLink,
  options: WorkerThreadStorageOptions,
): WorkerThreadStorage {
  const db = openDatabase(link.path, { create: false, busyTimeoutMs: options.busyTimeoutMs });
  if (options.noAutocheckpoint) db.pragma("wal_autocheckpoint = 0");
  // The claim and outcome paths touch few pages (the due and lease indexes, recent records and
  // events): 8 MiB of page cache, not the API connection's 64, keeps the thread's memory small.
  db.pragma("cache_size = -8192");
  const ctx = new SqliteContext(db, options.clock, {
    lock: new WriteLock(link.writeLock),
    owner: WORKER_THREAD_WRITER,
    timeoutMs: options.busyTimeoutMs,
  });
  return {
    // The port's asynchronous shape over the thread's synchronous store (no unit of work runs here).
    deliveryQueue: asyncStore(createDeliveryQueue(ctx), callNow),
    on: ctx.on.bind(ctx),
    close: () => db.close(),
  };
}

/** Frees the write lock a worker thread that was terminated inside a transaction still holds. */
export function releaseWorkerThreadWriteLock(link: StorageThreadLink): void {
  new WriteLock(link.writeLock).release(WORKER_THREAD_WRITER);
}
