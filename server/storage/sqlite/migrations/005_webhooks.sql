-- Webhook endpoints, their delivery records (one per event and endpoint) and every attempt.

CREATE TABLE webhook_endpoints (
  id                TEXT PRIMARY KEY,
  account_id        TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  url               TEXT NOT NULL,
  events            TEXT NOT NULL,              -- JSON array of kinds, or ["*"]
  all_events        INTEGER NOT NULL DEFAULT 0, -- 1 when events = ["*"]
  description       TEXT,
  metadata          TEXT NOT NULL DEFAULT '{}',
  secret_sealed     TEXT NOT NULL,              -- the signing secret, sealed with the service key
  active            INTEGER NOT NULL DEFAULT 1,
  consecutive_fail  INTEGER NOT NULL DEFAULT 0,
  degraded          INTEGER NOT NULL DEFAULT 0,
  last_success_at   TEXT,
  last_failure_at   TEXT,
  created_at        TEXT NOT NULL,
  updated_at        TEXT NOT NULL
) STRICT;

CREATE INDEX webhook_endpoints_account_id ON webhook_endpoints(account_id, id);

-- A delivery record. It is created in the same transaction as its event (the fan-out in
-- appendEvent), so an event is never committed without its records. `endpoint_id` has no
-- foreign key: deleting an endpoint keeps its records (as `discarded`) for auditing.
-- Timestamps are RFC 3339 UTC with milliseconds, which sort as text in time order.
CREATE TABLE webhook_deliveries (
  id                    TEXT PRIMARY KEY,
  account_id            TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  endpoint_id           TEXT NOT NULL,
  event_seq             INTEGER NOT NULL REFERENCES events(seq) ON DELETE CASCADE,
  event_id              TEXT NOT NULL,
  event_type            TEXT NOT NULL,
  status                TEXT NOT NULL CHECK (status IN ('pending', 'succeeded', 'dead', 'discarded')),
  attempt_count         INTEGER NOT NULL DEFAULT 0,
  -- attempt_count when the current round of attempts began (0, or the count at a manual retry).
  round_start           INTEGER NOT NULL DEFAULT 0,
  next_attempt_at       TEXT,            -- set while pending
  -- The lease of a worker that claimed the record: nobody else sends it until lease_until passes,
  -- so a crashed worker's records are sent again (at-least-once), never lost.
  lease_until           TEXT,
  lease_token           TEXT,
  last_attempt_at       TEXT,
  delivered_at          TEXT,
  last_response_status  INTEGER,
  last_error            TEXT,
  created_at            TEXT NOT NULL,
  updated_at            TEXT NOT NULL
) STRICT;

CREATE INDEX webhook_deliveries_account_id ON webhook_deliveries(account_id, id);
CREATE INDEX webhook_deliveries_endpoint_id ON webhook_deliveries(endpoint_id, id);
-- `GET /webhook_events?status=dead` (the dead-letter queue) pages on an index range too.
CREATE INDEX webhook_deliveries_account_status ON webhook_deliveries(account_id, status, id);
-- The claim path: due records of one endpoint, oldest first (held records come first on enable).
CREATE INDEX webhook_deliveries_due ON webhook_deliveries(endpoint_id, next_attempt_at, id)
  WHERE status = 'pending';
-- When the next retry falls due, to wake the loop on time.
CREATE INDEX webhook_deliveries_next ON webhook_deliveries(next_attempt_at) WHERE status = 'pending';
-- Leases in force (few rows: a lease is cleared when its attempt is recorded).
CREATE INDEX webhook_deliveries_leased ON webhook_deliveries(lease_until) WHERE lease_until IS NOT NULL;

CREATE TABLE webhook_attempts (
  id               INTEGER PRIMARY KEY AUTOINCREMENT,
  delivery_id      TEXT NOT NULL REFERENCES webhook_deliveries(id) ON DELETE CASCADE,
  number           INTEGER NOT NULL,
  started_at       TEXT NOT NULL,
  duration_ms      INTEGER NOT NULL,
  response_status  INTEGER,
  error            TEXT
) STRICT;

CREATE INDEX webhook_attempts_delivery ON webhook_attempts(delivery_id, number);
