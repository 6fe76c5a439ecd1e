-- Memory stores: named stores of text files (memories) by path, every change a version.
-- Contents live in `memories.content` (the current one) and `memory_versions.content` (each
-- change's); a redacted version's content is set to NULL (postgres/memoryStores.ts).

CREATE TABLE memory_stores (
  id           text COLLATE "C" PRIMARY KEY,
  account_id   text COLLATE "C" NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  name         text COLLATE "C" NOT NULL,
  description  text COLLATE "C",
  metadata     text COLLATE "C" NOT NULL DEFAULT '{}',
  archived_at  text COLLATE "C",
  created_at   text COLLATE "C" NOT NULL,
  updated_at   text COLLATE "C" NOT NULL
);

-- A name is unique in its account, archived stores included.
CREATE UNIQUE INDEX memory_stores_account_name ON memory_stores(account_id, name);
CREATE INDEX memory_stores_account_id ON memory_stores(account_id, id);

CREATE TABLE memories (
  id              text COLLATE "C" PRIMARY KEY,
  store_id        text COLLATE "C" NOT NULL REFERENCES memory_stores(id) ON DELETE CASCADE,
  path            text COLLATE "C" NOT NULL,
  content         text COLLATE "C" NOT NULL,
  content_sha256  text COLLATE "C" NOT NULL,
  size_bytes      integer NOT NULL,
  created_at      text COLLATE "C" NOT NULL,
  updated_at      text COLLATE "C" NOT NULL
);

CREATE UNIQUE INDEX memories_store_path ON memories(store_id, path);
CREATE INDEX memories_store_id ON memories(store_id, id);

CREATE TABLE memory_versions (
  id              text COLLATE "C" PRIMARY KEY,
  store_id        text COLLATE "C" NOT NULL REFERENCES memory_stores(id) ON DELETE CASCADE,
  memory_id       text COLLATE "C" NOT NULL,  -- no reference: a deleted memory's versions stay
  path            text COLLATE "C" NOT NULL,
  operation       text COLLATE "C" NOT NULL,  -- created | updated | deleted
  content         text COLLATE "C",           -- NULL for a delete and once redacted
  content_sha256  text COLLATE "C",
  size_bytes      integer NOT NULL,
  author_type     text COLLATE "C" NOT NULL,  -- api_token | session
  author_id       text COLLATE "C" NOT NULL,
  redacted_at     text COLLATE "C",
  created_at      text COLLATE "C" NOT NULL
);

CREATE INDEX memory_versions_store_id ON memory_versions(store_id, id);
CREATE INDEX memory_versions_memory_id ON memory_versions(store_id, memory_id, id);

-- The memory stores a session was created with (its `resources`), in the order given.
CREATE TABLE session_memory_stores (
  session_id       text COLLATE "C" NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
  position         integer NOT NULL,
  memory_store_id  text COLLATE "C" NOT NULL REFERENCES memory_stores(id) ON DELETE CASCADE,
  access           text COLLATE "C" NOT NULL,  -- read_write | read_only
  PRIMARY KEY (session_id, position)
);

CREATE INDEX session_memory_stores_store ON session_memory_stores(memory_store_id);
