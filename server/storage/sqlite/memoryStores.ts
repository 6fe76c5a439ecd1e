import type { MemoryStoreStore } from "../port/memoryStores.ts";
import { memoryStores } from "../shared/memoryStores.ts";
import type { SqliteContext } from "./context.ts";
import { storeOf } from "./steps.ts";

/**
 * Memory stores on SQLite: the shared transitions (shared/memoryStores.ts). Every write that frees
 * a memory's content (an update, a delete, a redaction, a store's delete) runs with
 * `PRAGMA secure_delete = ON`, so SQLite overwrites the freed cells and pages with zeros instead
 * of leaving the old text in free space; a create too, as an insert that splits a page moves
 * cells. A redaction then checkpoints the WAL with TRUNCATE (when it is not inside a larger unit
 * of work): the WAL frames that still held the old page images are copied over and the WAL file
 * is cut to zero bytes.
 */
export function createMemoryStoreStore(ctx: SqliteContext): MemoryStoreStore {
  const { db } = ctx;
  const store = storeOf(ctx, memoryStores);

  /** Runs `fn` with secure_delete on (freed content zeroed), restoring the connection's setting after. */
  const securely = <T>(fn: () => T): T => {
    const before = db.pragma("secure_delete", { simple: true }) as number;
    if (before === 1) return fn();
    db.pragma("secure_delete = ON");
    try {
      return fn();
    } finally {
      db.pragma(`secure_delete = ${before}`);
    }
  };

  return {
    ...store,
    deleteStore: (...args) => securely(() => store.deleteStore(...args)),
    createMemory: (...args) => securely(() => store.createMemory(...args)),
    updateMemory: (...args) => securely(() => store.updateMemory(...args)),
    deleteMemory: (...args) => securely(() => store.deleteMemory(...args)),
    redactVersion(...args) {
      const redacted = securely(() => store.redactVersion(...args));
      // The old page images are in the WAL until a checkpoint copies the zeroed pages over them;
      // TRUNCATE also cuts the WAL file to zero bytes. Inside a unit of work it waits for the next checkpoint.
      if (redacted && !ctx.inTransaction) db.pragma("wal_checkpoint(TRUNCATE)");
      return redacted;
    },
  };
}
