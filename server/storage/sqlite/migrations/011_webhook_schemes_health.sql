-- Webhooks beyond the anchors: a signing scheme per endpoint, a previous secret that keeps
-- signing until it expires (rotation), why an endpoint is disabled, and when its current failure
-- streak began (sustained-failure disable).

ALTER TABLE webhook_endpoints ADD COLUMN signing_scheme TEXT NOT NULL DEFAULT 'webhook_signature'
  CHECK (signing_scheme IN ('webhook_signature', 'standard_webhooks'));
-- The secret a rotation replaced, sealed like secret_sealed (bound to the endpoint id); it signs
-- next to the current one while previous_secret_expires_at is in the future, and is cleared
-- (NULL) once it has expired.
ALTER TABLE webhook_endpoints ADD COLUMN previous_secret_sealed TEXT;
ALTER TABLE webhook_endpoints ADD COLUMN previous_secret_expires_at TEXT;
-- NULL while active; otherwise 'gone' (answered 410), 'failing' (sustained failure) or 'manual'.
ALTER TABLE webhook_endpoints ADD COLUMN disabled_reason TEXT
  CHECK (disabled_reason IS NULL OR disabled_reason IN ('gone', 'failing', 'manual'));
-- The first failed attempt since the last success (NULL while the last attempt succeeded).
ALTER TABLE webhook_endpoints ADD COLUMN failing_since TEXT;

-- Endpoints disabled before this migration were disabled by hand.
UPDATE webhook_endpoints SET disabled_reason = 'manual' WHERE active = 0;

-- Expired previous secrets are cleared on the claim path: find them without a scan.
CREATE INDEX webhook_endpoints_previous_secret ON webhook_endpoints(previous_secret_expires_at)
  WHERE previous_secret_expires_at IS NOT NULL;

-- POST /webhook_endpoints/{id}/recover: the dead records of one endpoint in a created_at window.
CREATE INDEX webhook_deliveries_endpoint_dead ON webhook_deliveries(endpoint_id, created_at)
  WHERE status = 'dead';
