import type { Async } from "../port/index.ts";
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
import type { PgContext } from "./context.ts";
import { appendEvent } from "./outbox.ts";
import { keysetList } from "./pagination.ts";

/** `lock`: a row lock clause (" FOR NO KEY UPDATE", " FOR SHARE") held until commit. */
const findStore = (ctx: PgContext, accountId: string, storeId: string, lock = "") =>
  ctx.one<MemoryStoreRow>(`SELECT ${STORE_COLUMNS} FROM memory_stores WHERE id = $1 AND account_id = $2${lock}`, [
    storeId,
    accountId,
  ]);

const findMemory = (ctx: PgContext, storeId: string, memoryId: string) =>
  ctx.one<MemoryRow>(`SELECT ${MEMORY_COLUMNS} FROM memories WHERE id = $1 AND store_id = $2`, [memoryId, storeId]);

async function addVersion(ctx: PgContext, row: MemoryVersionRow): Promise<MemoryVersionRecord> {
  await ctx.exec(
    `INSERT INTO memory_versions (${VERSION_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
    [
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
    ],
  );
  return toVersion(row);
}

/**
 * The store of a memory write, held `FOR NO KEY UPDATE` until commit: the writes to one store's
 * memories (and its archive) run one after the other on every replica, so the path check, the
 * count and the `content_sha256` precondition each see the last committed state and no update is
 * lost. (NO KEY: the foreign-key checks of the inserts do not wait for it.)
 */
async function writableStore(ctx: PgContext, accountId: string, storeId: string) {
  const store = await findStore(ctx, accountId, storeId, " FOR NO KEY UPDATE");
  if (!store) return "store_not_found" as const;
  if (store.archived_at) return "store_archived" as const;
  return store;
}

/** Memory stores on PostgreSQL; the same behaviour as the SQLite adapter's (sqlite/memoryStores.ts). */
export function createMemoryStoreStore(ctx: PgContext): Async<MemoryStoreStore> {
  return {
    createStore(accountId, input) {
      return ctx.tx(async (tx) => {
        const row = newStoreRow(accountId, input, tx.now());
        // A name taken (also by a concurrent create) inserts nothing instead of failing the transaction.
        const inserted = await tx.exec(
          `INSERT INTO memory_stores (${STORE_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
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
        await appendEvent(tx, accountId, { id: row.id, type: "memory_store.created" });
        return { ok: true, store: toStore(row) } as const;
      });
    },
    async getStore(accountId, storeId) {
      const row = await findStore(ctx, accountId, storeId);
      return row ? toStore(row) : null;
    },
    listStores(accountId, { includeArchived, page }) {
      return keysetList(ctx, {
        select: `SELECT ${STORE_COLUMNS} FROM memory_stores WHERE account_id = $1${includeArchived ? "" : " AND archived_at IS NULL"}`,
        params: [accountId],
        key: "id",
        order: "desc",
        page,
        map: toStore,
        getId: (s) => s.id,
      });
    },
    updateStore(accountId, storeId, update) {
      return ctx.tx(async (tx) => {
        const row = await findStore(tx, accountId, storeId, " FOR NO KEY UPDATE");
        if (!row) return { ok: false, reason: "not_found" } as const;
        if (row.archived_at) return { ok: false, reason: "archived" } as const;
        const next = updatedStore(toStore(row), update(toStore(row)), tx.now());
        const taken = await tx.one("SELECT 1 FROM memory_stores WHERE account_id = $1 AND name = $2 AND id <> $3", [
          accountId,
          next.name,
          storeId,
        ]);
        if (taken) return { ok: false, reason: "name_taken" } as const;
        await tx.exec(
          "UPDATE memory_stores SET name = $1, description = $2, metadata = $3, updated_at = $4 WHERE id = $5",
          [next.name, next.description, JSON.stringify(next.metadata), next.updated_at, storeId],
        );
        return { ok: true, store: next } as const;
      });
    },
    archiveStore(accountId, storeId) {
      return ctx.tx(async (tx) => {
        const now = tx.now();
        // Only the first archive (of concurrent ones too) emits the event.
        const archived = await tx.one<MemoryStoreRow>(
          `UPDATE memory_stores SET archived_at = $1, updated_at = $1
           WHERE id = $2 AND account_id = $3 AND archived_at IS NULL RETURNING ${STORE_COLUMNS}`,
          [now, storeId, accountId],
        );
        if (!archived) {
          const row = await findStore(tx, accountId, storeId);
          return row ? toStore(row) : null;
        }
        await appendEvent(tx, accountId, { id: storeId, type: "memory_store.archived" });
        return toStore(archived);
      });
    },
    deleteStore(accountId, storeId) {
      return ctx.tx(async (tx) => {
        // Memories, versions and session attachments go with it (ON DELETE CASCADE).
        const deleted = await tx.exec("DELETE FROM memory_stores WHERE id = $1 AND account_id = $2", [
          storeId,
          accountId,
        ]);
        if (deleted === 0) return false;
        await appendEvent(tx, accountId, { id: storeId, type: "memory_store.deleted" });
        return true;
      });
    },

    createMemory(accountId, storeId, input, maxPerStore) {
      return ctx.tx(async (tx): Promise<MemoryWriteResult> => {
        const store = await writableStore(tx, accountId, storeId);
        if (typeof store === "string") return { ok: false, reason: store };
        if (await tx.one("SELECT 1 FROM memories WHERE store_id = $1 AND path = $2", [storeId, input.path])) {
          return { ok: false, reason: "path_taken" };
        }
        const count = await tx.one<{ n: number }>("SELECT count(*) AS n FROM memories WHERE store_id = $1", [storeId]);
        if ((count?.n ?? 0) >= maxPerStore) return { ok: false, reason: "too_many" };
        const now = tx.now();
        const row = newMemoryRow(storeId, input.path, input, now);
        await tx.exec(`INSERT INTO memories (${MEMORY_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`, [
          row.id,
          row.store_id,
          row.path,
          row.content,
          row.content_sha256,
          row.size_bytes,
          row.created_at,
          row.updated_at,
        ]);
        const version = await addVersion(tx, newVersionRow(row, "created", input.author, now));
        return { ok: true, memory: row, version };
      });
    },
    async getMemory(accountId, storeId, memoryId) {
      if (!(await findStore(ctx, accountId, storeId))) return null;
      return findMemory(ctx, storeId, memoryId);
    },
    async listMemories(accountId, storeId, { pathPrefix, page }) {
      if (!(await findStore(ctx, accountId, storeId))) return null;
      return keysetList(ctx, {
        select: `SELECT ${MEMORY_SUMMARY_COLUMNS} FROM memories WHERE store_id = $1${pathPrefix !== undefined ? " AND starts_with(path, $2)" : ""}`,
        params: pathPrefix !== undefined ? [storeId, pathPrefix] : [storeId],
        key: "id",
        order: "asc",
        page,
        map: (r: Omit<MemoryRow, "content">) => r,
        getId: (m) => m.id,
      });
    },
    updateMemory(accountId, storeId, memoryId, input) {
      return ctx.tx(async (tx): Promise<MemoryWriteResult> => {
        const store = await writableStore(tx, accountId, storeId);
        if (typeof store === "string") return { ok: false, reason: store };
        const row = await findMemory(tx, storeId, memoryId);
        if (!row) return { ok: false, reason: "memory_not_found" };
        if (input.expectedSha256 !== null && row.content_sha256 !== input.expectedSha256) {
          return { ok: false, reason: "precondition_failed" };
        }
        const now = tx.now();
        const next: MemoryRow = {
          ...row,
          content: input.content,
          content_sha256: input.content_sha256,
          size_bytes: input.size_bytes,
          updated_at: now,
        };
        await tx.exec(
          "UPDATE memories SET content = $1, content_sha256 = $2, size_bytes = $3, updated_at = $4 WHERE id = $5",
          [next.content, next.content_sha256, next.size_bytes, now, memoryId],
        );
        const version = await addVersion(tx, newVersionRow(next, "updated", input.author, now));
        return { ok: true, memory: next, version };
      });
    },
    deleteMemory(accountId, storeId, memoryId, { author, expectedSha256 }) {
      return ctx.tx(async (tx) => {
        const store = await writableStore(tx, accountId, storeId);
        if (typeof store === "string") return { ok: false, reason: store } as const;
        const row = await findMemory(tx, storeId, memoryId);
        if (!row) return { ok: false, reason: "memory_not_found" } as const;
        if (expectedSha256 !== null && row.content_sha256 !== expectedSha256) {
          return { ok: false, reason: "precondition_failed" } as const;
        }
        await tx.exec("DELETE FROM memories WHERE id = $1", [memoryId]);
        return { ok: true, version: await addVersion(tx, newVersionRow(row, "deleted", author, tx.now())) } as const;
      });
    },

    async listVersions(accountId, storeId, { memoryId, page }) {
      if (!(await findStore(ctx, accountId, storeId))) return null;
      return keysetList(ctx, {
        select: `SELECT ${VERSION_SUMMARY_COLUMNS} FROM memory_versions WHERE store_id = $1${memoryId !== undefined ? " AND memory_id = $2" : ""}`,
        params: memoryId !== undefined ? [storeId, memoryId] : [storeId],
        key: "id",
        order: "desc",
        page,
        map: (r: Omit<MemoryVersionRow, "content">) => toVersion(r),
        getId: (v) => v.id,
      });
    },
    async getVersion(accountId, storeId, versionId) {
      if (!(await findStore(ctx, accountId, storeId))) return null;
      const row = await ctx.one<MemoryVersionRow>(
        `SELECT ${VERSION_COLUMNS} FROM memory_versions WHERE id = $1 AND store_id = $2`,
        [versionId, storeId],
      );
      return row ? toVersion(row) : null;
    },
    redactVersion(accountId, storeId, versionId) {
      return ctx.tx(async (tx) => {
        if (!(await findStore(tx, accountId, storeId))) return null;
        const now = tx.now();
        const redacted = await tx.one<MemoryVersionRow>(
          `UPDATE memory_versions SET content = NULL, content_sha256 = NULL, size_bytes = 0, redacted_at = $1
           WHERE id = $2 AND store_id = $3 AND redacted_at IS NULL RETURNING ${VERSION_COLUMNS}`,
          [now, versionId, storeId],
        );
        if (redacted) return toVersion(redacted);
        const row = await tx.one<MemoryVersionRow>(
          `SELECT ${VERSION_COLUMNS} FROM memory_versions WHERE id = $1 AND store_id = $2`,
          [versionId, storeId],
        );
        return row ? toVersion(row) : null;
      });
    },

    attachToSession(accountId, sessionId, resources) {
      return ctx.tx(async (tx) => {
        for (const [index, r] of resources.entries()) {
          // FOR SHARE: an archive of the store waits until this session is committed (or rolled back).
          const store = await findStore(tx, accountId, r.memory_store_id, " FOR SHARE");
          if (!store) return { ok: false, reason: "not_found", index } as const;
          if (store.archived_at) return { ok: false, reason: "archived", index } as const;
        }
        for (const [index, r] of resources.entries()) {
          await tx.exec(
            "INSERT INTO session_memory_stores (session_id, position, memory_store_id, access) VALUES ($1, $2, $3, $4)",
            [sessionId, index, r.memory_store_id, r.access],
          );
        }
        return { ok: true } as const;
      });
    },
    async sessionStores(accountId, sessionId) {
      const rows = await ctx.query<{ memory_store_id: string; access: string }>(
        `SELECT l.memory_store_id, l.access FROM session_memory_stores l
         JOIN sessions s ON s.id = l.session_id
         WHERE l.session_id = $1 AND s.account_id = $2 ORDER BY l.position`,
        [sessionId, accountId],
      );
      return rows.map(toSessionStore);
    },
  };
}
