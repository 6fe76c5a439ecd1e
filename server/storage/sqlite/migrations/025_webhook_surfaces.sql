-- Webhook endpoints made through the Anthropic-compatible surface (/v1/organizations/webhooks):
-- `surface` says which API an endpoint belongs to, and so the payload its deliveries carry
-- ('cloud': the native envelope; 'anthropic': the SDK's, whose data adds organization_id and
-- workspace_id). `name` is the SDK's short label (NULL for native endpoints, which have none).

ALTER TABLE webhook_endpoints ADD COLUMN surface TEXT NOT NULL DEFAULT 'cloud'
  CHECK (surface IN ('cloud', 'anthropic'));
ALTER TABLE webhook_endpoints ADD COLUMN name TEXT;
