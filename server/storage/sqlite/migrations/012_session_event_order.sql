-- Session events get a commit-ordered sequence number, which streams read by (GET
-- /sessions/{id}/events/stream): `seq` is an INTEGER PRIMARY KEY AUTOINCREMENT, taken while the
-- writing transaction holds the database's write lock, so a later commit always has a larger
-- seq, and a reader that has seen seq N has seen every row below N. Unlike the implicit rowid it
-- is never reused after a delete and never renumbered by VACUUM. The table is rebuilt (SQLite
-- cannot add such a column); existing rows keep their insertion order.

CREATE TABLE session_events_ordered (
  seq                INTEGER PRIMARY KEY AUTOINCREMENT,
  id                 TEXT NOT NULL UNIQUE,
  session_id         TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
  session_thread_id  TEXT,
  type               TEXT NOT NULL,
  body               TEXT NOT NULL DEFAULT '{}',   -- JSON: the kind-specific fields (content, error)
  run_id             TEXT,
  created_at         TEXT NOT NULL
) STRICT;

INSERT INTO session_events_ordered (id, session_id, session_thread_id, type, body, run_id, created_at)
  SELECT id, session_id, session_thread_id, type, body, run_id, created_at FROM session_events ORDER BY rowid;

DROP TABLE session_events;
ALTER TABLE session_events_ordered RENAME TO session_events;

CREATE INDEX session_events_session ON session_events(session_id, id);
CREATE INDEX session_events_thread ON session_events(session_thread_id, id) WHERE session_thread_id IS NOT NULL;
CREATE INDEX session_events_run ON session_events(run_id) WHERE run_id IS NOT NULL;
-- A stream's reads: the events of one session after a sequence number.
CREATE INDEX session_events_session_seq ON session_events(session_id, seq);
