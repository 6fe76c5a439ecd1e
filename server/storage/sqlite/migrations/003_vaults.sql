-- Vaults and their credentials. Secret fields live only in `secret_sealed` (AES-256-GCM).

CREATE TABLE vaults (
  id            TEXT PRIMARY KEY,
  account_id    TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  display_name  TEXT NOT NULL,
  metadata      TEXT NOT NULL DEFAULT '{}',
  archived_at   TEXT,
  created_at    TEXT NOT NULL,
  updated_at    TEXT NOT NULL
) STRICT;

CREATE INDEX vaults_account_id ON vaults(account_id, id);

CREATE TABLE vault_credentials (
  id             TEXT PRIMARY KEY,
  vault_id       TEXT NOT NULL REFERENCES vaults(id) ON DELETE CASCADE,
  account_id     TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  display_name   TEXT,
  metadata       TEXT NOT NULL DEFAULT '{}',
  auth_type      TEXT NOT NULL,
  -- The identity of what the credential is for: the MCP server URL, or `env:<secret_name>`.
  target         TEXT NOT NULL,
  auth_public    TEXT NOT NULL,   -- the auth object without secret fields (JSON)
  secret_sealed  TEXT NOT NULL,   -- the secret fields, sealed with the service key
  archived_at    TEXT,
  created_at     TEXT NOT NULL,
  updated_at     TEXT NOT NULL
) STRICT;

CREATE INDEX vault_credentials_vault_id ON vault_credentials(vault_id, id);
-- One active credential per target per vault.
CREATE UNIQUE INDEX vault_credentials_active_target
  ON vault_credentials(vault_id, target) WHERE archived_at IS NULL;
