export interface Account {
  id: string;
  name: string;
  created_at: string;
}

export interface ApiTokenRecord {
  id: string;
  account_id: string;
  account_name: string;
  /** The first characters of the token, enough to recognise it in `token list`. */
  hint: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

/** Accounts and their bearer tokens. Tokens are stored as SHA-256 hashes only. */
export interface AccountStore {
  /** Returns the account with this name, creating it if needed. */
  ensureAccount(name: string): Account;
  findAccountByName(name: string): Account | null;
  /** Stores a token hash for the account; returns the token record. */
  createToken(accountId: string, tokenHash: string, hint: string): ApiTokenRecord;
  /** Ensures a token with this hash exists for the account (idempotent, un-revokes nothing). */
  ensureToken(accountId: string, tokenHash: string, hint: string): ApiTokenRecord;
  /** The account of an active token, or null for unknown and revoked tokens. */
  authenticate(tokenHash: string): { accountId: string; tokenId: string } | null;
  listTokens(): ApiTokenRecord[];
  countActiveTokens(): number;
  /** Revokes a token; false when no such active token exists. */
  revokeToken(tokenId: string): boolean;
}
