-- The saved workspace of each session (postgres/workspaceSnapshots.ts): one compressed archive
-- (a zip of the workspace without skills/), replaced at the end of every turn; `generation` counts
-- the saves, so a replica knows whether its local folder is older. Gone with its session.

CREATE TABLE workspace_snapshots (
  session_id  text COLLATE "C" PRIMARY KEY REFERENCES sessions(id) ON DELETE CASCADE,
  generation  bigint NOT NULL,
  archive     bytea NOT NULL,
  size_bytes  bigint NOT NULL,
  updated_at  text COLLATE "C" NOT NULL
);

-- The archive is compressed already: stored out of line without a second compression.
ALTER TABLE workspace_snapshots ALTER COLUMN archive SET STORAGE EXTERNAL;
