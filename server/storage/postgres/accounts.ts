import { newId } from "../../ids.ts";
import type { Account, AccountStore, ApiTokenRecord } from "../port/accounts.ts";
import type { Async } from "../port/index.ts";
import { dueForTouch, TOKEN_SELECT, TOKEN_TOUCH_INTERVAL_MS } from "../rows/accounts.ts";
import type { PgContext } from "./context.ts";

/** Accounts and their bearer tokens; the same behaviour as the SQLite adapter's (sqlite/accounts.ts). */
export function createAccountStore(ctx: PgContext): Async<AccountStore> {
  const byName = (c: PgContext, name: string) =>
    c.one<Account>("SELECT id, name, created_at FROM accounts WHERE name = $1", [name]);
  const tokenBy = async (c: PgContext, column: "id" | "token_hash", value: string) =>
    c.one<ApiTokenRecord>(`${TOKEN_SELECT} WHERE t.${column} = $1`, [value]);

  return {
    ensureAccount(name) {
      return ctx.tx(async (tx) => {
        // Two replicas creating the same account at once: one inserts, the other finds its row.
        await tx.exec("INSERT INTO accounts (id, name, created_at) VALUES ($1, $2, $3) ON CONFLICT (name) DO NOTHING", [
          newId("acct"),
          name,
          tx.now(),
        ]);
        const account = await byName(tx, name);
        if (!account) throw new Error(`account ${name} was neither found nor created`);
        return account;
      });
    },
    findAccountByName(name) {
      return byName(ctx, name);
    },
    createToken(accountId, tokenHash, hint) {
      return ctx.tx(async (tx) => {
        const id = newId("tok");
        await tx.exec(
          "INSERT INTO api_tokens (id, account_id, token_hash, hint, created_at) VALUES ($1, $2, $3, $4, $5)",
          [id, accountId, tokenHash, hint, tx.now()],
        );
        return (await tokenBy(tx, "id", id)) as ApiTokenRecord;
      });
    },
    ensureToken(accountId, tokenHash, hint) {
      return ctx.tx(async (tx) => {
        await tx.exec(
          `INSERT INTO api_tokens (id, account_id, token_hash, hint, created_at) VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (token_hash) DO NOTHING`,
          [newId("tok"), accountId, tokenHash, hint, tx.now()],
        );
        return (await tokenBy(tx, "token_hash", tokenHash)) as ApiTokenRecord;
      });
    },
    async authenticate(tokenHash) {
      const row = await ctx.one<{ id: string; account_id: string; last_used_at: string | null }>(
        "SELECT id, account_id, last_used_at FROM api_tokens WHERE token_hash = $1 AND revoked_at IS NULL",
        [tokenHash],
      );
      if (!row) return null;
      // Record use at most once a minute: authentication stays a read on the hot path. The
      // condition is repeated in the statement, so replicas racing on one token write it once.
      const now = ctx.clock.now();
      if (dueForTouch(row.last_used_at, now)) {
        await ctx.exec(
          "UPDATE api_tokens SET last_used_at = $1 WHERE id = $2 AND (last_used_at IS NULL OR last_used_at < $3)",
          [now.toISOString(), row.id, new Date(now.getTime() - TOKEN_TOUCH_INTERVAL_MS).toISOString()],
        );
      }
      return { accountId: row.account_id, tokenId: row.id };
    },
    listTokens() {
      return ctx.query<ApiTokenRecord>(`${TOKEN_SELECT} ORDER BY t.id`);
    },
    async countActiveTokens() {
      const row = await ctx.one<{ n: number }>("SELECT count(*) AS n FROM api_tokens WHERE revoked_at IS NULL");
      return row?.n ?? 0;
    },
    async revokeToken(tokenId) {
      const changed = await ctx.tx((tx) =>
        tx.exec("UPDATE api_tokens SET revoked_at = $1 WHERE id = $2 AND revoked_at IS NULL", [tx.now(), tokenId]),
      );
      return changed === 1;
    },
  };
}
