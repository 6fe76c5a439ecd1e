-- Service-wide facts (for example the check value that proves the secret key matches this
-- database), and indexes that keep filtered lists keyset-cheap.

CREATE TABLE service_meta (
  key    TEXT PRIMARY KEY,
  value  TEXT NOT NULL
) STRICT;

-- Lists hide archived records by default: walk only the active ones in id order.
CREATE INDEX vaults_account_active ON vaults(account_id, id) WHERE archived_at IS NULL;
CREATE INDEX agents_account_active ON agents(account_id, id) WHERE archived_at IS NULL;
CREATE INDEX environments_account_active ON environments(account_id, id) WHERE archived_at IS NULL;
CREATE INDEX sessions_account_active ON sessions(account_id, id) WHERE archived_at IS NULL;

-- GET /webhook_events?event_type=...
CREATE INDEX webhook_deliveries_account_type ON webhook_deliveries(account_id, event_type, id);
