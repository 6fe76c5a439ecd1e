-- Files (`file_` ids) and session resources (`sres_` ids), docs/files.md. A file's bytes are in
-- blob_chunks under the file's id (postgres/blobs.ts), 1 MiB a row, so that every replica reads
-- what any of them stored. A session's outputs are files whose scope is the session (deleted with
-- it); `output_path` is the output's path under /mnt/session/outputs/ and `sha256` tells an
-- unchanged output from a rewritten one.
CREATE TABLE files (
  id                text COLLATE "C" PRIMARY KEY,
  account_id        text COLLATE "C" NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  filename          text COLLATE "C" NOT NULL,
  mime_type         text COLLATE "C" NOT NULL,
  size_bytes        bigint NOT NULL,
  sha256            text COLLATE "C" NOT NULL,
  scope_session_id  text COLLATE "C" REFERENCES sessions(id) ON DELETE CASCADE,
  output_path       text COLLATE "C",
  created_at        text COLLATE "C" NOT NULL,
  expires_at        text COLLATE "C"
);

CREATE INDEX files_account_id ON files(account_id, id);
CREATE INDEX files_scope ON files(scope_session_id, id);
CREATE UNIQUE INDEX files_session_output ON files(scope_session_id, output_path) WHERE output_path IS NOT NULL;

CREATE TABLE session_resources (
  id            text COLLATE "C" PRIMARY KEY,
  session_id    text COLLATE "C" NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
  account_id    text COLLATE "C" NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  type          text COLLATE "C" NOT NULL,
  file_id       text COLLATE "C" REFERENCES files(id) ON DELETE CASCADE,
  url           text COLLATE "C",
  checkout      text COLLATE "C",
  token_sealed  text COLLATE "C",
  mount_path    text COLLATE "C" NOT NULL,
  created_at    text COLLATE "C" NOT NULL,
  updated_at    text COLLATE "C" NOT NULL
);

CREATE INDEX session_resources_session ON session_resources(session_id, id);
CREATE INDEX session_resources_file ON session_resources(file_id);

-- The blob store: a blob's bytes in order, `seq` from 0. No foreign key: a blob is written before
-- its file's row (which names it) and removed after it; blobs no row names for an hour are swept.
CREATE TABLE blob_chunks (
  blob_key    text COLLATE "C" NOT NULL,
  seq         integer NOT NULL,
  data        bytea NOT NULL,
  created_at  text COLLATE "C" NOT NULL,
  PRIMARY KEY (blob_key, seq)
);
CREATE INDEX blob_chunks_created ON blob_chunks(created_at) WHERE seq = 0;
