-- Idempotency-Key (API.md, "Idempotency and limits"): one row per account and key. While the first
-- request runs, `status` is NULL and `locked_until` bounds how long it may hold the key (a process
-- that died mid-request releases it when the lease ends). Once it completes, the response is kept:
-- its status, content type and body, sealed with the service key (a response may show a secret once,
-- such as a new webhook endpoint's signing_secret). Rows older than 24 h are expired: ignored and
-- replaced on use, and deleted in batches by retention.

CREATE TABLE idempotency_keys (
  account_id    TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  key           TEXT NOT NULL,
  method        TEXT NOT NULL,
  path          TEXT NOT NULL,
  fingerprint   TEXT NOT NULL,   -- SHA-256 hex of the canonical request body
  created_at    TEXT NOT NULL,
  locked_until  TEXT,            -- set while the first request runs
  status        INTEGER,         -- NULL while the first request runs
  content_type  TEXT,
  body_sealed   TEXT,
  completed_at  TEXT,
  PRIMARY KEY (account_id, key)
) STRICT;

CREATE INDEX idempotency_keys_created ON idempotency_keys(created_at);
