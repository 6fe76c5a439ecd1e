/**
 * Dreams (port/dreams.ts), written once for both adapters, and `settleDream`: the end of a
 * dream's session's first turn settles it in that transaction (the run store, an interrupt,
 * an archive or delete of the session), as deployment runs are settled.
 */
import type { CreateDreamResult, DreamError, DreamStore } from "../port/dreams.ts";
import { DREAM_COLUMNS, DREAM_SELECT, type DreamReadRow, type DreamRow, newDreamRow, toDream } from "../rows/dreams.ts";
import { all, exec, marks, now, one, page, type StepStore, type Steps, signal } from "./steps.ts";

const findDream = (where: string, params: unknown[]) => one<DreamReadRow>(`${DREAM_SELECT} WHERE ${where}`, params);

const ENDED = "status IN ('completed', 'failed', 'canceled')";

export const dreams: StepStore<DreamStore> = {
  createDream: {
    tx: true,
    *steps(accountId, input): Steps<CreateDreamResult> {
      const store = yield* one<{ archived_at: string | null }>(
        "SELECT archived_at FROM memory_stores WHERE id = ? AND account_id = ?{forShare}",
        [input.input_store_id, accountId],
      );
      if (!store) return { ok: false, reason: "store_not_found" };
      if (store.archived_at) return { ok: false, reason: "store_archived" };
      const found = new Set(
        (yield* all<{ id: string }>(
          `SELECT id FROM sessions WHERE account_id = ? AND id IN (${marks(input.session_ids.length)})`,
          [accountId, ...input.session_ids],
        )).map((r) => r.id),
      );
      const missing = input.session_ids.find((id) => !found.has(id));
      if (missing) return { ok: false, reason: "session_not_found", session_id: missing };
      if (input.output_behavior.type === "update_existing") {
        const holder = yield* one<{ id: string }>("SELECT id FROM dreams WHERE target_store_id = ?", [
          input.input_store_id,
        ]);
        if (holder) return { ok: false, reason: "store_held", dream_id: holder.id };
      }
      const row = newDreamRow(accountId, input, yield* now());
      yield* exec(
        `INSERT INTO dreams (${DREAM_COLUMNS.join(", ")}) VALUES (${marks(DREAM_COLUMNS.length)})`,
        DREAM_COLUMNS.map((c) => row[c]),
      );
      yield* signal("dreams");
      return { ok: true, dream: toDream(row) };
    },
  },
  getDream: {
    tx: false,
    *steps(accountId, id) {
      const row = yield* findDream("d.id = ? AND d.account_id = ?", [id, accountId]);
      return row ? toDream(row) : null;
    },
  },
  listDreams: {
    tx: false,
    steps(accountId, { includeArchived, statuses, createdAt, page: query }) {
      let select = `${DREAM_SELECT} WHERE d.account_id = ?`;
      const params: unknown[] = [accountId];
      if (!includeArchived) select += " AND d.archived_at IS NULL";
      if (statuses && statuses.length > 0) {
        select += ` AND d.status IN (${marks(statuses.length)})`;
        params.push(...statuses);
      }
      return page({
        select,
        params,
        key: "d.id",
        createdAtColumn: "d.created_at",
        order: "desc",
        page: { ...query, ...(createdAt ? { createdAt } : {}) },
        map: (r: DreamReadRow) => toDream(r),
        getId: (d) => d.id,
      });
    },
  },
  archiveDream: {
    tx: true,
    *steps(accountId, id) {
      const row = yield* one<DreamRow>("SELECT * FROM dreams WHERE id = ? AND account_id = ?{lock}", [id, accountId]);
      if (!row) return null;
      if (row.status === "pending" || row.status === "running") return "active" as const;
      if (row.archived_at === null) {
        const at = yield* now();
        yield* exec("UPDATE dreams SET archived_at = ?, updated_at = ? WHERE id = ?", [at, at, id]);
      }
      const read = yield* findDream("d.id = ?", [id]);
      return read ? toDream(read) : null;
    },
  },
  cancelDream: {
    tx: true,
    *steps(accountId, id) {
      const row = yield* one<DreamRow>("SELECT * FROM dreams WHERE id = ? AND account_id = ?{lock}", [id, accountId]);
      if (!row) return null;
      if (row.status === "completed" || row.status === "failed") return "ended" as const;
      let interrupt: string | null = null;
      if (row.status !== "canceled") {
        yield* endDream(row, "canceled", null);
        interrupt = row.session_id;
      }
      const read = yield* findDream("d.id = ?", [id]);
      if (!read) throw new Error(`dream ${id} vanished while held`);
      return { dream: toDream(read), interrupt };
    },
  },
  pendingDreams: {
    tx: false,
    *steps(limit) {
      const rows = yield* all<DreamRow>("SELECT * FROM dreams WHERE status = 'pending' ORDER BY id LIMIT ?", [limit]);
      return rows.map(toDream);
    },
  },
  claimDream: {
    tx: true,
    *steps(id) {
      const at = yield* now();
      const claimed = yield* exec(
        "UPDATE dreams SET status = 'running', updated_at = ? WHERE id = ? AND status = 'pending'",
        [at, id],
      );
      if (claimed === 0) return null;
      const row = yield* findDream("d.id = ?", [id]);
      return row ? toDream(row) : null;
    },
  },
  setDreamStarted: {
    tx: true,
    *steps(id, sessionId, outputStoreId) {
      yield* exec("UPDATE dreams SET session_id = ?, output_store_id = ?, updated_at = ? WHERE id = ?", [
        sessionId,
        outputStoreId,
        yield* now(),
        id,
      ]);
    },
  },
  failDream: {
    tx: true,
    *steps(id, error) {
      const row = yield* one<DreamRow>(`SELECT * FROM dreams WHERE id = ? AND NOT ${ENDED}{lock}`, [id]);
      if (!row) return false;
      yield* endDream(row, "failed", error);
      return true;
    },
  },
};

/** Ends a dream: its status, error, end time and usage (copied from its session), its store released. */
function* endDream(row: DreamRow, status: "completed" | "failed" | "canceled", error: DreamError | null): Steps<void> {
  const at = yield* now();
  yield* exec(
    `UPDATE dreams SET status = ?, error = ?, ended_at = ?, updated_at = ?, target_store_id = NULL,
       input_tokens = COALESCE((SELECT s.input_tokens FROM sessions s WHERE s.id = dreams.session_id), input_tokens),
       output_tokens = COALESCE((SELECT s.output_tokens FROM sessions s WHERE s.id = dreams.session_id), output_tokens),
       cache_read_input_tokens = COALESCE((SELECT s.cache_read_input_tokens FROM sessions s WHERE s.id = dreams.session_id), cache_read_input_tokens),
       cache_creation_input_tokens = COALESCE((SELECT s.cache_creation_input_tokens FROM sessions s WHERE s.id = dreams.session_id), cache_creation_input_tokens)
     WHERE id = ?`,
    [status, error === null ? null : JSON.stringify(error), at, at, row.id],
  );
}

/**
 * Settles the running dream whose session this is: `completed` at the end of its first turn, or
 * `failed` with the turn's error (or the session's end). A canceled dream stays canceled.
 */
export function* settleDream(
  sessionId: string,
  outcome: { status: "succeeded" } | { status: "failed"; error: DreamError },
): Steps<void> {
  const row = yield* one<DreamRow>("SELECT * FROM dreams WHERE session_id = ? AND status = 'running'{lock}", [
    sessionId,
  ]);
  if (!row) return;
  yield* endDream(
    row,
    outcome.status === "succeeded" ? "completed" : "failed",
    // The turn's error may carry more (retry_status, ...): a dream keeps its type and words.
    outcome.status === "failed" ? { type: outcome.error.type, message: outcome.error.message } : null,
  );
}
