-- The builds of package layers (storage/port/packageLayers.ts): one row per distinct package set
-- (the digest of its normalised spec), `building` under a lease, then `ready` (with the layer's
-- archive: the other replicas unpack it rather than build it again) or `failed`.
CREATE TABLE package_layers (
  digest            text COLLATE "C" PRIMARY KEY,
  spec              text NOT NULL,
  state             text NOT NULL CHECK (state IN ('building', 'ready', 'failed')),
  attempts          integer NOT NULL,
  builder           text,
  lease_expires_at  text COLLATE "C",
  error             text,
  archive           bytea,
  size_bytes        bigint NOT NULL DEFAULT 0,
  build_ms          bigint,
  created_at        text COLLATE "C" NOT NULL,
  updated_at        text COLLATE "C" NOT NULL
);

-- The archive is compressed already: stored out of line without a second compression.
ALTER TABLE package_layers ALTER COLUMN archive SET STORAGE EXTERNAL;
