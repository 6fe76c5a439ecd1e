/**
 * Memory stores, their memories and versions (port/memoryStores.ts), written once for both
 * adapters. A memory write holds its store row (`{lock}`: FOR NO KEY UPDATE on PostgreSQL, the
 * write lock on SQLite) until commit, so the writes to one store's memories (and its archive) run
 * one after the other on every replica: the path check, the count and the `content_sha256`
 * precondition each see the last committed state and no update is lost. (NO KEY: the foreign-key
 * checks of the inserts do not wait for it.) What stays per adapter: SQLite zeroes freed content
 * (sqlite/memoryStores.ts).
 */
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
import { all, append, exec, now, one, page, type StepStore, type Steps } from "./steps.ts";

const STORE = `SELECT ${STORE_COLUMNS} FROM memory_stores WHERE id = ? AND account_id = ?`;
const VERSION = `SELECT ${VERSION_COLUMNS} FROM memory_versions WHERE id = ? AND store_id = ?`;

/** `lock`: a row lock token (`{lock}`, `{forShare}`) held until commit. */
const findStore = (accountId: string, storeId: string, lock = "") =>
  one<MemoryStoreRow>(`${STORE}${lock}`, [storeId, accountId]);

/** `?, ?, ?` for a list of values. */
const placeholders = (values: readonly unknown[]) => values.map(() => "?").join(", ");

const findMemory = (storeId: string, memoryId: string) =>
  one<MemoryRow>(`SELECT ${MEMORY_COLUMNS} FROM memories WHERE id = ? AND store_id = ?`, [memoryId, storeId]);

function* addVersion(row: MemoryVersionRow): Steps<MemoryVersionRecord> {
  yield* exec(`INSERT INTO memory_versions (${VERSION_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, [
    row.id,
    row.store_id,
    row.memory_id,
    row.path,
    row.operation,
    row.content,
    row.content_sha256,
    row.size_bytes,
    row.author_type,
    row.author_id,
    row.redacted_at,
    row.created_at,
  ]);
  return toVersion(row);
}

/** The store of a memory write: found, active, held until commit. */
function* writableStore(accountId: string, storeId: string) {
  const store = yield* findStore(accountId, storeId, "{lock}");
  if (!store) return "store_not_found" as const;
  if (store.archived_at) return "store_archived" as const;
  return store;
}

/** The memory of an update or a delete, after the store and precondition checks. */
function* writableMemory(accountId: string, storeId: string, memoryId: string, expectedSha256: string | null) {
  const store = yield* writableStore(accountId, storeId);
  if (typeof store === "string") return store;
  const row = yield* findMemory(storeId, memoryId);
  if (!row) return "memory_not_found" as const;
  if (expectedSha256 !== null && row.content_sha256 !== expectedSha256) return "precondition_failed" as const;
  return row;
}

export const memoryStores: StepStore<MemoryStoreStore> = {
  createStore: {
    tx: true,
    *steps(accountId, input) {
      const row = newStoreRow(accountId, input, yield* now());
      // A name taken (also by a concurrent create) inserts nothing instead of failing the transaction.
      const inserted = yield* exec(
        `INSERT INTO memory_stores (${STORE_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (account_id, name) DO NOTHING`,
        [
          row.id,
          row.account_id,
          row.name,
          row.description,
          row.metadata,
          row.archived_at,
          row.created_at,
          row.updated_at,
        ],
      );
      if (inserted === 0) return { ok: false, reason: "name_taken" } as const;
      yield* append(accountId, { id: row.id, type: "memory_store.created" });
      return { ok: true, store: toStore(row) } as const;
    },
  },
  getStore: {
    tx: false,
    *steps(accountId, storeId) {
      const row = yield* findStore(accountId, storeId);
      return row ? toStore(row) : null;
    },
  },
  getStores: {
    tx: false,
    *steps(accountId, storeIds) {
      if (storeIds.length === 0) return [];
      const rows = yield* all<MemoryStoreRow>(
        `SELECT ${STORE_COLUMNS} FROM memory_stores WHERE account_id = ? AND id IN (${placeholders(storeIds)})`,
        [accountId, ...storeIds],
      );
      return rows.map(toStore);
    },
  },
  listStores: {
    tx: false,
    steps: (accountId, { includeArchived, page: query }) =>
      page({
        select: `SELECT ${STORE_COLUMNS} FROM memory_stores WHERE account_id = ?${includeArchived ? "" : " AND archived_at IS NULL"}`,
        params: [accountId],
        key: "id",
        order: "desc",
        page: query,
        map: toStore,
        getId: (s) => s.id,
      }),
  },
  updateStore: {
    tx: true,
    *steps(accountId, storeId, update) {
      const row = yield* findStore(accountId, storeId, "{lock}");
      if (!row) return { ok: false, reason: "not_found" } as const;
      if (row.archived_at) return { ok: false, reason: "archived" } as const;
      const next = updatedStore(toStore(row), update(toStore(row)), yield* now());
      const taken = yield* one("SELECT 1 FROM memory_stores WHERE account_id = ? AND name = ? AND id <> ?", [
        accountId,
        next.name,
        storeId,
      ]);
      if (taken) return { ok: false, reason: "name_taken" } as const;
      yield* exec("UPDATE memory_stores SET name = ?, description = ?, metadata = ?, updated_at = ? WHERE id = ?", [
        next.name,
        next.description,
        JSON.stringify(next.metadata),
        next.updated_at,
        storeId,
      ]);
      return { ok: true, store: next } as const;
    },
  },
  archiveStore: {
    tx: true,
    *steps(accountId, storeId) {
      const at = yield* now();
      // Only the first archive (of concurrent ones too) emits the event.
      const archived = yield* one<MemoryStoreRow>(
        `UPDATE memory_stores SET archived_at = ?, updated_at = ?
         WHERE id = ? AND account_id = ? AND archived_at IS NULL RETURNING ${STORE_COLUMNS}`,
        [at, at, storeId, accountId],
      );
      if (!archived) {
        const row = yield* findStore(accountId, storeId);
        return row ? toStore(row) : null;
      }
      yield* append(accountId, { id: storeId, type: "memory_store.archived" });
      return toStore(archived);
    },
  },
  deleteStore: {
    tx: true,
    *steps(accountId, storeId) {
      // Memories, versions and session attachments go with it (ON DELETE CASCADE).
      const deleted = yield* exec("DELETE FROM memory_stores WHERE id = ? AND account_id = ?", [storeId, accountId]);
      if (deleted === 0) return false;
      yield* append(accountId, { id: storeId, type: "memory_store.deleted" });
      return true;
    },
  },

  createMemory: {
    tx: true,
    *steps(accountId, storeId, input, maxPerStore): Steps<MemoryWriteResult> {
      const store = yield* writableStore(accountId, storeId);
      if (typeof store === "string") return { ok: false, reason: store };
      if (yield* one("SELECT 1 FROM memories WHERE store_id = ? AND path = ?", [storeId, input.path])) {
        return { ok: false, reason: "path_taken" };
      }
      const count = yield* one<{ n: number | string }>("SELECT count(*) AS n FROM memories WHERE store_id = ?", [
        storeId,
      ]);
      if (Number(count?.n ?? 0) >= maxPerStore) return { ok: false, reason: "too_many" };
      const at = yield* now();
      const row = newMemoryRow(storeId, input.path, input, at);
      yield* exec(`INSERT INTO memories (${MEMORY_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, [
        row.id,
        row.store_id,
        row.path,
        row.content,
        row.content_sha256,
        row.size_bytes,
        row.created_at,
        row.updated_at,
      ]);
      const version = yield* addVersion(newVersionRow(row, "created", input.author, at));
      return { ok: true, memory: row, version };
    },
  },
  getMemory: {
    tx: false,
    *steps(accountId, storeId, memoryId) {
      if (!(yield* findStore(accountId, storeId))) return null;
      return yield* findMemory(storeId, memoryId);
    },
  },
  getMemories: {
    tx: false,
    *steps(accountId, storeId, memoryIds) {
      if (!(yield* findStore(accountId, storeId))) return null;
      if (memoryIds.length === 0) return [];
      return yield* all<MemoryRow>(
        `SELECT ${MEMORY_COLUMNS} FROM memories WHERE store_id = ? AND id IN (${placeholders(memoryIds)})`,
        [storeId, ...memoryIds],
      );
    },
  },
  listMemories: {
    tx: false,
    *steps(accountId, storeId, { pathPrefix, page: query }) {
      if (!(yield* findStore(accountId, storeId))) return null;
      const prefix = pathPrefix !== undefined ? " AND substr(path, 1, length(CAST(? AS TEXT))) = ?" : "";
      return yield* page({
        select: `SELECT ${MEMORY_SUMMARY_COLUMNS} FROM memories WHERE store_id = ?${prefix}`,
        params: pathPrefix !== undefined ? [storeId, pathPrefix, pathPrefix] : [storeId],
        key: "id",
        order: "asc",
        page: query,
        map: (r: Omit<MemoryRow, "content">) => r,
        getId: (m) => m.id,
      });
    },
  },
  updateMemory: {
    tx: true,
    *steps(accountId, storeId, memoryId, input): Steps<MemoryWriteResult> {
      const row = yield* writableMemory(accountId, storeId, memoryId, input.expectedSha256);
      if (typeof row === "string") return { ok: false, reason: row };
      const path = input.path ?? row.path;
      if (
        path !== row.path &&
        (yield* one("SELECT 1 FROM memories WHERE store_id = ? AND path = ? AND id <> ?", [storeId, path, memoryId]))
      ) {
        return { ok: false, reason: "path_taken" };
      }
      const at = yield* now();
      const next: MemoryRow = {
        ...row,
        path,
        content: input.content,
        content_sha256: input.content_sha256,
        size_bytes: input.size_bytes,
        updated_at: at,
      };
      yield* exec(
        "UPDATE memories SET path = ?, content = ?, content_sha256 = ?, size_bytes = ?, updated_at = ? WHERE id = ?",
        [next.path, next.content, next.content_sha256, next.size_bytes, at, memoryId],
      );
      const version = yield* addVersion(newVersionRow(next, "updated", input.author, at));
      return { ok: true, memory: next, version };
    },
  },
  deleteMemory: {
    tx: true,
    *steps(accountId, storeId, memoryId, { author, expectedSha256 }) {
      const row = yield* writableMemory(accountId, storeId, memoryId, expectedSha256);
      if (typeof row === "string") return { ok: false, reason: row } as const;
      yield* exec("DELETE FROM memories WHERE id = ?", [memoryId]);
      return { ok: true, version: yield* addVersion(newVersionRow(row, "deleted", author, yield* now())) } as const;
    },
  },

  listVersions: {
    tx: false,
    *steps(accountId, storeId, { memoryId, page: query }) {
      if (!(yield* findStore(accountId, storeId))) return null;
      return yield* page({
        select: `SELECT ${VERSION_SUMMARY_COLUMNS} FROM memory_versions WHERE store_id = ?${memoryId !== undefined ? " AND memory_id = ?" : ""}`,
        params: memoryId !== undefined ? [storeId, memoryId] : [storeId],
        key: "id",
        order: "desc",
        page: query,
        map: (r: Omit<MemoryVersionRow, "content">) => toVersion(r),
        getId: (v) => v.id,
      });
    },
  },
  getVersion: {
    tx: false,
    *steps(accountId, storeId, versionId) {
      if (!(yield* findStore(accountId, storeId))) return null;
      const row = yield* one<MemoryVersionRow>(VERSION, [versionId, storeId]);
      return row ? toVersion(row) : null;
    },
  },
  getVersions: {
    tx: false,
    *steps(accountId, storeId, versionIds) {
      if (!(yield* findStore(accountId, storeId))) return null;
      if (versionIds.length === 0) return [];
      const rows = yield* all<MemoryVersionRow>(
        `SELECT ${VERSION_COLUMNS} FROM memory_versions WHERE store_id = ? AND id IN (${placeholders(versionIds)})`,
        [storeId, ...versionIds],
      );
      return rows.map((r) => toVersion(r));
    },
  },
  newestVersions: {
    tx: false,
    *steps(accountId, storeId, memoryIds) {
      if (!(yield* findStore(accountId, storeId))) return null;
      if (memoryIds.length === 0) return [];
      // Newest by id (time-ordered), as listVersions orders them.
      const rows = yield* all<Omit<MemoryVersionRow, "content">>(
        `SELECT ${VERSION_SUMMARY_COLUMNS} FROM memory_versions v
         WHERE v.store_id = ? AND v.memory_id IN (${placeholders(memoryIds)})
           AND v.id = (SELECT MAX(w.id) FROM memory_versions w WHERE w.store_id = v.store_id AND w.memory_id = v.memory_id)`,
        [storeId, ...memoryIds],
      );
      return rows.map((r) => toVersion(r));
    },
  },
  redactVersion: {
    tx: true,
    *steps(accountId, storeId, versionId) {
      if (!(yield* findStore(accountId, storeId))) return null;
      const redacted = yield* one<MemoryVersionRow>(
        `UPDATE memory_versions SET content = NULL, content_sha256 = NULL, size_bytes = 0, redacted_at = ?
         WHERE id = ? AND store_id = ? AND redacted_at IS NULL RETURNING ${VERSION_COLUMNS}`,
        [yield* now(), versionId, storeId],
      );
      if (redacted) return toVersion(redacted);
      const row = yield* one<MemoryVersionRow>(VERSION, [versionId, storeId]);
      return row ? toVersion(row) : null;
    },
  },

  attachToSession: {
    tx: true,
    *steps(accountId, sessionId, resources) {
      for (const [index, r] of resources.entries()) {
        // {forShare}: an archive of the store waits until this session is committed (or rolled back).
        const store = yield* findStore(accountId, r.memory_store_id, "{forShare}");
        if (!store) return { ok: false, reason: "not_found", index } as const;
        if (store.archived_at) return { ok: false, reason: "archived", index } as const;
      }
      for (const [index, r] of resources.entries()) {
        yield* exec(
          "INSERT INTO session_memory_stores (session_id, position, memory_store_id, access) VALUES (?, ?, ?, ?)",
          [sessionId, index, r.memory_store_id, r.access],
        );
      }
      return { ok: true } as const;
    },
  },
  sessionStores: {
    tx: false,
    *steps(accountId, sessionId) {
      const rows = yield* all<{ memory_store_id: string; access: string }>(
        `SELECT l.memory_store_id, l.access FROM session_memory_stores l
         JOIN sessions s ON s.id = l.session_id
         WHERE l.session_id = ? AND s.account_id = ? ORDER BY l.position`,
        [sessionId, accountId],
      );
      return rows.map(toSessionStore);
    },
  },
  sessionsStores: {
    tx: false,
    *steps(accountId, sessionIds) {
      if (sessionIds.length === 0) return [];
      const rows = yield* all<{ session_id: string; memory_store_id: string; access: string }>(
        `SELECT l.session_id, l.memory_store_id, l.access FROM session_memory_stores l
         JOIN sessions s ON s.id = l.session_id
         WHERE s.account_id = ? AND l.session_id IN (${placeholders(sessionIds)})
         ORDER BY l.session_id, l.position`,
        [accountId, ...sessionIds],
      );
      return rows.map((r) => ({ session_id: r.session_id, ...toSessionStore(r) }));
    },
  },
};
