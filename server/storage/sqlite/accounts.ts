import { newId } from "../../ids.ts";
import type { Account, AccountStore, ApiTokenRecord } from "../port/accounts.ts";
import { dueForTouch, TOKEN_SELECT } from "../rows/accounts.ts";
import { isBusy, type SqliteContext } from "./context.ts";

export function createAccountStore(ctx: SqliteContext): AccountStore {
  const { db } = ctx;
  const byName = db.prepare("SELECT id, name, created_at FROM accounts WHERE name = ?");
  const tokenById = db.prepare(`${TOKEN_SELECT} WHERE t.id = ?`);
  const tokenByHash = db.prepare(`${TOKEN_SELECT} WHERE t.token_hash = ?`);
  const auth = db.prepare(
    "SELECT id, account_id, last_used_at FROM api_tokens WHERE token_hash = ? AND revoked_at IS NULL",
  );
  const touch = db.prepare("UPDATE api_tokens SET last_used_at = ? WHERE id = ?");

  const insertToken = (accountId: string, tokenHash: string, hint: string): ApiTokenRecord => {
    const id = newId("tok");
    db.prepare("INSERT INTO api_tokens (id, account_id, token_hash, hint, created_at) VALUES (?, ?, ?, ?, ?)").run(
      id,
      accountId,
      tokenHash,
      hint,
      ctx.now(),
    );
    return tokenById.get(id) as ApiTokenRecord;
  };

  return {
    ensureAccount(name) {
      return ctx.tx(() => {
        const found = byName.get(name) as Account | undefined;
        if (found) return found;
        const account: Account = { id: newId("acct"), name, created_at: ctx.now() };
        db.prepare("INSERT INTO accounts (id, name, created_at) VALUES (?, ?, ?)").run(
          account.id,
          account.name,
          account.created_at,
        );
        return account;
      });
    },
    findAccountByName(name) {
      return (byName.get(name) as Account | undefined) ?? null;
    },
    createToken(accountId, tokenHash, hint) {
      return ctx.tx(() => insertToken(accountId, tokenHash, hint));
    },
    ensureToken(accountId, tokenHash, hint) {
      return ctx.tx(() => {
        const found = tokenByHash.get(tokenHash) as ApiTokenRecord | undefined;
        return found ?? insertToken(accountId, tokenHash, hint);
      });
    },
    authenticate(tokenHash) {
      const row = auth.get(tokenHash) as { id: string; account_id: string; last_used_at: string | null } | undefined;
      if (!row) return null;
      // Record use at most once a minute: authentication stays a read on the hot path.
      const now = ctx.clock.now();
      if (dueForTouch(row.last_used_at, now)) {
        try {
          touch.run(now.toISOString(), row.id);
        } catch (err) {
          // Best effort: another process holding the write lock must not fail authentication.
          if (!isBusy(err)) throw err;
        }
      }
      return { accountId: row.account_id, tokenId: row.id };
    },
    listTokens() {
      return db.prepare(`${TOKEN_SELECT} ORDER BY t.id`).all() as ApiTokenRecord[];
    },
    countActiveTokens() {
      const row = db.prepare("SELECT count(*) AS n FROM api_tokens WHERE revoked_at IS NULL").get() as {
        n: number;
      };
      return row.n;
    },
    revokeToken(tokenId) {
      const res = db
        .prepare("UPDATE api_tokens SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL")
        .run(ctx.now(), tokenId);
      return res.changes === 1;
    },
  };
}
