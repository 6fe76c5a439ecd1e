/**
 * What both adapters' account stores share: the token record query and when a token's use is recorded.
 */

/** An api_tokens row with its account's name: an ApiTokenRecord. */
export const TOKEN_SELECT = `SELECT t.id, t.account_id, a.name AS account_name, t.hint, t.created_at,
  t.last_used_at, t.revoked_at FROM api_tokens t JOIN accounts a ON a.id = t.account_id`;

/** A token's use is recorded at most this often: authentication stays a read on the hot path. */
export const TOKEN_TOUCH_INTERVAL_MS = 60_000;

/** Whether an authentication at `now` records the token's use. */
export const dueForTouch = (lastUsedAt: string | null, now: Date): boolean =>
  !lastUsedAt || now.getTime() - Date.parse(lastUsedAt) > TOKEN_TOUCH_INTERVAL_MS;
