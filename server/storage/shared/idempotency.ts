/**
 * Idempotency-Key records (port/idempotency.ts), written once for both adapters. On PostgreSQL a
 * claim holds the key's row (`{forUpdate}`), and a concurrent first use of the key on another
 * replica is met by ON CONFLICT, which waits for its commit.
 */
import type { IdempotencyClaim, IdempotencyStore } from "../port/idempotency.ts";
import { claimOfExisting, isStale, type KeyRow, LAZY_PURGE_BATCH } from "../rows/idempotency.ts";
import { all, exec, now, one, type StepStore, type Steps } from "./steps.ts";

/**
 * The oldest expired records, at most the limit; on PostgreSQL rows another transaction is
 * deleting (or claiming) are skipped rather than waited for, so concurrent purges never block each other.
 */
const PURGE = `DELETE FROM idempotency_keys WHERE (account_id, key) IN (
  SELECT account_id, key FROM idempotency_keys WHERE created_at < ? ORDER BY created_at LIMIT ?{forUpdateSkipLocked})`;

export const idempotency: StepStore<IdempotencyStore> = {
  claim: {
    tx: true,
    *steps(request, { expiredBefore, lockedUntil }): Steps<IdempotencyClaim> {
      const at = yield* now();
      yield* exec(PURGE, [expiredBefore, LAZY_PURGE_BATCH]);
      const find = () =>
        one<KeyRow>("SELECT * FROM idempotency_keys WHERE account_id = ? AND key = ?{forUpdate}", [
          request.accountId,
          request.key,
        ]);
      let row = yield* find();
      if (row && isStale(row, expiredBefore, at)) {
        yield* exec("DELETE FROM idempotency_keys WHERE account_id = ? AND key = ?", [request.accountId, request.key]);
        row = null;
      }
      if (!row) {
        const inserted = yield* exec(
          `INSERT INTO idempotency_keys (account_id, key, method, path, fingerprint, created_at, locked_until)
           VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (account_id, key) DO NOTHING`,
          [request.accountId, request.key, request.method, request.path, request.fingerprint, at, lockedUntil],
        );
        if (inserted === 1) return { outcome: "claimed" };
        row = yield* find();
        if (!row) return { outcome: "in_flight" };
      }
      return claimOfExisting(row, request);
    },
  },
  complete: {
    tx: true,
    *steps(accountId, key, response) {
      yield* exec(
        `UPDATE idempotency_keys SET status = ?, content_type = ?, body_sealed = ?, completed_at = ?, locked_until = NULL
         WHERE account_id = ? AND key = ? AND status IS NULL`,
        [response.status, response.contentType, response.bodySealed, yield* now(), accountId, key],
      );
    },
  },
  release: {
    tx: true,
    *steps(accountId, key) {
      yield* exec("DELETE FROM idempotency_keys WHERE account_id = ? AND key = ? AND status IS NULL", [accountId, key]);
    },
  },
  deleteExpiredIdempotencyKeys: {
    tx: true,
    steps: (before, limit) => exec(PURGE, [before, limit]),
  },
  keptResponses: {
    tx: false,
    *steps(accountId, paths) {
      if (paths.length === 0) return [];
      const rows = yield* all<{ key: string; path: string; body_sealed: string }>(
        `SELECT key, path, body_sealed FROM idempotency_keys
         WHERE account_id = ? AND status IS NOT NULL AND body_sealed IS NOT NULL AND path IN (${paths.map(() => "?").join(", ")})`,
        [accountId, ...paths],
      );
      return rows.map((r) => ({ key: r.key, path: r.path, bodySealed: r.body_sealed }));
    },
  },
  replaceResponse: {
    tx: true,
    *steps(accountId, key, bodySealed, replacement) {
      return (
        (yield* exec(
          `UPDATE idempotency_keys SET status = ?, content_type = ?, body_sealed = ?
           WHERE account_id = ? AND key = ? AND body_sealed = ?`,
          [replacement.status, replacement.contentType, replacement.bodySealed, accountId, key, bodySealed],
        )) === 1
      );
    },
  },
};
