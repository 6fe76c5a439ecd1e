/**
 * Files (port/files.ts), written once for both adapters. The account's quota is checked and the
 * row inserted in one transaction that first holds the account's row (`{forUpdate}` on
 * PostgreSQL; SQLite's write lock serialises writers), so two uploads cannot both pass the check.
 */
import type { FileRecord, FileStore } from "../port/files.ts";
import { list } from "./dialect.ts";
import { all, exec, now, one, page, type StepStore } from "./steps.ts";

const COLUMNS =
  "id, account_id, filename, mime_type, size_bytes, sha256, scope_session_id, output_path, created_at, expires_at";

type Row = Omit<FileRecord, "size_bytes"> & { size_bytes: number | bigint };

const toFile = (r: Row): FileRecord => ({ ...r, size_bytes: Number(r.size_bytes) });

function* used(accountId: string) {
  const row = yield* one<{ n: number | bigint | null }>(
    "SELECT coalesce(sum(size_bytes), 0) AS n FROM files WHERE account_id = ?",
    [accountId],
  );
  return Number(row?.n ?? 0);
}

export const files: StepStore<FileStore> = {
  createFile: {
    tx: true,
    *steps(accountId, file, accountMaxBytes) {
      yield* one("SELECT id FROM accounts WHERE id = ?{forUpdate}", [accountId]);
      if (file.scope_session_id !== null) {
        const session = yield* one("SELECT id FROM sessions WHERE id = ? AND account_id = ?", [
          file.scope_session_id,
          accountId,
        ]);
        if (!session) return { ok: false, reason: "session_not_found" };
      }
      const previous =
        file.scope_session_id !== null && file.output_path !== null
          ? yield* one<Row>(`SELECT ${COLUMNS} FROM files WHERE scope_session_id = ? AND output_path = ?`, [
              file.scope_session_id,
              file.output_path,
            ])
          : null;
      const total = (yield* used(accountId)) - (previous ? Number(previous.size_bytes) : 0);
      if (total + file.size_bytes > accountMaxBytes) return { ok: false, reason: "over_quota", used: total };
      if (previous) yield* exec("DELETE FROM files WHERE id = ?", [previous.id]);
      const record: FileRecord = { ...file, account_id: accountId, created_at: yield* now() };
      yield* exec(`INSERT INTO files (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, [
        record.id,
        record.account_id,
        record.filename,
        record.mime_type,
        record.size_bytes,
        record.sha256,
        record.scope_session_id,
        record.output_path,
        record.created_at,
        record.expires_at,
      ]);
      return { ok: true, file: record, replaced: previous?.id ?? null };
    },
  },
  getFile: {
    tx: false,
    *steps(accountId, id) {
      const row = yield* one<Row>(`SELECT ${COLUMNS} FROM files WHERE id = ? AND account_id = ?`, [id, accountId]);
      return row ? toFile(row) : null;
    },
  },
  listFiles: {
    tx: false,
    steps: (accountId, { page: query, scopeId, ids }) => {
      const filters = ["account_id = ?"];
      const params: unknown[] = [accountId];
      if (scopeId !== undefined) {
        filters.push("scope_session_id = ?");
        params.push(scopeId);
      }
      if (ids !== undefined) {
        filters.push("{in:id}");
        params.push(list(ids));
      }
      return page({
        select: `SELECT ${COLUMNS} FROM files WHERE ${filters.join(" AND ")}`,
        params,
        key: "id",
        order: "desc",
        page: query,
        map: toFile,
        getId: (f) => f.id,
      });
    },
  },
  deleteFile: {
    tx: true,
    *steps(accountId, id) {
      const row = yield* one<Row>(`SELECT ${COLUMNS} FROM files WHERE id = ? AND account_id = ?{forUpdate}`, [
        id,
        accountId,
      ]);
      if (!row) return null;
      yield* exec("DELETE FROM files WHERE id = ?", [id]);
      return toFile(row);
    },
  },
  usedBytes: {
    tx: false,
    steps: (accountId) => used(accountId),
  },
  sessionOutputs: {
    tx: false,
    *steps(sessionId) {
      const rows = yield* all<Row>(
        `SELECT ${COLUMNS} FROM files WHERE scope_session_id = ? AND output_path IS NOT NULL ORDER BY id`,
        [sessionId],
      );
      return rows.map(toFile);
    },
  },
  existingFiles: {
    tx: false,
    *steps(ids) {
      if (ids.length === 0) return [];
      return (yield* all<{ id: string }>("SELECT id FROM files WHERE {in:id}", [list(ids)])).map((r) => r.id);
    },
  },
};
