-- Self-hosted environments (storage/port/work.ts): the keys of their workers, stored as SHA-256
-- hashes and scoped to one environment; the work queue (one live item per session, leased to the
-- worker that acknowledged it, queued again when its heartbeats stop); the workers seen polling.
CREATE TABLE environment_keys (
  id              text COLLATE "C" PRIMARY KEY,
  account_id      text COLLATE "C" NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  environment_id  text COLLATE "C" NOT NULL REFERENCES environments(id) ON DELETE CASCADE,
  name            text COLLATE "C",
  key_hash        text COLLATE "C" NOT NULL UNIQUE,
  hint            text COLLATE "C" NOT NULL,
  created_at      text COLLATE "C" NOT NULL,
  last_used_at    text COLLATE "C",
  revoked_at      text COLLATE "C"
);

CREATE INDEX environment_keys_environment ON environment_keys(environment_id, id);

CREATE TABLE environment_work (
  id                   text COLLATE "C" PRIMARY KEY,
  account_id           text COLLATE "C" NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  environment_id       text COLLATE "C" NOT NULL REFERENCES environments(id) ON DELETE CASCADE,
  session_id           text COLLATE "C" NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
  state                text COLLATE "C" NOT NULL CHECK (state IN ('queued', 'starting', 'active', 'stopping', 'stopped')),
  metadata             text COLLATE "C" NOT NULL,
  polled_at            text COLLATE "C",
  polled_by            text COLLATE "C",
  acknowledged_at      text COLLATE "C",
  started_at           text COLLATE "C",
  latest_heartbeat_at  text COLLATE "C",
  lease_expires_at     text COLLATE "C",
  lease_ttl_seconds    integer NOT NULL DEFAULT 90,
  leases_lost          integer NOT NULL DEFAULT 0,
  stop_requested_at    text COLLATE "C",
  stopped_at           text COLLATE "C",
  created_at           text COLLATE "C" NOT NULL
);

-- At most one live item per session: a second enqueue finds the first.
CREATE UNIQUE INDEX environment_work_live ON environment_work(session_id) WHERE state <> 'stopped';
CREATE INDEX environment_work_queue ON environment_work(environment_id, state, created_at, id);
CREATE INDEX environment_work_list ON environment_work(environment_id, id);
CREATE INDEX environment_work_leases ON environment_work(lease_expires_at) WHERE lease_expires_at IS NOT NULL;

CREATE TABLE environment_workers (
  environment_id  text COLLATE "C" NOT NULL REFERENCES environments(id) ON DELETE CASCADE,
  worker_id       text COLLATE "C" NOT NULL,
  last_polled_at  text COLLATE "C" NOT NULL,
  PRIMARY KEY (environment_id, worker_id)
);

-- Of a waiting run's calls, those a self-hosted environment's worker answers (user.tool_result);
-- the others wait for the user (user.custom_tool_result, user.tool_confirmation).
ALTER TABLE run_waits ADD COLUMN remote text COLLATE "C" NOT NULL DEFAULT '[]';
-- Until when the worker's answers are awaited; after it, the server answers them with an error.
ALTER TABLE run_waits ADD COLUMN remote_deadline text COLLATE "C";
