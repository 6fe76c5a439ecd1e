-- Memory stores: named stores of text files (memories) by path, every change a version.
-- Contents live in `memories.content` (the current one) and `memory_versions.content` (each
-- change's); a redacted version's content is set to NULL with secure_delete on (sqlite/memoryStores.ts).

CREATE TABLE memory_stores (
  id           TEXT PRIMARY KEY,
  account_id   TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  name         TEXT NOT NULL,
  description  TEXT,
  metadata     TEXT NOT NULL DEFAULT '{}',
  archived_at  TEXT,
  created_at   TEXT NOT NULL,
  updated_at   TEXT NOT NULL
) STRICT;

-- A name is unique in its account, archived stores included.
CREATE UNIQUE INDEX memory_stores_account_name ON memory_stores(account_id, name);
CREATE INDEX memory_stores_account_id ON memory_stores(account_id, id);

CREATE TABLE memories (
  id              TEXT PRIMARY KEY,
  store_id        TEXT NOT NULL REFERENCES memory_stores(id) ON DELETE CASCADE,
  path            TEXT NOT NULL,
  content         TEXT NOT NULL,
  content_sha256  TEXT NOT NULL,
  size_bytes      INTEGER NOT NULL,
  created_at      TEXT NOT NULL,
  updated_at      TEXT NOT NULL
) STRICT;

CREATE UNIQUE INDEX memories_store_path ON memories(store_id, path);
CREATE INDEX memories_store_id ON memories(store_id, id);

CREATE TABLE memory_versions (
  id              TEXT PRIMARY KEY,
  store_id        TEXT NOT NULL REFERENCES memory_stores(id) ON DELETE CASCADE,
  memory_id       TEXT NOT NULL,  -- no reference: a deleted memory's versions stay
  path            TEXT NOT NULL,
  operation       TEXT NOT NULL,  -- created | updated | deleted
  content         TEXT,           -- NULL for a delete and once redacted
  content_sha256  TEXT,
  size_bytes      INTEGER NOT NULL,
  author_type     TEXT NOT NULL,  -- api_token | session
  author_id       TEXT NOT NULL,
  redacted_at     TEXT,
  created_at      TEXT NOT NULL
) STRICT;

CREATE INDEX memory_versions_store_id ON memory_versions(store_id, id);
CREATE INDEX memory_versions_memory_id ON memory_versions(store_id, memory_id, id);

-- The memory stores a session was created with (its `resources`), in the order given.
CREATE TABLE session_memory_stores (
  session_id       TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
  position         INTEGER NOT NULL,
  memory_store_id  TEXT NOT NULL REFERENCES memory_stores(id) ON DELETE CASCADE,
  access           TEXT NOT NULL,  -- read_write | read_only
  PRIMARY KEY (session_id, position)
) STRICT;

CREATE INDEX session_memory_stores_store ON session_memory_stores(memory_store_id);
