-- Deployments (an agent bound to a cron schedule or a manual trigger) and their runs.
--
-- Firing is driven by rows: `next_run_at` holds the next fire time of every deployment that can
-- fire (active, not archived, cron); it is NULL otherwise. The scheduler claims due rows by
-- advancing `next_run_at` in the transaction that records the run, and a unique
-- (deployment_id, scheduled_at) decides who fires: a restart or a second process never doubles
-- a run.
CREATE TABLE deployments (
  id                      TEXT PRIMARY KEY,
  account_id              TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  name                    TEXT NOT NULL,
  description             TEXT,
  agent_id                TEXT NOT NULL,               -- no foreign key: a deleted agent pauses the deployment at its next run
  agent_version           INTEGER,                     -- NULL: the latest version at fire time
  environment_id          TEXT NOT NULL,
  initial_events          TEXT NOT NULL,               -- JSON array of user.message events
  schedule                TEXT NOT NULL,               -- JSON {type:"cron", expression, timezone} | {type:"manual"}
  environment_variables   TEXT NOT NULL DEFAULT '',    -- normalized NAME=value lines
  resources               TEXT NOT NULL DEFAULT '[]',  -- JSON array
  vault_ids               TEXT NOT NULL DEFAULT '[]',  -- JSON array
  metadata                TEXT NOT NULL DEFAULT '{}',
  overlap_policy          TEXT NOT NULL CHECK (overlap_policy IN ('skip', 'allow')),
  catchup_window_seconds  INTEGER NOT NULL DEFAULT 0,
  status                  TEXT NOT NULL CHECK (status IN ('active', 'paused')),
  paused_reason           TEXT,                        -- JSON, NULL while active
  next_run_at             TEXT,
  last_run_at             TEXT,
  archived_at             TEXT,
  created_at              TEXT NOT NULL,
  updated_at              TEXT NOT NULL
) STRICT;

CREATE INDEX deployments_account_id ON deployments(account_id, id);
CREATE INDEX deployments_account_active ON deployments(account_id, id) WHERE archived_at IS NULL;
CREATE INDEX deployments_account_agent ON deployments(account_id, agent_id, id);
-- The scheduler's "what is due next" (MIN) and "what is due now" (range) read only this index.
CREATE INDEX deployments_next_run ON deployments(next_run_at) WHERE next_run_at IS NOT NULL;

CREATE TABLE deployment_runs (
  id             TEXT PRIMARY KEY,
  account_id     TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  deployment_id  TEXT NOT NULL REFERENCES deployments(id) ON DELETE CASCADE,
  agent_id       TEXT NOT NULL,
  agent_version  INTEGER,                -- the version the session runs; NULL when no session was created
  session_id     TEXT,                   -- no foreign key: the session may be deleted, the run stays
  status         TEXT NOT NULL CHECK (status IN ('running', 'succeeded', 'failed', 'skipped')),
  error          TEXT,                   -- JSON {type, message}
  trigger_type   TEXT NOT NULL CHECK (trigger_type IN ('schedule', 'manual')),
  scheduled_at   TEXT,                   -- the fire time (schedule triggers only)
  created_at     TEXT NOT NULL,
  finished_at    TEXT,
  CHECK ((trigger_type = 'schedule') = (scheduled_at IS NOT NULL))
) STRICT;

-- One run per deployment and fire time, whoever fires it (NULLs, the manual runs, are distinct).
CREATE UNIQUE INDEX deployment_runs_fire ON deployment_runs(deployment_id, scheduled_at);
CREATE INDEX deployment_runs_account ON deployment_runs(account_id, id);
CREATE INDEX deployment_runs_account_deployment ON deployment_runs(account_id, deployment_id, id);
-- The end of a session's first turn settles the run that created it; overlap checks look for a running run.
CREATE INDEX deployment_runs_session ON deployment_runs(session_id) WHERE status = 'running';
CREATE INDEX deployment_runs_running ON deployment_runs(deployment_id) WHERE status = 'running';
-- Retention deletes finished runs by their finish time.
CREATE INDEX deployment_runs_finished ON deployment_runs(finished_at) WHERE finished_at IS NOT NULL;
