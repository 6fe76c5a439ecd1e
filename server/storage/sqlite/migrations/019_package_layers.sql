-- The builds of package layers (storage/port/packageLayers.ts): one row per distinct package set
-- (the digest of its normalised spec), `building` under a lease, then `ready` or `failed`. The
-- layer itself is the folder under the data directory (one server per SQLite file); `archive`
-- stays null here and exists for the PostgreSQL adapter's shape.
CREATE TABLE package_layers (
  digest            TEXT PRIMARY KEY,
  spec              TEXT NOT NULL,
  state             TEXT NOT NULL CHECK (state IN ('building', 'ready', 'failed')),
  attempts          INTEGER NOT NULL,
  builder           TEXT,
  lease_expires_at  TEXT,
  error             TEXT,
  archive           BLOB,
  size_bytes        INTEGER NOT NULL DEFAULT 0,
  build_ms          INTEGER,
  created_at        TEXT NOT NULL,
  updated_at        TEXT NOT NULL
) STRICT;
