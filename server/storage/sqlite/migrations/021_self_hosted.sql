-- Self-hosted environments (storage/port/work.ts): the keys of their workers, stored as SHA-256
-- hashes and scoped to one environment; the work queue (one live item per session, leased to the
-- worker that acknowledged it, queued again when its heartbeats stop); the workers seen polling.
CREATE TABLE environment_keys (
  id              TEXT PRIMARY KEY,
  account_id      TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  environment_id  TEXT NOT NULL REFERENCES environments(id) ON DELETE CASCADE,
  name            TEXT,
  key_hash        TEXT NOT NULL UNIQUE,
  hint            TEXT NOT NULL,
  created_at      TEXT NOT NULL,
  last_used_at    TEXT,
  revoked_at      TEXT
) STRICT;

CREATE INDEX environment_keys_environment ON environment_keys(environment_id, id);

CREATE TABLE environment_work (
  id                   TEXT PRIMARY KEY,
  account_id           TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  environment_id       TEXT NOT NULL REFERENCES environments(id) ON DELETE CASCADE,
  session_id           TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
  state                TEXT NOT NULL CHECK (state IN ('queued', 'starting', 'active', 'stopping', 'stopped')),
  metadata             TEXT NOT NULL,
  polled_at            TEXT,
  polled_by            TEXT,
  acknowledged_at      TEXT,
  started_at           TEXT,
  latest_heartbeat_at  TEXT,
  lease_expires_at     TEXT,
  lease_ttl_seconds    INTEGER NOT NULL DEFAULT 90,
  leases_lost          INTEGER NOT NULL DEFAULT 0,
  stop_requested_at    TEXT,
  stopped_at           TEXT,
  created_at           TEXT NOT NULL
) STRICT;

-- At most one live item per session: a second enqueue finds the first.
CREATE UNIQUE INDEX environment_work_live ON environment_work(session_id) WHERE state <> 'stopped';
CREATE INDEX environment_work_queue ON environment_work(environment_id, state, created_at, id);
CREATE INDEX environment_work_list ON environment_work(environment_id, id);
CREATE INDEX environment_work_leases ON environment_work(lease_expires_at) WHERE lease_expires_at IS NOT NULL;

CREATE TABLE environment_workers (
  environment_id  TEXT NOT NULL REFERENCES environments(id) ON DELETE CASCADE,
  worker_id       TEXT NOT NULL,
  last_polled_at  TEXT NOT NULL,
  PRIMARY KEY (environment_id, worker_id)
) STRICT;

-- Of a waiting run's calls, those a self-hosted environment's worker answers (user.tool_result);
-- the others wait for the user (user.custom_tool_result, user.tool_confirmation).
ALTER TABLE run_waits ADD COLUMN remote TEXT NOT NULL DEFAULT '[]';
-- Until when the worker's answers are awaited; after it, the server answers them with an error.
ALTER TABLE run_waits ADD COLUMN remote_deadline TEXT;
