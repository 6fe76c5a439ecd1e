/**
 * Session resources (port/sessionResources.ts), written once for both adapters. Every write holds
 * the session's row (`{forUpdate}` on PostgreSQL; SQLite's write lock) while it checks that the
 * session is idle, so a turn cannot start between the check and the write, and two adds cannot
 * both pass the mount-path check.
 */
import type { ResourceRefusal, SessionResourceRecord, SessionResourceStore } from "../port/sessionResources.ts";
import { all, exec, now, one, page, type StepStore, type Steps } from "./steps.ts";

const COLUMNS =
  "id, session_id, account_id, type, file_id, url, checkout, token_sealed, mount_path, created_at, updated_at";

type Row = Omit<SessionResourceRecord, "checkout"> & { checkout: string | null };

const toResource = (r: Row): SessionResourceRecord => ({
  ...r,
  checkout: r.checkout === null ? null : (JSON.parse(r.checkout) as SessionResourceRecord["checkout"]),
});

/** The session, held, if it may change now; else the refusal. */
function* idleSession(accountId: string, sessionId: string): Steps<ResourceRefusal | null> {
  const row = yield* one<{ status: string; archived_at: string | null }>(
    "SELECT status, archived_at FROM sessions WHERE id = ? AND account_id = ?{forUpdate}",
    [sessionId, accountId],
  );
  if (!row) return { ok: false, reason: "session_not_found" };
  if (row.archived_at) return { ok: false, reason: "archived" };
  if (row.status === "running" || row.status === "rescheduling") return { ok: false, reason: "busy" };
  return null;
}

function* sessionRows(sessionId: string): Steps<SessionResourceRecord[]> {
  return (yield* all<Row>(`SELECT ${COLUMNS} FROM session_resources WHERE session_id = ? ORDER BY id`, [
    sessionId,
  ])).map(toResource);
}

const findRow = (accountId: string, sessionId: string, id: string) =>
  one<Row>(`SELECT ${COLUMNS} FROM session_resources WHERE id = ? AND session_id = ? AND account_id = ?`, [
    id,
    sessionId,
    accountId,
  ]);

export const sessionResources: StepStore<SessionResourceStore> = {
  addResource: {
    tx: true,
    *steps(accountId, sessionId, resource, check) {
      const refused = yield* idleSession(accountId, sessionId);
      if (refused) return refused;
      if (resource.file_id !== null) {
        const file = yield* one("SELECT id FROM files WHERE id = ? AND account_id = ?{forShare}", [
          resource.file_id,
          accountId,
        ]);
        if (!file) return { ok: false, reason: "file_not_found" };
      }
      const message = check(yield* sessionRows(sessionId));
      if (message !== null) return { ok: false, reason: "refused", message };
      const at = yield* now();
      const record: SessionResourceRecord = {
        ...resource,
        session_id: sessionId,
        account_id: accountId,
        created_at: at,
        updated_at: at,
      };
      yield* exec(`INSERT INTO session_resources (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, [
        record.id,
        record.session_id,
        record.account_id,
        record.type,
        record.file_id,
        record.url,
        record.checkout === null ? null : JSON.stringify(record.checkout),
        record.token_sealed,
        record.mount_path,
        record.created_at,
        record.updated_at,
      ]);
      return { ok: true, resource: record };
    },
  },
  listResources: {
    tx: true,
    *steps(accountId, sessionId, query) {
      const session = yield* one("SELECT id FROM sessions WHERE id = ? AND account_id = ?", [sessionId, accountId]);
      if (!session) return null;
      return yield* page({
        select: `SELECT ${COLUMNS} FROM session_resources WHERE session_id = ?`,
        params: [sessionId],
        key: "id",
        order: "asc",
        page: query,
        map: toResource,
        getId: (r) => r.id,
      });
    },
  },
  sessionResources: {
    tx: false,
    steps: (sessionId) => sessionRows(sessionId),
  },
  getResource: {
    tx: false,
    *steps(accountId, sessionId, id) {
      const row = yield* findRow(accountId, sessionId, id);
      return row ? toResource(row) : null;
    },
  },
  rotateToken: {
    tx: true,
    *steps(accountId, sessionId, id, tokenSealed) {
      const refused = yield* idleSession(accountId, sessionId);
      if (refused) return refused;
      const row = yield* findRow(accountId, sessionId, id);
      if (!row) return { ok: false, reason: "not_found" };
      if (row.type !== "github_repository") return { ok: false, reason: "not_repository" };
      const at = yield* now();
      yield* exec("UPDATE session_resources SET token_sealed = ?, updated_at = ? WHERE id = ?", [tokenSealed, at, id]);
      return { ok: true, resource: toResource({ ...row, token_sealed: tokenSealed, updated_at: at }) };
    },
  },
  deleteResource: {
    tx: true,
    *steps(accountId, sessionId, id) {
      const refused = yield* idleSession(accountId, sessionId);
      if (refused) return refused;
      const removed = yield* exec("DELETE FROM session_resources WHERE id = ? AND session_id = ? AND account_id = ?", [
        id,
        sessionId,
        accountId,
      ]);
      return removed > 0 ? { ok: true } : { ok: false, reason: "not_found" };
    },
  },
};
