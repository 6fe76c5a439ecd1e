-- Accounts, their bearer tokens, and the event outbox.

CREATE TABLE accounts (
  id          TEXT PRIMARY KEY,
  name        TEXT NOT NULL UNIQUE,
  created_at  TEXT NOT NULL
) STRICT;

CREATE TABLE api_tokens (
  id            TEXT PRIMARY KEY,
  account_id    TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  token_hash    TEXT NOT NULL UNIQUE,   -- SHA-256 hex of the token; the token itself is never stored
  hint          TEXT NOT NULL,
  created_at    TEXT NOT NULL,
  last_used_at  TEXT,
  revoked_at    TEXT
) STRICT;

-- The outbox: every event is written in the same transaction as the change that causes it.
-- `payload` holds the serialized envelope, so every delivery and retry sends identical bytes.
CREATE TABLE events (
  seq          INTEGER PRIMARY KEY AUTOINCREMENT,
  id           TEXT NOT NULL UNIQUE,
  account_id   TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  kind         TEXT NOT NULL,
  resource_id  TEXT NOT NULL,
  payload      TEXT NOT NULL,
  created_at   TEXT NOT NULL
) STRICT;

CREATE INDEX events_account_seq ON events(account_id, seq);
