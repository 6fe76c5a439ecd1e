-- Files (`file_` ids) and session resources (`sres_` ids), docs/files.md. A file's bytes are not
-- here: the blob store keeps them under the file's id (SQLite: `<data folder>/files/`, see
-- sqlite/blobs.ts). A session's outputs are files whose scope is the session (deleted with it);
-- `output_path` is the output's path under /mnt/session/outputs/ and `sha256` tells an unchanged
-- output from a rewritten one.
CREATE TABLE files (
  id                TEXT PRIMARY KEY,
  account_id        TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  filename          TEXT NOT NULL,
  mime_type         TEXT NOT NULL,
  size_bytes        INTEGER NOT NULL,
  sha256            TEXT NOT NULL,
  scope_session_id  TEXT REFERENCES sessions(id) ON DELETE CASCADE,
  output_path       TEXT,
  created_at        TEXT NOT NULL,
  expires_at        TEXT
) STRICT;

CREATE INDEX files_account_id ON files(account_id, id);
CREATE INDEX files_scope ON files(scope_session_id, id);
-- One file per output path of a session (a rewritten output replaces its file).
CREATE UNIQUE INDEX files_session_output ON files(scope_session_id, output_path) WHERE output_path IS NOT NULL;

-- The `file` and `github_repository` resources of sessions (memory stores stay in
-- session_memory_stores). A repository's token is sealed with the server's key (crypto/secretBox.ts).
CREATE TABLE session_resources (
  id            TEXT PRIMARY KEY,
  session_id    TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
  account_id    TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  type          TEXT NOT NULL,  -- file | github_repository
  file_id       TEXT REFERENCES files(id) ON DELETE CASCADE,
  url           TEXT,
  checkout      TEXT,           -- JSON, or NULL for the default branch
  token_sealed  TEXT,
  mount_path    TEXT NOT NULL,
  created_at    TEXT NOT NULL,
  updated_at    TEXT NOT NULL
) STRICT;

CREATE INDEX session_resources_session ON session_resources(session_id, id);
CREATE INDEX session_resources_file ON session_resources(file_id);
