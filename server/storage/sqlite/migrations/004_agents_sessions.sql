-- Agents (with every version of their configuration), environments, sessions, their threads,
-- their event history and the runs the background worker executes.

CREATE TABLE agents (
  id           TEXT PRIMARY KEY,
  account_id   TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  version      INTEGER NOT NULL,           -- the latest version
  archived_at  TEXT,
  created_at   TEXT NOT NULL,
  updated_at   TEXT NOT NULL
) STRICT;

CREATE INDEX agents_account_id ON agents(account_id, id);

-- One row per version: `GET /agents/{id}?version=N` and the versions list read it.
-- Deleting the agent deletes them (the configuration is unrecoverable).
CREATE TABLE agent_versions (
  agent_id    TEXT NOT NULL REFERENCES agents(id) ON DELETE CASCADE,
  version     INTEGER NOT NULL,
  config      TEXT NOT NULL,   -- JSON: name, model, system, description, tools, mcp_servers, skills, multiagent, metadata
  created_at  TEXT NOT NULL,
  PRIMARY KEY (agent_id, version)
) STRICT;

CREATE TABLE environments (
  id           TEXT PRIMARY KEY,
  account_id   TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  name         TEXT NOT NULL,
  description  TEXT,
  config       TEXT NOT NULL,   -- JSON
  metadata     TEXT NOT NULL DEFAULT '{}',
  archived_at  TEXT,
  created_at   TEXT NOT NULL,
  updated_at   TEXT NOT NULL
) STRICT;

CREATE INDEX environments_account_id ON environments(account_id, id);

-- Sessions keep the agent id and version they run, without a foreign key: deleting an agent
-- leaves its sessions readable (and `terminated`); deleting an environment leaves them too.
CREATE TABLE sessions (
  id                     TEXT PRIMARY KEY,
  account_id             TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  agent_id               TEXT NOT NULL,
  agent_version          INTEGER NOT NULL,
  environment_id         TEXT NOT NULL,
  title                  TEXT,
  status                 TEXT NOT NULL CHECK (status IN ('idle', 'running', 'rescheduling', 'terminated')),
  metadata               TEXT NOT NULL DEFAULT '{}',
  vault_ids              TEXT NOT NULL DEFAULT '[]',   -- JSON array
  environment_variables  TEXT NOT NULL DEFAULT '',     -- normalized NAME=value lines
  archived_at            TEXT,
  created_at             TEXT NOT NULL,
  updated_at             TEXT NOT NULL
) STRICT;

CREATE INDEX sessions_account_id ON sessions(account_id, id);
CREATE INDEX sessions_account_agent ON sessions(account_id, agent_id, id);
CREATE INDEX sessions_agent ON sessions(agent_id);

-- One thread per sub-agent of a coordinator, per session.
CREATE TABLE session_threads (
  id             TEXT PRIMARY KEY,
  session_id     TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
  agent_id       TEXT NOT NULL,
  agent_version  INTEGER NOT NULL,   -- the version of its latest run
  status         TEXT NOT NULL CHECK (status IN ('running', 'idle', 'terminated')),
  created_at     TEXT NOT NULL,
  updated_at     TEXT NOT NULL,
  UNIQUE (session_id, agent_id)
) STRICT;

CREATE INDEX session_threads_session ON session_threads(session_id, id);

-- Runs: a persisted state machine, claimed by the worker with a lease.
--   queued -> running (claimed; lease_expires_at extended by heartbeats) -> completed | failed
-- A run found `running` after a crash (at start-up, or once its lease expired) is queued again
-- or failed with an error event, so a session is never left running forever.
CREATE TABLE runs (
  id                TEXT PRIMARY KEY,
  account_id        TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  session_id        TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
  status            TEXT NOT NULL CHECK (status IN ('queued', 'running', 'completed', 'failed')),
  attempts          INTEGER NOT NULL DEFAULT 0,
  owner             TEXT,   -- the worker instance holding the lease
  claimed_at        TEXT,
  lease_expires_at  TEXT,
  error             TEXT,
  created_at        TEXT NOT NULL,
  updated_at        TEXT NOT NULL
) STRICT;

CREATE INDEX runs_status ON runs(status, id);
CREATE INDEX runs_session ON runs(session_id, status);
-- At most one run in progress per session; turns of one session never overlap.
CREATE UNIQUE INDEX runs_one_running_per_session ON runs(session_id) WHERE status = 'running';

-- The session's history (oldest first by id). `session_thread_id` is the thread an event
-- concerns (null: the session's primary thread). `run_id` ties user messages to the run that
-- answers them.
CREATE TABLE session_events (
  id                 TEXT PRIMARY KEY,
  session_id         TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
  session_thread_id  TEXT,
  type               TEXT NOT NULL,
  body               TEXT NOT NULL DEFAULT '{}',   -- JSON: the kind-specific fields (content, error)
  run_id             TEXT,
  created_at         TEXT NOT NULL
) STRICT;

CREATE INDEX session_events_session ON session_events(session_id, id);
CREATE INDEX session_events_thread ON session_events(session_thread_id, id) WHERE session_thread_id IS NOT NULL;
CREATE INDEX session_events_run ON session_events(run_id) WHERE run_id IS NOT NULL;
