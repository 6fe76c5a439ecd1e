-- A turn paused for the user (custom tool calls to answer, tool calls to confirm): its run is
-- queued again but not claimable while its row here lists event ids still unanswered (a JSON
-- array). The last answer deletes the row; the run (and the session's later runs) may start then.
-- Kept in the database, so a paused turn survives a restart.
CREATE TABLE run_waits (
  run_id      TEXT PRIMARY KEY REFERENCES runs(id) ON DELETE CASCADE,
  session_id  TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
  pending     TEXT NOT NULL,
  created_at  TEXT NOT NULL
) STRICT;

CREATE INDEX run_waits_session ON run_waits(session_id);
