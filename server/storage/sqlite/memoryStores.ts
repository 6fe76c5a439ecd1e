import type { MemoryStoreStore, MemoryVersionRecord, MemoryWriteResult } from "../port/memoryStores.ts";
import {
  MEMORY_COLUMNS,
  MEMORY_SUMMARY_COLUMNS,
  type MemoryRow,
  type MemoryStoreRow,
  type MemoryVersionRow,
  newMemoryRow,
  newStoreRow,
  newVersionRow,
  STORE_COLUMNS,
  toSessionStore,
  toStore,
  toVersion,
  updatedStore,
  VERSION_COLUMNS,
  VERSION_SUMMARY_COLUMNS,
} from "../rows/memoryStores.ts";
import type { SqliteContext } from "./context.ts";
import { appendEvent } from "./outbox.ts";
import { keysetList } from "./pagination.ts";

const INSERT_VERSION = `INSERT INTO memory_versions (${VERSION_COLUMNS})
  VALUES (@id, @store_id, @memory_id, @path, @operation, @content, @content_sha256, @size_bytes,
          @author_type, @author_id, @redacted_at, @created_at)`;

/**
 * Memory stores on SQLite. Every write that frees a memory's content (an update, a delete, a
 * redaction, a store's delete) runs with `PRAGMA secure_delete = ON`, so SQLite overwrites the
 * freed cells and pages with zeros instead of leaving the old text in free space. A redaction then
 * checkpoints the WAL with TRUNCATE (when it is not inside a larger unit of work): the WAL frames
 * that still held the old page images are copied over and the WAL file is cut to zero bytes.
 */
export function createMemoryStoreStore(ctx: SqliteContext): MemoryStoreStore {
  const { db } = ctx;
  const storeRow = db.prepare(`SELECT ${STORE_COLUMNS} FROM memory_stores WHERE id = ? AND account_id = ?`);
  const nameTaken = db.prepare("SELECT 1 FROM memory_stores WHERE account_id = ? AND name = ? AND id <> ?");
  const memoryRow = db.prepare(`SELECT ${MEMORY_COLUMNS} FROM memories WHERE id = ? AND store_id = ?`);
  const pathTaken = db.prepare("SELECT 1 FROM memories WHERE store_id = ? AND path = ?");
  const countMemories = db.prepare("SELECT count(*) AS n FROM memories WHERE store_id = ?");
  const versionRow = db.prepare(`SELECT ${VERSION_COLUMNS} FROM memory_versions WHERE id = ? AND store_id = ?`);
  const insertVersion = db.prepare(INSERT_VERSION);

  const findStore = (accountId: string, storeId: string) =>
    storeRow.get(storeId, accountId) as MemoryStoreRow | undefined;

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

  const addVersion = (row: MemoryVersionRow): MemoryVersionRecord => {
    insertVersion.run(row);
    return toVersion(row);
  };

  /** The store of a memory write: found, active. */
  const writableStore = (accountId: string, storeId: string) => {
    const store = findStore(accountId, storeId);
    if (!store) return "store_not_found" as const;
    if (store.archived_at) return "store_archived" as const;
    return store;
  };

  return {
    createStore(accountId, input) {
      return ctx.tx(() => {
        if (nameTaken.get(accountId, input.name, "")) return { ok: false, reason: "name_taken" } as const;
        const row = newStoreRow(accountId, input, ctx.now());
        db.prepare(
          `INSERT INTO memory_stores (${STORE_COLUMNS})
           VALUES (@id, @account_id, @name, @description, @metadata, @archived_at, @created_at, @updated_at)`,
        ).run(row);
        appendEvent(ctx, accountId, { id: row.id, type: "memory_store.created" });
        return { ok: true, store: toStore(row) } as const;
      });
    },
    getStore(accountId, storeId) {
      const row = findStore(accountId, storeId);
      return row ? toStore(row) : null;
    },
    listStores(accountId, { includeArchived, page }) {
      return keysetList(db, {
        select: `SELECT ${STORE_COLUMNS} FROM memory_stores WHERE account_id = ?${includeArchived ? "" : " AND archived_at IS NULL"}`,
        params: [accountId],
        key: "id",
        order: "desc",
        page,
        map: toStore,
        getId: (s) => s.id,
      });
    },
    updateStore(accountId, storeId, update) {
      return ctx.tx(() => {
        const row = findStore(accountId, storeId);
        if (!row) return { ok: false, reason: "not_found" } as const;
        if (row.archived_at) return { ok: false, reason: "archived" } as const;
        const next = updatedStore(toStore(row), update(toStore(row)), ctx.now());
        if (nameTaken.get(accountId, next.name, storeId)) return { ok: false, reason: "name_taken" } as const;
        db.prepare("UPDATE memory_stores SET name = ?, description = ?, metadata = ?, updated_at = ? WHERE id = ?").run(
          next.name,
          next.description,
          JSON.stringify(next.metadata),
          next.updated_at,
          storeId,
        );
        return { ok: true, store: next } as const;
      });
    },
    archiveStore(accountId, storeId) {
      return ctx.tx(() => {
        const row = findStore(accountId, storeId);
        if (!row) return null;
        if (row.archived_at) return toStore(row);
        const now = ctx.now();
        db.prepare("UPDATE memory_stores SET archived_at = ?, updated_at = ? WHERE id = ?").run(now, now, storeId);
        appendEvent(ctx, accountId, { id: storeId, type: "memory_store.archived" });
        return toStore({ ...row, archived_at: now, updated_at: now });
      });
    },
    deleteStore(accountId, storeId) {
      return ctx.tx(() =>
        securely(() => {
          if (!findStore(accountId, storeId)) return false;
          // Memories, versions and session attachments go with it (ON DELETE CASCADE).
          db.prepare("DELETE FROM memory_stores WHERE id = ? AND account_id = ?").run(storeId, accountId);
          appendEvent(ctx, accountId, { id: storeId, type: "memory_store.deleted" });
          return true;
        }),
      );
    },

    createMemory(accountId, storeId, input, maxPerStore): MemoryWriteResult {
      // Securely too: an insert that splits a page moves cells, and the moved-from space is zeroed.
      return ctx.tx(() =>
        securely((): MemoryWriteResult => {
          const store = writableStore(accountId, storeId);
          if (typeof store === "string") return { ok: false, reason: store };
          if (pathTaken.get(storeId, input.path)) return { ok: false, reason: "path_taken" };
          if ((countMemories.get(storeId) as { n: number }).n >= maxPerStore) return { ok: false, reason: "too_many" };
          const now = ctx.now();
          const row = newMemoryRow(storeId, input.path, input, now);
          db.prepare(
            `INSERT INTO memories (${MEMORY_COLUMNS})
           VALUES (@id, @store_id, @path, @content, @content_sha256, @size_bytes, @created_at, @updated_at)`,
          ).run(row);
          const version = addVersion(newVersionRow(row, "created", input.author, now));
          return { ok: true, memory: row, version };
        }),
      );
    },
    getMemory(accountId, storeId, memoryId) {
      if (!findStore(accountId, storeId)) return null;
      return (memoryRow.get(memoryId, storeId) as MemoryRow | undefined) ?? null;
    },
    listMemories(accountId, storeId, { pathPrefix, page }) {
      if (!findStore(accountId, storeId)) return null;
      const prefix = pathPrefix !== undefined ? " AND substr(path, 1, length(?)) = ?" : "";
      return keysetList(db, {
        select: `SELECT ${MEMORY_SUMMARY_COLUMNS} FROM memories WHERE store_id = ?${prefix}`,
        params: pathPrefix !== undefined ? [storeId, pathPrefix, pathPrefix] : [storeId],
        key: "id",
        order: "asc",
        page,
        map: (r: Omit<MemoryRow, "content">) => r,
        getId: (m) => m.id,
      });
    },
    updateMemory(accountId, storeId, memoryId, input): MemoryWriteResult {
      return ctx.tx(() =>
        securely((): MemoryWriteResult => {
          const store = writableStore(accountId, storeId);
          if (typeof store === "string") return { ok: false, reason: store };
          const row = memoryRow.get(memoryId, storeId) as MemoryRow | undefined;
          if (!row) return { ok: false, reason: "memory_not_found" };
          if (input.expectedSha256 !== null && row.content_sha256 !== input.expectedSha256) {
            return { ok: false, reason: "precondition_failed" };
          }
          const now = ctx.now();
          const next: MemoryRow = {
            ...row,
            content: input.content,
            content_sha256: input.content_sha256,
            size_bytes: input.size_bytes,
            updated_at: now,
          };
          db.prepare(
            "UPDATE memories SET content = ?, content_sha256 = ?, size_bytes = ?, updated_at = ? WHERE id = ?",
          ).run(next.content, next.content_sha256, next.size_bytes, now, memoryId);
          const version = addVersion(newVersionRow(next, "updated", input.author, now));
          return { ok: true, memory: next, version };
        }),
      );
    },
    deleteMemory(accountId, storeId, memoryId, { author, expectedSha256 }) {
      return ctx.tx(() =>
        securely(() => {
          const store = writableStore(accountId, storeId);
          if (typeof store === "string") return { ok: false, reason: store } as const;
          const row = memoryRow.get(memoryId, storeId) as MemoryRow | undefined;
          if (!row) return { ok: false, reason: "memory_not_found" } as const;
          if (expectedSha256 !== null && row.content_sha256 !== expectedSha256) {
            return { ok: false, reason: "precondition_failed" } as const;
          }
          db.prepare("DELETE FROM memories WHERE id = ?").run(memoryId);
          return { ok: true, version: addVersion(newVersionRow(row, "deleted", author, ctx.now())) } as const;
        }),
      );
    },

    listVersions(accountId, storeId, { memoryId, page }) {
      if (!findStore(accountId, storeId)) return null;
      return keysetList(db, {
        select: `SELECT ${VERSION_SUMMARY_COLUMNS} FROM memory_versions WHERE store_id = ?${memoryId !== undefined ? " AND memory_id = ?" : ""}`,
        params: memoryId !== undefined ? [storeId, memoryId] : [storeId],
        key: "id",
        order: "desc",
        page,
        map: (r: Omit<MemoryVersionRow, "content">) => toVersion(r),
        getId: (v) => v.id,
      });
    },
    getVersion(accountId, storeId, versionId) {
      if (!findStore(accountId, storeId)) return null;
      const row = versionRow.get(versionId, storeId) as MemoryVersionRow | undefined;
      return row ? toVersion(row) : null;
    },
    redactVersion(accountId, storeId, versionId) {
      const redacted = ctx.tx(() =>
        securely(() => {
          if (!findStore(accountId, storeId)) return null;
          const row = versionRow.get(versionId, storeId) as MemoryVersionRow | undefined;
          if (!row) return null;
          if (row.redacted_at) return toVersion(row);
          const now = ctx.now();
          db.prepare(
            "UPDATE memory_versions SET content = NULL, content_sha256 = NULL, size_bytes = 0, redacted_at = ? WHERE id = ?",
          ).run(now, versionId);
          return toVersion({ ...row, content: null, content_sha256: null, size_bytes: 0, redacted_at: now });
        }),
      );
      // The old page images are in the WAL until a checkpoint copies the zeroed pages over them;
      // TRUNCATE also cuts the WAL file to zero bytes. Inside a unit of work it waits for the next checkpoint.
      if (redacted && !ctx.inTransaction) db.pragma("wal_checkpoint(TRUNCATE)");
      return redacted;
    },

    attachToSession(accountId, sessionId, resources) {
      return ctx.tx(() => {
        for (const [index, r] of resources.entries()) {
          const store = findStore(accountId, r.memory_store_id);
          if (!store) return { ok: false, reason: "not_found", index } as const;
          if (store.archived_at) return { ok: false, reason: "archived", index } as const;
        }
        const insert = db.prepare(
          "INSERT INTO session_memory_stores (session_id, position, memory_store_id, access) VALUES (?, ?, ?, ?)",
        );
        for (const [index, r] of resources.entries()) insert.run(sessionId, index, r.memory_store_id, r.access);
        return { ok: true } as const;
      });
    },
    sessionStores(accountId, sessionId) {
      const rows = db
        .prepare(
          `SELECT l.memory_store_id, l.access FROM session_memory_stores l
           JOIN sessions s ON s.id = l.session_id
           WHERE l.session_id = ? AND s.account_id = ? ORDER BY l.position`,
        )
        .all(sessionId, accountId) as { memory_store_id: string; access: string }[];
      return rows.map(toSessionStore);
    },
  };
}
