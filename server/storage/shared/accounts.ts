/**
 * Accounts and their bearer tokens (port/accounts.ts), written once for both adapters. Creating
 * an account or a token that may already exist inserts with ON CONFLICT DO NOTHING and reads the
 * row back, so two replicas doing it at once both end with the one row.
 */
import { newId } from "../../ids.ts";
import type { Account, AccountStore, ApiTokenRecord } from "../port/accounts.ts";
import { dueForTouch, TOKEN_SELECT, TOKEN_TOUCH_INTERVAL_MS } from "../rows/accounts.ts";
import { all, exec, now, one, type StepStore, type Steps, tryExec } from "./steps.ts";

const byName = (name: string) => one<Account>("SELECT id, name, created_at FROM accounts WHERE name = ?", [name]);

const tokenBy = (column: "id" | "token_hash", value: string) =>
  one<ApiTokenRecord>(`${TOKEN_SELECT} WHERE t.${column} = ?`, [value]);

function* insertToken(accountId: string, tokenHash: string, hint: string, onConflict = ""): Steps<void> {
  yield* exec(
    `INSERT INTO api_tokens (id, account_id, token_hash, hint, created_at) VALUES (?, ?, ?, ?, ?)${onConflict}`,
    [newId("tok"), accountId, tokenHash, hint, yield* now()],
  );
}

export const accounts: StepStore<AccountStore> = {
  ensureAccount: {
    tx: true,
    *steps(name) {
      yield* exec("INSERT INTO accounts (id, name, created_at) VALUES (?, ?, ?) ON CONFLICT (name) DO NOTHING", [
        newId("acct"),
        name,
        yield* now(),
      ]);
      const account = yield* byName(name);
      if (!account) throw new Error(`account ${name} was neither found nor created`);
      return account;
    },
  },
  findAccountByName: { tx: false, steps: byName },
  createToken: {
    tx: true,
    *steps(accountId, tokenHash, hint) {
      yield* insertToken(accountId, tokenHash, hint);
      return (yield* tokenBy("token_hash", tokenHash)) as ApiTokenRecord;
    },
  },
  ensureToken: {
    tx: true,
    *steps(accountId, tokenHash, hint) {
      yield* insertToken(accountId, tokenHash, hint, " ON CONFLICT (token_hash) DO NOTHING");
      return (yield* tokenBy("token_hash", tokenHash)) as ApiTokenRecord;
    },
  },
  authenticate: {
    tx: false,
    *steps(tokenHash) {
      const row = yield* one<{ id: string; account_id: string; last_used_at: string | null }>(
        "SELECT id, account_id, last_used_at FROM api_tokens WHERE token_hash = ? AND revoked_at IS NULL",
        [tokenHash],
      );
      if (!row) return null;
      // Record use at most once a minute, best effort: authentication stays a read on the hot path,
      // and another process holding the write lock must not fail it. The condition is repeated in
      // the statement, so replicas racing on one token write it once.
      const at = new Date(yield* now());
      if (dueForTouch(row.last_used_at, at)) {
        yield* tryExec(
          "UPDATE api_tokens SET last_used_at = ? WHERE id = ? AND (last_used_at IS NULL OR last_used_at < ?)",
          [at.toISOString(), row.id, new Date(at.getTime() - TOKEN_TOUCH_INTERVAL_MS).toISOString()],
        );
      }
      return { accountId: row.account_id, tokenId: row.id };
    },
  },
  listTokens: { tx: false, steps: () => all<ApiTokenRecord>(`${TOKEN_SELECT} ORDER BY t.id`) },
  countActiveTokens: {
    tx: false,
    *steps() {
      const row = yield* one<{ n: number }>("SELECT count(*) AS n FROM api_tokens WHERE revoked_at IS NULL");
      return Number(row?.n ?? 0);
    },
  },
  revokeToken: {
    tx: true,
    *steps(tokenId) {
      return (
        (yield* exec("UPDATE api_tokens SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL", [
          yield* now(),
          tokenId,
        ])) === 1
      );
    },
  },
};
