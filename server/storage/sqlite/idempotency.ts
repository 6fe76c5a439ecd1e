import type { IdempotencyStore } from "../port/idempotency.ts";
import { claimOfExisting, isStale, type KeyRow, LAZY_PURGE_BATCH } from "../rows/idempotency.ts";
import type { SqliteContext } from "./context.ts";

export function createIdempotencyStore(ctx: SqliteContext): IdempotencyStore {
  const { db } = ctx;
  const find = db.prepare("SELECT * FROM idempotency_keys WHERE account_id = ? AND key = ?");
  const remove = db.prepare("DELETE FROM idempotency_keys WHERE account_id = ? AND key = ?");
  const insert = db.prepare(
    `INSERT INTO idempotency_keys (account_id, key, method, path, fingerprint, created_at, locked_until)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const complete = db.prepare(
    `UPDATE idempotency_keys SET status = ?, content_type = ?, body_sealed = ?, completed_at = ?, locked_until = NULL
     WHERE account_id = ? AND key = ? AND status IS NULL`,
  );
  const release = db.prepare("DELETE FROM idempotency_keys WHERE account_id = ? AND key = ? AND status IS NULL");
  const purge = db.prepare(
    `DELETE FROM idempotency_keys WHERE rowid IN (
       SELECT rowid FROM idempotency_keys WHERE created_at < ? ORDER BY created_at LIMIT ?)`,
  );

  return {
    claim(request, { expiredBefore, lockedUntil }) {
      return ctx.tx(() => {
        const now = ctx.now();
        purge.run(expiredBefore, LAZY_PURGE_BATCH);
        let row = find.get(request.accountId, request.key) as KeyRow | undefined;
        if (row && isStale(row, expiredBefore, now)) {
          remove.run(request.accountId, request.key);
          row = undefined;
        }
        if (!row) {
          insert.run(
            request.accountId,
            request.key,
            request.method,
            request.path,
            request.fingerprint,
            now,
            lockedUntil,
          );
          return { outcome: "claimed" } as const;
        }
        return claimOfExisting(row, request);
      });
    },
    complete(accountId, key, response) {
      ctx.tx(() => complete.run(response.status, response.contentType, response.bodySealed, ctx.now(), accountId, key));
    },
    release(accountId, key) {
      ctx.tx(() => release.run(accountId, key));
    },
    deleteExpiredIdempotencyKeys(before, limit) {
      return ctx.tx(() => purge.run(before, limit).changes);
    },
  };
}
