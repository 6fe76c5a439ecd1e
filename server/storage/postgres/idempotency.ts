import type { IdempotencyClaim, IdempotencyStore } from "../port/idempotency.ts";
import type { Async } from "../port/index.ts";
import { claimOfExisting, isStale, type KeyRow, LAZY_PURGE_BATCH } from "../rows/idempotency.ts";
import type { PgContext } from "./context.ts";

/**
 * The oldest expired records, at most $2; rows another transaction is deleting (or claiming) are
 * skipped rather than waited for, so concurrent purges never block each other.
 */
const PURGE = `DELETE FROM idempotency_keys WHERE (account_id, key) IN (
  SELECT account_id, key FROM idempotency_keys WHERE created_at < $1 ORDER BY created_at LIMIT $2
  FOR UPDATE SKIP LOCKED)`;

/** Idempotency-Key records; the same behaviour as the SQLite adapter's (sqlite/idempotency.ts). */
export function createIdempotencyStore(ctx: PgContext): Async<IdempotencyStore> {
  return {
    claim(request, { expiredBefore, lockedUntil }) {
      return ctx.tx(async (tx): Promise<IdempotencyClaim> => {
        const now = tx.now();
        await tx.exec(PURGE, [expiredBefore, LAZY_PURGE_BATCH]);
        const find = () =>
          tx.one<KeyRow>("SELECT * FROM idempotency_keys WHERE account_id = $1 AND key = $2 FOR UPDATE", [
            request.accountId,
            request.key,
          ]);
        let row = await find();
        if (row && isStale(row, expiredBefore, now)) {
          await tx.exec("DELETE FROM idempotency_keys WHERE account_id = $1 AND key = $2", [
            request.accountId,
            request.key,
          ]);
          row = null;
        }
        if (!row) {
          // A concurrent first use of the key (another replica): ON CONFLICT waits for its commit,
          // then this request sees its record like any later retry would.
          const inserted = await tx.exec(
            `INSERT INTO idempotency_keys (account_id, key, method, path, fingerprint, created_at, locked_until)
             VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (account_id, key) DO NOTHING`,
            [request.accountId, request.key, request.method, request.path, request.fingerprint, now, lockedUntil],
          );
          if (inserted === 1) return { outcome: "claimed" };
          row = await find();
          if (!row) return { outcome: "in_flight" };
        }
        return claimOfExisting(row, request);
      });
    },
    async complete(accountId, key, response) {
      await ctx.tx((tx) =>
        tx.exec(
          `UPDATE idempotency_keys SET status = $1, content_type = $2, body_sealed = $3, completed_at = $4, locked_until = NULL
           WHERE account_id = $5 AND key = $6 AND status IS NULL`,
          [response.status, response.contentType, response.bodySealed, tx.now(), accountId, key],
        ),
      );
    },
    async release(accountId, key) {
      await ctx.tx((tx) =>
        tx.exec("DELETE FROM idempotency_keys WHERE account_id = $1 AND key = $2 AND status IS NULL", [accountId, key]),
      );
    },
    deleteExpiredIdempotencyKeys(before, limit) {
      return ctx.tx((tx) => tx.exec(PURGE, [before, limit]));
    },
  };
}
